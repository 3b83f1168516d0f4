import { withAdmin } from './databases';
import type { LoadResult } from './load';

/**
 * `npm run bench -- --ha`: the price of durability. The same purchase pass against the single
 * server and against the database tier of `npm run ha:up` (HAProxy's write port, Patroni's
 * leader with a synchronous standby, decision 0051), one after the other in one run. What this
 * file holds: proof that the replicated pass really waited for a standby, and the side-by-side
 * print.
 */

export interface Replication {
  /** The leader's synchronous_standby_names: '' means commits wait for no standby. */
  synchronousStandbyNames: string;
  synchronousCommit: string;
  /** pg_stat_replication on the leader: one row per attached standby. */
  standbys: { name: string; state: string; syncState: string }[];
  /** Whether the server answering is in recovery (true would be a standby: a wrong URL). */
  inRecovery: boolean;
}

/**
 * What the server behind a URL does with a commit. Read before and after the replicated pass: a
 * standby that dropped out during it (synchronous_standby_names emptied by Patroni) would make
 * the figures those of a lone primary, and the report says so instead of passing them off.
 */
export async function replicationState(url: string): Promise<Replication> {
  return withAdmin(url, async (c) => {
    const settings = await c.query<{ names: string; commit: string; recovery: boolean }>(
      `select current_setting('synchronous_standby_names') as names,
              current_setting('synchronous_commit') as commit,
              pg_is_in_recovery() as recovery`,
    );
    const standbys = await c.query<{ name: string; state: string; sync_state: string }>(
      'select application_name as name, state, sync_state from pg_stat_replication order by 1',
    );
    const row = settings.rows[0];
    return {
      synchronousStandbyNames: row?.names ?? '',
      synchronousCommit: row?.commit ?? '?',
      inRecovery: row?.recovery ?? false,
      standbys: standbys.rows.map((r) => ({
        name: r.name,
        state: r.state,
        syncState: r.sync_state,
      })),
    };
  });
}

/** True when every commit of the pass had to reach a standby's disk before it was answered. */
export const isSynchronous = (r: Replication) =>
  !r.inRecovery &&
  r.synchronousStandbyNames !== '' &&
  ['on', 'remote_apply', 'remote_write'].includes(r.synchronousCommit) &&
  r.standbys.some((s) => s.syncState === 'sync' || s.syncState === 'quorum');

export function describeReplication(r: Replication): string {
  const standbys = r.standbys.map((s) => `${s.name} ${s.state}/${s.syncState}`).join(', ');
  return (
    `synchronous_standby_names='${r.synchronousStandbyNames}', synchronous_commit=` +
    `${r.synchronousCommit}, standbys: ${standbys || 'none'}`
  );
}

export interface HaSide {
  url: string;
  load: LoadResult;
  /** The API's time waiting on the database per purchase (round trips summed, commits too). */
  dbMsPerPurchase: number;
}

export interface HaComparison {
  single: HaSide;
  ha: HaSide & { before: Replication; after: Replication };
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
/** A password in a URL is never printed. */
const shown = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

export function printHaComparison(c: HaComparison) {
  const rows: [string, LoadResult, number][] = [
    ['single server', c.single.load, c.single.dbMsPerPurchase],
    ['synchronous standby', c.ha.load, c.ha.dbMsPerPurchase],
  ];
  console.log('\n== purchases: single server vs. synchronous replication (--ha) ==');
  console.log(`  single server        ${shown(c.single.url)}`);
  console.log(`  synchronous standby  ${shown(c.ha.url)} (HAProxy's write port)`);
  console.log(`  replication before   ${describeReplication(c.ha.before)}`);
  console.log(`  replication after    ${describeReplication(c.ha.after)}`);
  if (!isSynchronous(c.ha.before) || !isSynchronous(c.ha.after)) {
    console.log(
      '  WARNING: no synchronous standby at the start or the end of the pass: its figures may be ' +
        "a lone primary's, not the price of synchronous replication",
    );
  }
  const header = ['', 'purchases/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'DB ms'];
  const lines = rows.map(([label, l, dbMs]) => [
    label,
    String(l.purchasesPerSecond),
    String(l.latencyMs.p50),
    String(l.latencyMs.p95),
    String(l.latencyMs.p99),
    String(l.latencyMs.max),
    String(l.errors),
    String(dbMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  for (const line of [header, ...lines]) {
    console.log(
      `  ${line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`,
    );
  }
  console.log('  (DB ms: database round trips per purchase as the API saw them, summed)');
  const s = c.single.load;
  const h = c.ha.load;
  console.log(
    `  synchronous ÷ single: throughput ${round(h.purchasesPerSecond / s.purchasesPerSecond)}×, ` +
      `p99 ${round(h.latencyMs.p99 / s.latencyMs.p99)}×`,
  );
}
