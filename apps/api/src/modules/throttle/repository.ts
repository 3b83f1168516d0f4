import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateEvents } from '../../db/schema';

/**
 * Counters kept in the database, so several API processes share one view of an attacker.
 */
export const throttleRepository = {
  async record(db: DbOrTx, key: string, at: Date): Promise<void> {
    await db.insert(rateEvents).values({ key, createdAt: at });
  },

  async countSince(db: DbOrTx, key: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gte(rateEvents.createdAt, since)));
    return row?.count ?? 0;
  },

  async clear(db: DbOrTx, key: string): Promise<void> {
    await db.delete(rateEvents).where(eq(rateEvents.key, key));
  },
};
