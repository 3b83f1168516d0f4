import { randomBytes } from 'node:crypto';
import { SESSION_TTL_S } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { tokenDigest } from '../../lib/hashing';
import { usersRepository } from '../users/repository';
import { sessionRepository } from './session-repository';

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/** "Last seen" is kept to the minute: at most one write a minute per session, not one per request. */
const SEEN_PRECISION_MS = 60_000;

/**
 * Opaque bearer tokens backed by a sessions row: the server can revoke them (logout, password
 * reset) and they expire after SESSION_TTL_S. Only the token's SHA-256 is stored.
 */
export function createSessionService({ database, clock }: AppDeps) {
  /** Records the request's minute as the session's last sighting, at most once a minute. */
  async function touch(session: { id: string; lastSeenAt: Date | null }, now: Date) {
    if (session.lastSeenAt && now.getTime() - session.lastSeenAt.getTime() < SEEN_PRECISION_MS) {
      return;
    }
    await sessionRepository.touch(
      database.db,
      session.id,
      now,
      new Date(now.getTime() - SEEN_PRECISION_MS),
    );
  }

  return {
    async issue(userId: string, meta: { ip: string; userAgent: string }): Promise<IssuedToken> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await sessionRepository.insert(database.db, {
        userId,
        tokenHash: tokenDigest(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_S * 1000),
        // Signing in is the first use: the next minute's requests write nothing more.
        lastSeenAt: now,
        ipAddress: meta.ip,
        userAgent: meta.userAgent.slice(0, 300),
      });
      return { token, expiresIn: SESSION_TTL_S };
    },

    /** The token's live session and its user (with balance) in one query, or undefined. */
    async resolveWithUser(token: string) {
      const now = clock.now();
      const found = await usersRepository.findBySession(database.db, tokenDigest(token), now);
      if (found) await touch(found.session, now);
      return found;
    },

    async revoke(sessionId: string): Promise<void> {
      await sessionRepository.revoke(database.db, sessionId, clock.now());
    },

    async revokeAllForUser(userId: string): Promise<void> {
      await sessionRepository.revokeAllForUser(database.db, userId, clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
