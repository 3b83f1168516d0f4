import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../apps/api/src/db/client';

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A digest of every row of every table of the app's schema, per table: a refused call must leave
 * all of them as they were (counts alone would miss an update such as a role change or a price).
 */
export async function snapshotTables(db: DbOrTx): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ digest: string | null; n: number }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest,
                 count(*)::int as n
          from ${sql.identifier(name)} t`,
    );
    snapshot[name] = `${row?.n ?? 0}:${row?.digest ?? ''}`;
  }
  return snapshot;
}

/** The tables whose digest changed between two snapshots. */
export function changedTables(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
