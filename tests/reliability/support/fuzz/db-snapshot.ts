import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../apps/api/src/db/client';

/**
 * Tables a refused request may still write, excluded by name from the "nothing changed" check.
 * Each entry says why; everything else (money, users, orders, sessions, plans, audit) must stay
 * byte for byte the same.
 */
export const MAY_CHANGE_ON_REFUSAL: Record<string, string> = {
  // Counters of failed attempts (login, OTP, PIN, identity checks): recording a refused attempt
  // is their purpose, so several API processes share one view of an attacker.
  rate_events: 'throttle counters record refused attempts by design',
  // A webhook refused for its signature is counted against the key we check it with: that count
  // is how an operator learns the key is wrong (decision 0045).
  supplier_webhooks: 'refused webhook signatures are counted by design',
};

/**
 * Tables a request that got as far as a check of something secret may write when it is refused
 * (judged requests only: a malformed request never gets that far).
 */
export const WRITTEN_BY_REFUSED_ATTEMPTS: Record<string, string> = {
  // A wrong sign-up or reset code counts an attempt against the code (five and it is spent).
  otp_codes: 'a wrong code counts an attempt against the code it was checked with',
};

/** One row per table: its row count and an md5 of its rows in a fixed order. */
export type Snapshot = Map<string, { rows: number; md5: string }>;

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

let tablesCache: string[] | undefined;

/** Every table of the app's schema (read from information_schema, so new tables are included). */
export async function appTables(db: DbOrTx): Promise<string[]> {
  tablesCache ??= (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((r) => r.name);
  return tablesCache;
}

/** The whole database's fingerprint, in one statement. */
export async function snapshot(db: DbOrTx): Promise<Snapshot> {
  const tables = (await appTables(db)).filter((name) => !(name in MAY_CHANGE_ON_REFUSAL));
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*)::int as rows,
              coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5
       from public."${name}" t`,
  );
  const rows = await rowsOf<{ name: string; rows: number; md5: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  );
  return new Map(rows.map((r) => [r.name, { rows: Number(r.rows), md5: r.md5 }]));
}

/** The tables whose rows differ, with their counts before and after. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name)?.md5 !== after.get(name)?.md5)
    .map((name) => `${name} (${before.get(name)?.rows ?? 0} → ${after.get(name)?.rows ?? 0} rows)`);
}
