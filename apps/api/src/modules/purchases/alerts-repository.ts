import { desc, isNull, sql } from 'drizzle-orm';
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
