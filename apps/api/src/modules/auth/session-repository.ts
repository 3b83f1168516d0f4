import { and, eq, gt, isNull } from 'drizzle-orm';
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
      ipAddress: string;
      userAgent: string;
    },
  ): Promise<void> {
    await db.insert(sessions).values(values);
  },

  async findActive(db: DbOrTx, tokenHash: string, now: Date) {
    const rows = await db
      .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .limit(1);
    return rows[0];
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
};
