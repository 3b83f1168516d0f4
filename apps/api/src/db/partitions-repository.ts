import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

/**
 * The time-partitioned tables' upkeep (decision 0085): pg_partman's maintenance, called from our
 * job runner rather than its background worker (no shared_preload_libraries change), and a look
 * at each managed table's DEFAULT partition.
 */

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const partitionsRepository = {
  /** The schema pg_partman was created in (migration 0031), or null where it is absent. */
  async partmanSchema(db: DbOrTx): Promise<string | null> {
    const found = await rows<{ schema: string }>(
      db,
      sql`select n.nspname as schema from pg_extension e
            join pg_namespace n on n.oid = e.extnamespace
           where e.extname = 'pg_partman'`,
    );
    return found[0]?.schema ?? null;
  },

  /**
   * Premakes each managed table's partitions ahead, in one transaction, in UTC: pg_partman
   * truncates to months in the session's time zone, and the migration made the first bounds in
   * UTC. Answers the tables it maintained and the rows their DEFAULT partitions hold: a row there
   * dated in a month that has no partition yet stops pg_partman creating that month's, so it is
   * reported (jobs/partition-maintenance.ts logs it).
   */
  async runMaintenance(
    db: Db,
    schema: string,
  ): Promise<{ managed: string[]; defaultRows: number }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('TimeZone', 'UTC', true)`);
      const parents = await rows<{ parent: string }>(
        tx,
        sql`select parent_table as parent from ${sql.identifier(schema)}.part_config
             order by parent_table`,
      );
      let defaultRows = 0;
      for (const { parent } of parents) {
        await tx.execute(
          sql`select ${sql.identifier(schema)}.run_maintenance(
                p_parent_table := ${parent}, p_analyze := false, p_jobmon := false)`,
        );
        const [table, ...rest] = parent.split('.');
        const inDefault = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n
                from ${sql.identifier(table!)}.${sql.identifier(`${rest.join('.')}_default`)}`,
        );
        defaultRows += inDefault[0]?.n ?? 0;
      }
      return { managed: parents.map((p) => p.parent), defaultRows };
    });
  },
};
