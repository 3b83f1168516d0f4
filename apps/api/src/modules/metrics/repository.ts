import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export const metricsRepository = {
  /**
   * Unresolved purchases and the age of the oldest, in one read. The condition is the partial
   * index purchases_open_idx's, so the scan stays on the (small) set of open orders.
   */
  async pendingOrders(db: DbOrTx, now: Date): Promise<{ count: number; oldestAgeSeconds: number }> {
    // The epoch as a number: drivers differ in how they hand back a bare timestamp.
    const result = (await db.execute(
      sql`select count(*)::int as count, extract(epoch from min(created_at))::float8 as oldest
          from purchases where state in ('processing', 'pending')`,
    )) as unknown as { rows: { count: number | string; oldest: number | string | null }[] };
    const row = result.rows[0];
    const oldest =
      row?.oldest === null || row?.oldest === undefined ? undefined : Number(row.oldest);
    return {
      count: Number(row?.count ?? 0),
      oldestAgeSeconds: oldest === undefined ? 0 : Math.max(0, now.getTime() / 1000 - oldest),
    };
  },
};
