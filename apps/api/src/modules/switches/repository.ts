import { gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceSwitches } from '../../db/schema';

export type SwitchRow = typeof serviceSwitches.$inferSelect;

export const switchesRepository = {
  /** Services shut down at `now` (a shutdown ends by itself when its time is up). */
  async shutdownAt(db: DbOrTx, now: Date): Promise<Set<string>> {
    const rows = await db
      .select({ service: serviceSwitches.service })
      .from(serviceSwitches)
      .where(gt(serviceSwitches.shutdownUntil, now));
    return new Set(rows.map((r) => r.service));
  },

  /** Every switch row (a service never switched has none). */
  async all(db: DbOrTx): Promise<SwitchRow[]> {
    return db.select().from(serviceSwitches);
  },

  /**
   * The rows of `services`, locked until the transaction ends, so two admins switching the same
   * service record their before-values in the order they applied.
   */
  async lock(db: DbOrTx, services: readonly string[]): Promise<Map<string, SwitchRow>> {
    const rows = await db
      .select()
      .from(serviceSwitches)
      .where(inArray(serviceSwitches.service, [...services]))
      .for('update');
    return new Map(rows.map((r) => [r.service, r]));
  },

  /** Sets (or clears, with null) when a service's shutdown ends. */
  async set(
    db: DbOrTx,
    service: string,
    values: { shutdownUntil: Date | null; reason: string; updatedAt: Date },
  ): Promise<void> {
    await db
      .insert(serviceSwitches)
      .values({ service, ...values })
      .onConflictDoUpdate({
        target: serviceSwitches.service,
        set: {
          shutdownUntil: sql`excluded.shutdown_until`,
          reason: sql`excluded.reason`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  },
};
