import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { orderActions, refundedDeliveries, transactions, users } from '../../db/schema';

export type RefundedDeliveryRow = typeof refundedDeliveries.$inferSelect;
type Status = RefundedDeliveryRow['status'];

/** The SQL of refunded orders a supplier delivered after all (decision 0048). */
export const refundedDeliveriesRepository = {
  /** Whether an admin refunded this order on their own word (the forced refund's action row). */
  async refundedByAdmin(db: DbOrTx, transactionId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: orderActions.id })
      .from(orderActions)
      .where(and(eq(orderActions.transactionId, transactionId), eq(orderActions.action, 'refund')))
      .limit(1);
    return row !== undefined;
  },

  /**
   * One row per order, however often the supplier repeats itself, for the amount its history row
   * carries (what the refund gave back); true when this report is the first.
   */
  async record(
    db: DbOrTx,
    row: { transactionId: string; supplier: string; answer: Record<string, unknown>; at: Date },
  ): Promise<boolean> {
    const [order] = await db
      .select({ userId: transactions.userId, amountKobo: transactions.amountKobo })
      .from(transactions)
      .where(eq(transactions.id, row.transactionId));
    if (!order) return false;
    const inserted = await db
      .insert(refundedDeliveries)
      .values({
        transactionId: row.transactionId,
        userId: order.userId,
        supplier: row.supplier,
        amountKobo: order.amountKobo,
        answer: row.answer,
        detectedAt: row.at,
      })
      .onConflictDoNothing()
      .returning({ id: refundedDeliveries.id });
    return inserted.length === 1;
  },

  async lock(tx: Tx, id: string): Promise<RefundedDeliveryRow | undefined> {
    const [row] = await tx
      .select()
      .from(refundedDeliveries)
      .where(eq(refundedDeliveries.id, id))
      .for('update');
    return row;
  },

  /** Moves the row on, only from the states named (a stale decision changes nothing). */
  async resolve(
    tx: Tx,
    id: string,
    change: {
      status: Status;
      from: Status[];
      by?: { id: string | null; email: string };
      at?: Date;
      reason?: string;
    },
  ): Promise<boolean> {
    const rows = await tx
      .update(refundedDeliveries)
      .set({
        status: change.status,
        ...(change.by
          ? {
              resolvedById: change.by.id,
              resolvedByEmail: change.by.email,
              resolvedAt: change.at,
              resolutionReason: change.reason ?? '',
            }
          : {}),
      })
      .where(and(eq(refundedDeliveries.id, id), inArray(refundedDeliveries.status, change.from)))
      .returning({ id: refundedDeliveries.id });
    return rows.length === 1;
  },

  /** Open ones first (oldest first), then the rest newest first; at most `limit`. */
  async list(db: DbOrTx, limit: number) {
    return db
      .select({
        delivery: refundedDeliveries,
        reference: transactions.reference,
        description: transactions.description,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(refundedDeliveries)
      .innerJoin(transactions, eq(transactions.id, refundedDeliveries.transactionId))
      .innerJoin(users, eq(users.id, refundedDeliveries.userId))
      .orderBy(
        sql`(${refundedDeliveries.status} in ('open', 'recovery_requested')) desc`,
        sql`case when ${refundedDeliveries.status} in ('open', 'recovery_requested') then ${refundedDeliveries.detectedAt} end asc`,
        desc(refundedDeliveries.detectedAt),
      )
      .limit(limit);
  },

  /** The alert condition: orders still owed back (neither recovered nor written off). */
  async unresolved(db: DbOrTx): Promise<{ count: number; kobo: number }> {
    const [row] = await db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        kobo: sql<number>`coalesce(sum(${refundedDeliveries.amountKobo}), 0)`.mapWith(Number),
      })
      .from(refundedDeliveries)
      .where(inArray(refundedDeliveries.status, ['open', 'recovery_requested']));
    return { count: row?.n ?? 0, kobo: row?.kobo ?? 0 };
  },
};
