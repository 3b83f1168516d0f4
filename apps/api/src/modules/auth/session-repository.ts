import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const sessionRepository = {
  async insert(
    db: DbOrTx,
    values: {
      userId: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
      lastSeenAt: Date;
      ipAddress: string;
      userAgent: string;
    },
  ): Promise<void> {
    await db.insert(sessions).values(values);
  },

  async revoke(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },

  /** Revokes a live session and says whose it was and when it was to end; undefined: not live. */
  async revokeReturning(db: DbOrTx, id: string, now: Date) {
    const [row] = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt });
    return row;
  },

  /**
   * Whether the user signed in from `ip` since `since` (a session was opened there): such an
   * address is the owner's, and strangers' failures elsewhere do not hold it back (decision 0050).
   */
  async signedInFrom(db: DbOrTx, userId: string, ip: string, since: Date): Promise<boolean> {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(eq(sessions.userId, userId), eq(sessions.ipAddress, ip), gt(sessions.createdAt, since)),
      )
      .limit(1);
    return rows.length > 0;
  },

  async revokeAllForUser(db: DbOrTx, userId: string, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },

  /** Records a request; rows seen within the last `staleBefore` are left alone (one write a minute). */
  async touch(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.id, id),
          or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, staleBefore)),
        ),
      );
  },

  /** The user's live sessions (neither past their lifetime nor idle), most recently used first. */
  async listActive(db: DbOrTx, userId: string, now: Date, idleCutoff: Date) {
    return db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`, idleCutoff),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
      .limit(100);
  },

  /** The unrevoked sessions among `ids` with their times and their user's status. */
  async standingOf(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        userStatus: users.status,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)));
  },

  /** Ends one of the user's sessions; another user's id matches nothing. */
  async revokeOwned(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  /** Ends every session of the user but `keepId`; returns how many it ended. */
  async revokeOthers(db: DbOrTx, userId: string, keepId: string, now: Date): Promise<number> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  },
};
