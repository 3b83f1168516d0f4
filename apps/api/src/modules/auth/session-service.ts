import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { tokenDigest } from '../../lib/hashing';
import { usersRepository } from '../users/repository';
import { sessionRepository } from './session-repository';

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/** "Last seen" is kept to the minute: at most one write a minute per session, not one per request. */
export const SEEN_PRECISION_MS = 60_000;

/**
 * The earliest last sighting a session may have at `now` and still be used (decision 0049). Last
 * use is recorded to the minute, so the minute is added: with the spec's 15 minutes the refusal
 * comes between 15 and 16 minutes after the last request, never before 15 (the app's own timer,
 * which counts taps rather than requests, acts first).
 */
export function idleCutoff(now: Date, idleTimeoutMs: number): Date {
  return new Date(now.getTime() - idleTimeoutMs - SEEN_PRECISION_MS);
}

export type SessionStanding = 'live' | 'idle' | 'expired' | 'ended';

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Opaque bearer tokens backed by a sessions row: the server can revoke them (logout, password
 * reset); they end SESSION_LIFETIME_S after sign-in however much they are used, and sooner when
 * unused for SESSION_IDLE_TIMEOUT_S. Both rules live in the row, so every API process applies the same ones.
 * Only the token's SHA-256 is stored.
 */
export function createSessionService({ database, clock, config }: AppDeps) {
  const lifetimeS = config.sessionLifetimeS;
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

  /** Why a session may no longer be used at `now` (idle, past its lifetime), or undefined. */
  function endedBy(
    session: { createdAt: Date; expiresAt: Date; lastSeenAt: Date | null },
    now: Date,
  ): 'idle' | 'expired' | undefined {
    const lastUse = session.lastSeenAt ?? session.createdAt;
    const idle = lastUse.getTime() <= idleCutoff(now, config.sessionIdleTimeoutMs).getTime();
    const expiresAt = session.expiresAt.getTime();
    if (expiresAt <= now.getTime()) {
      // Whichever rule ended it first is the reason given.
      const idleEnded = lastUse.getTime() + config.sessionIdleTimeoutMs + SEEN_PRECISION_MS;
      return idle && idleEnded < expiresAt ? 'idle' : 'expired';
    }
    return idle ? 'idle' : undefined;
  }

  return {
    async issue(userId: string, meta: { ip: string; userAgent: string }): Promise<IssuedToken> {
      const token = newToken();
      const now = clock.now();
      await sessionRepository.insert(database.db, {
        userId,
        tokenHash: tokenDigest(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimeS * 1000),
        // Signing in is the first use: the next minute's requests write nothing more.
        lastSeenAt: now,
        ipAddress: meta.ip,
        userAgent: meta.userAgent.slice(0, 300),
      });
      return { token, expiresIn: lifetimeS };
    },

    /**
     * The token's live session and its user (with balance) in one query; `'idle'` when the
     * session went unused past the idle limit, `'expired'` when it reached its lifetime first
     * (the reply says which, so the app can tell the person why); undefined when there is none
     * (unknown, revoked). A refused session is never touched, so idleness cannot be undone.
     */
    async resolveWithUser(token: string) {
      const now = clock.now();
      const found = await usersRepository.findBySession(database.db, tokenDigest(token));
      if (!found) return undefined;
      const ended = endedBy(found.session, now);
      if (ended) return ended;
      await touch(found.session, now);
      return found;
    },

    /**
     * Where each session stands now (a live stream's sessions, re-checked when a pulse is sent),
     * by the same rules as a request but without counting as a use: `live`, `idle`, `expired`,
     * or `ended` (revoked, unknown, or its user no longer active).
     */
    async standing(ids: string[]): Promise<Map<string, SessionStanding>> {
      const now = clock.now();
      const rows = await sessionRepository.standingOf(database.db, ids);
      const found = new Map(rows.map((row) => [row.id, row]));
      return new Map(
        ids.map((id): [string, SessionStanding] => {
          const row = found.get(id);
          if (!row || row.userStatus !== 'active') return [id, 'ended'];
          return [id, endedBy(row, now) ?? 'live'];
        }),
      );
    },

    /**
     * A `?token=` link's token for a fresh one (decision 0049): the link's session is revoked and a
     * new one opened for the same user in one transaction, so a link works once however many
     * tabs open it at the same moment. The new session ends when the link's would have: an
     * exchange never lengthens a session's life. Undefined: another exchange or a logout won.
     */
    async exchange(
      sessionId: string,
      meta: { ip: string; userAgent: string },
    ): Promise<(IssuedToken & { userId: string }) | undefined> {
      const token = newToken();
      const now = clock.now();
      const opened = await database.db.transaction(async (tx) => {
        const old = await sessionRepository.revokeReturning(tx, sessionId, now);
        if (!old) return undefined;
        await sessionRepository.insert(tx, {
          userId: old.userId,
          tokenHash: tokenDigest(token),
          createdAt: now,
          expiresAt: old.expiresAt,
          lastSeenAt: now,
          ipAddress: meta.ip,
          userAgent: meta.userAgent.slice(0, 300),
        });
        return old;
      });
      if (!opened) return undefined;
      const expiresIn = Math.max(
        0,
        Math.floor((opened.expiresAt.getTime() - now.getTime()) / 1000),
      );
      return { token, expiresIn, userId: opened.userId };
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
