import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plans } from '../../db/schema';
import type { NewPlan, PlanRow } from '../catalogue/repository';

/** Which plans a route may touch: one supplier's plans of one category. */
export interface PlanScope {
  supplier: PlanRow['supplier'];
  category: PlanRow['category'];
}

/** The admin's writes to the plans table (reads of lists reuse catalogueRepository.list). */
export const adminPlansRepository = {
  /** A plan of the scope, locked for the change that follows. */
  async findForUpdate(db: DbOrTx, scope: PlanScope, id: string): Promise<PlanRow | undefined> {
    const [row] = await db
      .select()
      .from(plans)
      .where(
        and(
          eq(plans.id, id),
          eq(plans.supplier, scope.supplier),
          eq(plans.category, scope.category),
        ),
      )
      .for('update');
    return row;
  },

  async update(
    db: DbOrTx,
    id: string,
    set: Partial<Pick<PlanRow, 'sellingKobo' | 'isAvailable'>>,
  ): Promise<PlanRow> {
    const [row] = await db
      .update(plans)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning();
    if (!row) throw new Error(`plan ${id} vanished while locked`);
    return row;
  },

  /**
   * Whether the supplier already has a plan with this id, under any service: purchases find an
   * in-house plan by its supplier id alone, so one id must name one plan.
   */
  async externalIdTaken(db: DbOrTx, scope: PlanScope, externalId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: plans.id })
      .from(plans)
      .where(
        and(
          eq(plans.supplier, scope.supplier),
          eq(plans.category, scope.category),
          eq(plans.externalId, externalId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Inserts a plan; undefined when the same supplier plan was inserted meanwhile. */
  async insert(db: DbOrTx, row: NewPlan): Promise<PlanRow | undefined> {
    const [inserted] = await db.insert(plans).values(row).onConflictDoNothing().returning();
    return inserted;
  },
};
