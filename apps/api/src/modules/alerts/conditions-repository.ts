import { and, count, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { unionAll } from 'drizzle-orm/pg-core';
import { purchases, supplierRefusals, transactions } from '../../db/schema';

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
   * Per supplier, the orders placed since `since` that have settled with it and how many of them
   * failed, plus the refusals the airtime fallback rescued since then (each a failed attempt of
   * the supplier that refused). The window is read through the transactions' created_at index
   * (purchases has none on it); an order and its transaction are written together.
   */
  async attemptsBySupplier(db: DbOrTx, since: Date) {
    const settled = db
      .select({
        supplier: sql<string>`${purchases.supplier}`.as('supplier'),
        attempts: count().as('attempts'),
        failed: sql<number>`count(*) filter (where ${purchases.state} = 'failed')`.as('failed'),
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
    const refused = db
      .select({
        supplier: supplierRefusals.supplier,
        attempts: count().as('attempts'),
        failed: count().as('failed'),
      })
      .from(supplierRefusals)
      .where(gte(supplierRefusals.createdAt, since))
      .groupBy(supplierRefusals.supplier);
    const both = unionAll(settled, refused).as('both');
    return db
      .select({
        supplier: both.supplier,
        attempts: sql<number>`sum(${both.attempts})`.mapWith(Number),
        failed: sql<number>`sum(${both.failed})`.mapWith(Number),
      })
      .from(both)
      .groupBy(both.supplier);
  },
};
