import pg from 'pg';

/** The same server and credentials as the admin URL, another database. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const NAME = /^[a-z0-9_]+$/;

export async function createDatabase(adminUrl: string, name: string) {
  if (!NAME.test(name)) throw new Error(`bad database name ${name}`);
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
}

export async function dropDatabase(adminUrl: string, name: string) {
  if (!NAME.test(name)) throw new Error(`bad database name ${name}`);
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** Starts every measured pass from the same place: dirty buffers written, WAL recycled. */
export async function checkpoint(adminUrl: string) {
  await withAdmin(adminUrl, (c) => c.query('checkpoint'));
}

export interface ServerInfo {
  version: string;
  settings: Record<string, string>;
}

export async function serverInfo(adminUrl: string): Promise<ServerInfo> {
  return withAdmin(adminUrl, async (c) => {
    const version =
      (await c.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ??
      '?';
    const names = [
      'max_connections',
      'shared_buffers',
      'synchronous_commit',
      'fsync',
      'wal_level',
      'max_wal_size',
      'shared_preload_libraries',
    ];
    const rows = await c.query<{ name: string; setting: string }>(
      'select name, current_setting(name) as setting from pg_settings where name = any($1)',
      [names],
    );
    const settings = Object.fromEntries(rows.rows.map((r) => [r.name, r.setting]));
    return { version, settings };
  });
}

export interface DatabaseStats {
  xactCommit: number;
  xactRollback: number;
  tupReturned: number;
  tupFetched: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  /** pg_stat_user_tables of the history rows: updates, and of them HOT ones (no index entry). */
  transactionsUpdated: number;
  transactionsHotUpdated: number;
}

/**
 * pg_stat_database for one database. Backends report to it at most once a second while busy
 * (and within ~10 s when idle), so a delta over a window of seconds is approximate; the bench
 * reads it after the API has exited, when every backend has reported.
 */
export async function databaseStats(adminUrl: string, name: string): Promise<DatabaseStats> {
  return withAdmin(adminUrl, async (c) => {
    const { rows } = await c.query<Record<string, string>>(
      `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated,
              tup_deleted
         from pg_stat_database where datname = $1`,
      [name],
    );
    const r = rows[0] ?? {};
    const n = (k: string) => Number(r[k] ?? 0);
    // Per-table statistics live in the database itself (none in pgbench's: zeros there).
    const table = await withAdmin(databaseUrl(adminUrl, name), (d) =>
      d.query<{ upd: string; hot: string }>(
        `select n_tup_upd as upd, n_tup_hot_upd as hot
           from pg_stat_user_tables where relname = 'transactions'`,
      ),
    );
    const t = table.rows[0];
    return {
      xactCommit: n('xact_commit'),
      xactRollback: n('xact_rollback'),
      tupReturned: n('tup_returned'),
      tupFetched: n('tup_fetched'),
      tupInserted: n('tup_inserted'),
      tupUpdated: n('tup_updated'),
      tupDeleted: n('tup_deleted'),
      transactionsUpdated: Number(t?.upd ?? 0),
      transactionsHotUpdated: Number(t?.hot ?? 0),
    };
  });
}

export function statsDelta(after: DatabaseStats, before: DatabaseStats): DatabaseStats {
  const out = { ...after };
  for (const key of Object.keys(out) as (keyof DatabaseStats)[]) out[key] -= before[key];
  return out;
}
