import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { passwordHistory, users } from '../../db/schema';

/** An account's earlier password hashes (decision 0059), newest first. */
export const passwordHistoryRepository = {
  async recent(db: DbOrTx, userId: string, limit: number): Promise<string[]> {
    const rows = await db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(limit);
    return rows.map((row) => row.hash);
  },

  /**
   * The new hash on the user; the replaced one, read under the row's lock (two changes at once
   * each keep what they replaced), into the history, which keeps the newest `keep`.
   */
  async replace(tx: Tx, userId: string, newHash: string, now: Date, keep: number): Promise<void> {
    const [current] = await tx
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    const previousHash = current?.hash ?? null;
    await tx
      .update(users)
      .set({ passwordHash: newHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    if (previousHash === null) return;
    await tx.insert(passwordHistory).values({ userId, passwordHash: previousHash, createdAt: now });
    const kept = tx
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(keep);
    await tx
      .delete(passwordHistory)
      .where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)));
  },
};
