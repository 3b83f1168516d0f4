import { and, eq, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export const pinRepository = {
  async read(db: DbOrTx, userId: string) {
    const rows = await db
      .select({
        pinHash: users.pinHash,
        attempts: users.pinFailedAttempts,
        lockedUntil: users.pinLockedUntil,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return rows[0];
  },

  /**
   * Takes one try before the PIN is checked, in one conditional update, so parallel guesses
   * cannot exceed the limit. A lock that has run out starts the count again. Returns the number
   * of tries now used and the stored PIN, or null when PIN use is locked or no PIN is set.
   */
  async reserveAttempt(
    db: DbOrTx,
    userId: string,
    now: Date,
    maxFailures: number,
    lockUntil: Date,
  ) {
    const lockExpired = and(isNotNull(users.pinLockedUntil), lt(users.pinLockedUntil, now));
    const next = sql`case when ${lockExpired} then 1 else ${users.pinFailedAttempts} + 1 end`;
    const rows = await db
      .update(users)
      .set({
        pinFailedAttempts: next,
        pinLockedUntil: sql`case when ${next} >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else null end`,
      })
      .where(
        and(
          eq(users.id, userId),
          isNotNull(users.pinHash),
          or(isNull(users.pinLockedUntil), lockExpired),
        ),
      )
      .returning({ attempts: users.pinFailedAttempts, pinHash: users.pinHash });
    const row = rows[0];
    return row?.pinHash ? { attempts: row.attempts, pinHash: row.pinHash } : null;
  },

  async resetAttempts(db: DbOrTx, userId: string) {
    await db
      .update(users)
      .set({ pinFailedAttempts: 0, pinLockedUntil: null })
      .where(eq(users.id, userId));
  },

  async setPin(db: DbOrTx, userId: string, pinHash: string) {
    await db
      .update(users)
      .set({ pinHash, pinFailedAttempts: 0, pinLockedUntil: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  },
};
