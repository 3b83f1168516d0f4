import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';

/** A user's PIN state: the hash, the wrong tries in a row, and the lock they earned. */
const pinStateColumns = {
  pinHash: users.pinHash,
  attempts: users.pinFailedAttempts,
  lockedUntil: users.pinLockedUntil,
};

export const pinRepository = {
  async read(db: DbOrTx, userId: string) {
    const rows = await db.select(pinStateColumns).from(users).where(eq(users.id, userId)).limit(1);
    return rows[0];
  },

  /**
   * The user's PIN state, with the row locked until the transaction ends: PIN checks for one user
   * queue here, in the database, whichever API process runs them (docs/decisions/0004). NO KEY
   * UPDATE, not UPDATE: the user's previous order still holds KEY SHARE on this row through its
   * foreign keys until it commits, and a PIN check need not wait for that.
   */
  async lockForCheck(tx: Tx, userId: string) {
    const rows = await tx
      .select(pinStateColumns)
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update')
      .limit(1);
    return rows[0];
  },

  /** Stores a wrong try: the failures in a row now, and the lock they earned (or none). */
  async recordFailure(tx: Tx, userId: string, attempts: number, lockedUntil: Date | null) {
    await tx
      .update(users)
      .set({ pinFailedAttempts: attempts, pinLockedUntil: lockedUntil })
      .where(eq(users.id, userId));
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
