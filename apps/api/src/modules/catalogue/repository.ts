import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanKey = Pick<PlanRow, 'supplier' | 'category'> & { service?: string };

export const catalogueRepository = {
  async count(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(plans);
    return row?.n ?? 0;
  },

  /**
   * Inserts new plans and refreshes the supplier's side (cost, names, sizes) of known ones. Our
   * side (selling price, availability) is the admin's and is left alone.
   */
  async upsert(db: DbOrTx, rows: NewPlan[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(plans)
      .values(rows)
      .onConflictDoUpdate({
        target: [plans.supplier, plans.category, plans.service, plans.externalId],
        set: {
          costKobo: sql`excluded.cost_kobo`,
          name: sql`excluded.name`,
          size: sql`excluded.size`,
          validity: sql`excluded.validity`,
          planType: sql`excluded.plan_type`,
          networkId: sql`excluded.network_id`,
          updatedAt: sql`now()`,
        },
      });
  },

  async list(db: DbOrTx, key: PlanKey, onlyAvailable: boolean): Promise<PlanRow[]> {
    return db
      .select()
      .from(plans)
      .where(
        and(
          eq(plans.supplier, key.supplier),
          eq(plans.category, key.category),
          key.service ? eq(plans.service, key.service) : undefined,
          onlyAvailable ? eq(plans.isAvailable, true) : undefined,
        ),
      )
      .orderBy(asc(plans.service), asc(plans.sellingKobo), asc(plans.externalId));
  },

  async find(db: DbOrTx, key: PlanKey, externalId: string): Promise<PlanRow | undefined> {
    const [row] = await db
      .select()
      .from(plans)
      .where(
        and(
          eq(plans.supplier, key.supplier),
          eq(plans.category, key.category),
          key.service ? eq(plans.service, key.service) : undefined,
          eq(plans.externalId, externalId),
        ),
      )
      .limit(1);
    return row;
  },
};
