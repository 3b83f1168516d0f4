import { and, count, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { purchases, transactions } from '../../db/schema';

/** The figures the alert conditions are computed from. */
export const conditionsRepository = {
  /** Open orders created before the cutoff: how many, and when the oldest was placed. */
  async pendingSince(db: DbOrTx, createdBefore: Date) {
    const [row] = await db
      .select({ n: count(), oldest: min(purchases.createdAt) })
      .from(purchases)
      .where(
        and(
          inArray(purchases.state, ['processing', 'pending']),
          lt(purchases.createdAt, createdBefore),
        ),
      );
    return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
  },

  /**
   * Per supplier, the orders placed since `since` that have settled, and how many of them failed.
   * The window is read through the transactions' created_at index (purchases has none on it);
   * an order and its transaction are written together, so their times agree.
   */
  async settledBySupplier(db: DbOrTx, since: Date) {
    return db
      .select({
        supplier: purchases.supplier,
        settled: count(),
        failed: sql<number>`count(*) filter (where ${purchases.state} = 'failed')`.mapWith(Number),
      })
      .from(transactions)
      .innerJoin(purchases, eq(purchases.transactionId, transactions.id))
      .where(
        and(
          gte(transactions.createdAt, since),
          eq(transactions.type, 'debit'),
          inArray(purchases.state, ['delivered', 'failed']),
        ),
      )
      .groupBy(purchases.supplier);
  },
};
