import { and, eq, gt, inArray, lte, or, isNull, lt, sql, asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys, purchases } from '../../db/schema';

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const OPEN = ['processing', 'pending'] as const;

export const purchasesRepository = {
  async find(db: DbOrTx, transactionId: string): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.transactionId, transactionId))
      .limit(1);
    return row;
  },

  /** False when the order is no longer open (someone resolved it meanwhile). */
  async markPending(
    db: DbOrTx,
    transactionId: string,
    values: {
      lastDescription: string;
      lastAnswer: unknown;
      supplierReference?: string;
      nextCheckAt: Date;
      /** No documented lookup can settle it: it waits for an admin from now (first time kept). */
      needsDecisionAt?: Date;
    },
  ): Promise<boolean> {
    const { supplierReference, needsDecisionAt, ...rest } = values;
    const rows = await db
      .update(purchases)
      .set({
        ...rest,
        // Keep an id learnt earlier when this answer carries none.
        ...(supplierReference ? { supplierReference } : {}),
        ...(needsDecisionAt
          ? {
              needsDecisionAt: sql`coalesce(${purchases.needsDecisionAt}, ${needsDecisionAt.toISOString()}::timestamptz)`,
            }
          : {}),
        state: 'pending',
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(purchases.transactionId, transactionId), inArray(purchases.state, OPEN)))
      .returning({ id: purchases.transactionId });
    return rows.length === 1;
  },

  /** The airtime fallback: the same order (same reservation) moves to another supplier. */
  async switchSupplier(
    db: DbOrTx,
    transactionId: string,
    values: Pick<NewPurchase, 'supplier' | 'request' | 'supplierRequestId' | 'costKobo'> & {
      lastDescription: string;
    },
  ): Promise<boolean> {
    const rows = await db
      .update(purchases)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(purchases.transactionId, transactionId), eq(purchases.state, 'processing')))
      .returning({ id: purchases.transactionId });
    return rows.length === 1;
  },

  /**
   * Claims up to `limit` due orders for one reconciler: FOR UPDATE SKIP LOCKED picks rows no
   * other reconciler is claiming, and the lease (committed at once) keeps them off every other
   * reconciler's list while the requery runs outside any transaction.
   */
  async claimDue(
    tx: DbOrTx,
    now: Date,
    leaseUntil: Date,
    limit: number,
    /** Orders created before this wait for an admin's decision instead. */
    createdAfter: Date,
  ): Promise<PurchaseRow[]> {
    const due = await tx
      .select({ id: purchases.transactionId })
      .from(purchases)
      .where(
        and(
          inArray(purchases.state, OPEN),
          lte(purchases.nextCheckAt, now),
          gt(purchases.createdAt, createdAfter),
          // Nothing a requery can learn: it waits for an admin (needs_decision_at, 0022).
          isNull(purchases.needsDecisionAt),
          or(isNull(purchases.leaseUntil), lt(purchases.leaseUntil, now)),
        ),
      )
      .orderBy(asc(purchases.nextCheckAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(purchases)
      .set({ leaseUntil, attempts: sql`${purchases.attempts} + 1`, updatedAt: sql`now()` })
      .where(
        inArray(
          purchases.transactionId,
          due.map((d) => d.id),
        ),
      )
      .returning();
  },
};

export const idempotencyRepository = {
  async find(db: DbOrTx, userId: string, key: string): Promise<IdempotencyRow | undefined> {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    return row;
  },

  /** False when the key exists already (another request with it committed first). */
  async insert(
    tx: DbOrTx,
    values: { userId: string; key: string; requestHash: string; transactionId: string },
  ): Promise<boolean> {
    const rows = await tx
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  },

  async storeReply(
    db: DbOrTx,
    userId: string,
    key: string,
    status: number,
    body: unknown,
  ): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  },
};
