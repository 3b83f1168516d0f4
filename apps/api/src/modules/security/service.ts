import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@owo/shared/constants';
import { securityMessages, type SessionDto } from '@owo/shared/security';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashSecret, verifySecret } from '../../lib/hashing';
import { sessionRepository } from '../auth/session-repository';
import { idleCutoff } from '../auth/session-service';
import { claim, limitError, release } from '../throttle/limiter';
import { assertPasswordIsNew, replacePassword } from '../users/password-history';
import { usersRepository } from '../users/repository';

/**
 * The Security screen's calls. Every one acts on the caller's own account and sessions only: the
 * user id comes from the session, and a session id of someone else's matches nothing (404).
 */
export function createSecurityService({ database, clock, config }: AppDeps) {
  const db = () => database.db;

  return {
    /**
     * The current password proves the owner (a stolen session alone cannot take the account over).
     * Wrong guesses are counted like logins, per account; the owner's right one gives its attempt
     * back. The other sessions end, as after a reset: whoever knew the old password is out.
     */
    async changePassword(
      userId: string,
      sessionId: string,
      input: { currentPassword: string; newPassword: string },
    ) {
      const user = await usersRepository.findById(db(), userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET');
      const granted = await claim(
        db(),
        [
          {
            key: `password-change:user:${userId}`,
            max: LOGIN_MAX_FAILURES,
            windowMs: LOGIN_FAILURE_WINDOW_MS,
          },
        ],
        clock.now(),
      );
      if (!granted.ok) throw limitError(granted, 'PASSWORD_CHANGE_THROTTLED');
      if (!(await verifySecret(user.passwordHash, input.currentPassword)))
        throw new AppError('CURRENT_PASSWORD_INCORRECT');
      await release(db(), granted);
      await assertPasswordIsNew(db(), user, input.newPassword);
      const passwordHash = await hashSecret(input.newPassword);
      await database.db.transaction(async (tx) => {
        await replacePassword(tx, userId, passwordHash, clock.now());
        await sessionRepository.revokeOthers(tx, userId, sessionId, clock.now());
      });
      return { success: true as const, message: securityMessages.passwordChanged };
    },

    async listSessions(userId: string, sessionId: string) {
      const now = clock.now();
      const rows = await sessionRepository.listActive(
        db(),
        userId,
        now,
        idleCutoff(now, config.sessionIdleTimeoutMs),
      );
      const data: SessionDto[] = rows.map((row) => ({
        _id: row.id,
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
        current: row.id === sessionId,
      }));
      // The device in hand first, then the most recently used.
      data.sort((a, b) => Number(b.current) - Number(a.current));
      return { success: true as const, message: securityMessages.sessionsListed, data };
    },

    async signOutSession(userId: string, sessionId: string, targetId: string) {
      // The current session signs out with Log Out, which also clears the device.
      if (targetId === sessionId) throw new AppError('SESSION_NOT_FOUND');
      const ended = await sessionRepository.revokeOwned(db(), userId, targetId, clock.now());
      if (!ended) throw new AppError('SESSION_NOT_FOUND');
      return { success: true as const, message: securityMessages.sessionSignedOut };
    },

    async signOutOthers(userId: string, sessionId: string) {
      const revoked = await sessionRepository.revokeOthers(db(), userId, sessionId, clock.now());
      return { success: true as const, message: securityMessages.othersSignedOut, revoked };
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
