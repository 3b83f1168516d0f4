import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operatorAlerts } from '../../db/schema';

export type OperatorAlertRow = typeof operatorAlerts.$inferSelect;

/** Operator alerts raised by supplier refusals that only an operator can fix. */
export const alertsRepository = {
  async insert(
    tx: DbOrTx,
    values: Omit<typeof operatorAlerts.$inferInsert, 'id' | 'acknowledgedAt'>,
  ): Promise<void> {
    await tx.insert(operatorAlerts).values(values);
  },

  /**
   * The alert of an order held pending on a reply we cannot place, once per order and message:
   * each requery that gets the same reply again raises nothing more. Run after the order's row
   * is updated in the same transaction, so a concurrent resolver waits on that row and then sees
   * this alert.
   */
  async insertOnce(
    tx: DbOrTx,
    values: Omit<typeof operatorAlerts.$inferInsert, 'id' | 'acknowledgedAt'> & {
      transactionId: string;
    },
  ): Promise<boolean> {
    const [existing] = await tx
      .select({ id: operatorAlerts.id })
      .from(operatorAlerts)
      .where(
        and(
          eq(operatorAlerts.transactionId, values.transactionId),
          eq(operatorAlerts.message, values.message),
        ),
      )
      .limit(1);
    if (existing) return false;
    await tx.insert(operatorAlerts).values(values);
    return true;
  },

  async page(db: DbOrTx, limit: number, offset: number) {
    const items = await db
      .select()
      .from(operatorAlerts)
      .orderBy(desc(operatorAlerts.createdAt))
      .limit(limit)
      .offset(offset);
    const [row] = await db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        open: sql<number>`count(*) filter (where ${isNull(operatorAlerts.acknowledgedAt)})`.mapWith(
          Number,
        ),
      })
      .from(operatorAlerts);
    return { items, total: row?.total ?? 0, open: row?.open ?? 0 };
  },
};
