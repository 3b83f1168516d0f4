import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';

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

  /** The user's live sessions, most recently used first. */
  async listActive(db: DbOrTx, userId: string, now: Date) {
    return db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
      .limit(100);
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
