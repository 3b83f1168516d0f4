import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits, transactions, webhookEvents } from '../../db/schema';
import type { TransactionRow } from '../transactions/repository';

export type DepositRow = typeof deposits.$inferSelect;
export type NewDeposit = typeof deposits.$inferInsert;
export type NewTransactionRow = typeof transactions.$inferInsert;

/** The SQL of deposits and of the webhook events that prove money arrived. */
export const depositsRepository = {
  async insert(db: DbOrTx, values: NewDeposit): Promise<DepositRow> {
    const [row] = await db.insert(deposits).values(values).returning();
    if (!row) throw new Error('insert returned no deposit');
    return row;
  },

  /** Owner-checked: another user's deposit reads as nothing. */
  async findForUser(db: DbOrTx, userId: string, id: string): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(deposits)
      .where(and(eq(deposits.id, id), eq(deposits.userId, userId)))
      .limit(1);
    return row;
  },

  async findBySession(
    db: DbOrTx,
    userId: string,
    sdkSessionId: string,
  ): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(deposits)
      .where(and(eq(deposits.sdkSessionId, sdkSessionId), eq(deposits.userId, userId)))
      .limit(1);
    return row;
  },

  /** The user's newest open checkout of this amount that is still open at `openUntil`. */
  async openCheckoutOf(
    db: DbOrTx,
    userId: string,
    amountKobo: number,
    openUntil: Date,
  ): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.userId, userId),
          eq(deposits.kind, 'checkout'),
          eq(deposits.status, 'pending'),
          eq(deposits.amountKobo, amountKobo),
          sql`${deposits.providerOrderNo} is not null`,
          sql`${deposits.expiresAt} > ${openUntil}`,
        ),
      )
      .orderBy(desc(deposits.createdAt))
      .limit(1);
    return row;
  },

  /** By our order number (PalmPay's orderId/outOrderNo), locked for the credit. */
  async lockByReference(db: DbOrTx, reference: string): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(deposits)
      .where(eq(deposits.reference, reference))
      .limit(1)
      .for('update');
    return row;
  },

  /** What PalmPay answered when the checkout was opened. */
  async storeCheckout(
    db: DbOrTx,
    id: string,
    values: Pick<
      NewDeposit,
      'providerOrderNo' | 'sdkSessionId' | 'payerAccountNo' | 'payerBankName' | 'payerAccountName'
    >,
  ): Promise<DepositRow> {
    const [row] = await db
      .update(deposits)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(deposits.id, id))
      .returning();
    if (!row) throw new Error(`deposit ${id} vanished`);
    return row;
  },

  /**
   * Moves a deposit that has not been credited to failed or expired. A completed deposit never
   * moves again; returns the row when it moved.
   */
  async settleWithoutMoney(
    db: DbOrTx,
    id: string,
    status: 'failed' | 'expired',
    from: DepositRow['status'][] = ['pending'],
  ): Promise<DepositRow | undefined> {
    const [row] = await db
      .update(deposits)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(deposits.id, id), inArray(deposits.status, from)))
      .returning();
    return row;
  },

  /** The credit arrived: completed with what was credited (in the credit's transaction). */
  async complete(
    tx: DbOrTx,
    id: string,
    values: { creditedKobo: number; transactionId: string; providerOrderNo: string },
  ): Promise<void> {
    await tx
      .update(deposits)
      .set({
        status: 'completed',
        creditedKobo: values.creditedKobo,
        transactionId: values.transactionId,
        providerOrderNo: sql`coalesce(${deposits.providerOrderNo}, ${values.providerOrderNo})`,
        updatedAt: sql`now()`,
      })
      .where(eq(deposits.id, id));
  },

  /**
   * A credit to a user's permanent account completes their oldest open intent, if any. SKIP
   * LOCKED: a concurrent credit takes the next one instead of waiting.
   */
  async completeOldestIntent(
    tx: DbOrTx,
    userId: string,
    values: { creditedKobo: number; transactionId: string; providerOrderNo: string },
  ): Promise<void> {
    await tx.execute(sql`
      update ${deposits}
      set status = 'completed', credited_kobo = ${values.creditedKobo},
          transaction_id = ${values.transactionId}, provider_order_no = ${values.providerOrderNo},
          updated_at = now()
      where id = (
        select id from ${deposits}
        where user_id = ${userId} and kind = 'virtual' and status in ('pending', 'expired')
        order by created_at asc, id asc
        limit 1
        for update skip locked
      )`);
  },

  /** Oldest first; for the decision record's ops query and tests. */
  /**
   * Open checkouts nobody has looked at for `idleMs`, oldest first: the sweeper asks PalmPay about
   * them so a payment whose webhook never came is still credited. Touching updated_at claims the
   * rows for this pass (SKIP LOCKED keeps concurrent sweepers apart).
   */
  async claimIdleCheckouts(
    db: DbOrTx,
    now: Date,
    idleMs: number,
    limit: number,
  ): Promise<DepositRow[]> {
    const idleSince = new Date(now.getTime() - idleMs);
    const due = db
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          eq(deposits.kind, 'checkout'),
          eq(deposits.status, 'pending'),
          sql`${deposits.providerOrderNo} is not null`,
          sql`${deposits.updatedAt} <= ${idleSince}`,
        ),
      )
      .orderBy(asc(deposits.updatedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.update(deposits).set({ updatedAt: now }).where(inArray(deposits.id, due)).returning();
  },

  async listForUser(db: DbOrTx, userId: string): Promise<DepositRow[]> {
    return db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, userId))
      .orderBy(asc(deposits.createdAt));
  },

  /**
   * Records a webhook event under its unique id. Answers the new row's id, or undefined when the
   * event was recorded before (a replay, or a concurrent duplicate that committed first: the
   * unique index makes the second insert wait for the first and then do nothing).
   */
  async recordEvent(
    tx: DbOrTx,
    values: { provider: string; eventId: string; kind: string; payload: Record<string, unknown> },
  ): Promise<string | undefined> {
    const [row] = await tx
      .insert(webhookEvents)
      .values(values)
      .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
      .returning({ id: webhookEvents.id });
    return row?.id;
  },

  async updateEvent(
    tx: DbOrTx,
    id: string,
    values: { kind?: string; transactionId?: string },
  ): Promise<void> {
    await tx.update(webhookEvents).set(values).where(eq(webhookEvents.id, id));
  },

  /**
   * The credit's history row. Its reference names PalmPay's order, so one payment can be credited
   * once even if PalmPay reported it under two event ids; undefined when it already exists.
   */
  async insertCredit(tx: DbOrTx, values: NewTransactionRow): Promise<TransactionRow | undefined> {
    const [row] = await tx
      .insert(transactions)
      .values(values)
      .onConflictDoNothing({ target: transactions.reference })
      .returning();
    return row;
  },
};
