import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  adjustmentDailyTotals,
  adjustmentRequests,
  ledgerAccounts,
  transactions,
  users,
} from '../../db/schema';

export type AdjustmentRequestRow = typeof adjustmentRequests.$inferSelect;
export type NewAdjustmentRequest = typeof adjustmentRequests.$inferInsert;

/** A request with what the screen shows beside it: the customer, the wallet now, the reference. */
export interface AdjustmentListRow {
  request: AdjustmentRequestRow;
  email: string;
  firstName: string;
  lastName: string;
  isKycVerified: boolean;
  balanceKobo: number;
  reference: string | null;
}

const listColumns = {
  request: adjustmentRequests,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isKycVerified: users.isKycVerified,
  balanceKobo: sql<number>`coalesce(${ledgerAccounts.balanceKobo}, 0)`.mapWith(Number),
  reference: transactions.reference,
};

function listQuery(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(adjustmentRequests)
    .innerJoin(users, eq(users.id, adjustmentRequests.userId))
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'user_wallet')),
    )
    .leftJoin(transactions, eq(transactions.id, adjustmentRequests.transactionId));
}

/** The SQL of maker–checker requests (decision 0047). */
export const adjustmentRequestsRepository = {
  /**
   * Adds `amountKobo` to the requester's total for the day in one conditional upsert: it answers
   * false, and changes nothing, when the total would pass `limitKobo`. Concurrent requests of one
   * requester queue on the row, so a burst cannot pass the limit together.
   */
  async claimDaily(
    tx: Tx,
    requester: string,
    day: string,
    amountKobo: number,
    limitKobo: number,
  ): Promise<boolean> {
    if (amountKobo > limitKobo) return false;
    const rows = await tx
      .insert(adjustmentDailyTotals)
      .values({ requester, day, totalKobo: amountKobo })
      .onConflictDoUpdate({
        target: [adjustmentDailyTotals.requester, adjustmentDailyTotals.day],
        set: { totalKobo: sql`${adjustmentDailyTotals.totalKobo} + excluded.total_kobo` },
        setWhere: sql`${adjustmentDailyTotals.totalKobo} + excluded.total_kobo <= ${limitKobo}`,
      })
      .returning({ total: adjustmentDailyTotals.totalKobo });
    return rows.length === 1;
  },

  /** A rejected request no longer counts against its requester's day. */
  async releaseDaily(tx: Tx, requester: string, day: string, amountKobo: number): Promise<void> {
    await tx
      .update(adjustmentDailyTotals)
      .set({ totalKobo: sql`greatest(${adjustmentDailyTotals.totalKobo} - ${amountKobo}, 0)` })
      .where(
        and(eq(adjustmentDailyTotals.requester, requester), eq(adjustmentDailyTotals.day, day)),
      );
  },

  async usedOn(db: DbOrTx, requester: string, day: string): Promise<number> {
    const [row] = await db
      .select({ total: adjustmentDailyTotals.totalKobo })
      .from(adjustmentDailyTotals)
      .where(
        and(eq(adjustmentDailyTotals.requester, requester), eq(adjustmentDailyTotals.day, day)),
      );
    return Number(row?.total ?? 0);
  },

  /** Inserts the request; undefined when the requester's Idempotency-Key already filed one. */
  async insert(tx: Tx, row: NewAdjustmentRequest): Promise<AdjustmentRequestRow | undefined> {
    const [created] = await tx
      .insert(adjustmentRequests)
      .values(row)
      .onConflictDoNothing()
      .returning();
    return created;
  },

  async findByKey(
    db: DbOrTx,
    requestedById: string,
    idempotencyKey: string,
  ): Promise<AdjustmentRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(adjustmentRequests)
      .where(
        and(
          eq(adjustmentRequests.requestedById, requestedById),
          eq(adjustmentRequests.idempotencyKey, idempotencyKey),
        ),
      )
      .limit(1);
    return row;
  },

  /**
   * The request, its row locked for this transaction: two admins deciding at once queue here, and
   * the second reads the first one's decision.
   */
  async lock(tx: Tx, id: string): Promise<AdjustmentRequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(adjustmentRequests)
      .where(eq(adjustmentRequests.id, id))
      .for('update');
    return row;
  },

  /** Records the decision, only on a request still pending (the lock above makes it so). */
  async decide(
    tx: Tx,
    id: string,
    decision: Pick<
      AdjustmentRequestRow,
      'status' | 'decidedById' | 'decidedByEmail' | 'decidedAt' | 'decisionReason' | 'capOverride'
    > & { transactionId?: string | null },
  ): Promise<boolean> {
    const rows = await tx
      .update(adjustmentRequests)
      .set(decision)
      .where(and(eq(adjustmentRequests.id, id), eq(adjustmentRequests.status, 'pending')))
      .returning({ id: adjustmentRequests.id });
    return rows.length === 1;
  },

  async one(db: DbOrTx, id: string): Promise<AdjustmentListRow | undefined> {
    const [row] = await listQuery(db).where(eq(adjustmentRequests.id, id)).limit(1);
    return row;
  },

  /** Pending requests oldest first; decided ones newest first. */
  async page(db: DbOrTx, pending: boolean, limit: number, offset: number) {
    const where = pending
      ? eq(adjustmentRequests.status, 'pending')
      : inArray(adjustmentRequests.status, ['approved', 'rejected']);
    const items = await listQuery(db)
      .where(where)
      .orderBy(
        pending ? adjustmentRequests.requestedAt : desc(adjustmentRequests.decidedAt),
        adjustmentRequests.id,
      )
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(adjustmentRequests).where(where);
    return { items, total: total?.n ?? 0 };
  },

  /** The alert condition: requests waiting, and since when. */
  async waiting(db: DbOrTx): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db
      .select({ n: count(), oldest: sql<Date | null>`min(${adjustmentRequests.requestedAt})` })
      .from(adjustmentRequests)
      .where(eq(adjustmentRequests.status, 'pending'));
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return { count: row?.n ?? 0, oldest };
  },
};
