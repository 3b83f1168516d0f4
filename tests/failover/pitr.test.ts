import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreToTime, startRestored, stopRestored } from '../../scripts/ha/restore';
import {
  haDown,
  haUp,
  layout,
  leaderIndex,
  pgbackrest,
  writeUrl,
  type HaOptions,
} from '../../scripts/ha/topology';
import { startCluster, type Cluster } from '../reliability/support/cluster/cluster';
import { waitForOrdersToEnd } from '../reliability/support/cluster/orders';
import { expectMoneyInvariantsAt } from '../reliability/support/invariants';
import { startBurst } from './support/burst';

/**
 * Point-in-time recovery (`npm run test:pitr`): the topology takes its base backup and archives
 * every WAL segment with pgBackRest; the API runs a load, the test notes a time T, more load
 * follows, then the cluster is destroyed (every member's data directory deleted). pgBackRest
 * restores to T into a fresh data directory; there the ledger audit must be clean and every
 * wallet hold exactly its balance at T.
 */

const CUSTOMERS = 6;
const LOAD_MS = 4_000;
const RESTORED_PORT = 15464;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const WALLETS =
  "select id, balance_kobo::bigint::text as balance from ledger_accounts where kind = 'user_wallet' order by id";

describe('point-in-time recovery from the pgBackRest repository', () => {
  const ha: HaOptions = {
    workDir: mkdtempSync(path.join(tmpdir(), 'owo-pitr-')),
    scope: 'owo',
    ports: {
      etcdClient: 12399,
      etcdPeer: 12400,
      postgres: [15462, 15463],
      patroniRest: [18038, 18039],
      haproxyWrite: 15530,
      haproxyRead: 15531,
    },
  };
  let cluster: Cluster | undefined;
  const restored = path.join(ha.workDir, 'restored');

  afterAll(async () => {
    await cluster?.stop().catch(() => {});
    try {
      stopRestored(restored);
    } catch {
      // not started
    }
    await haDown(ha);
    rmSync(ha.workDir, { recursive: true, force: true });
  }, 300_000);

  it('restores to a noted time T: audit clean, every wallet at its balance at T', async () => {
    const started = Date.now();
    // ha:up takes the base backup (a full pgBackRest backup) once the cluster is up.
    await haUp(ha);
    cluster = await startCluster({
      adminUrl: writeUrl(ha),
      processes: 1,
      users: CUSTOMERS,
      // A refused VTpass order would move to DataStation: a move whose commit is cut off never
      // calls DataStation, and its order rightly waits for an admin (seed's airtimeRoute).
      airtimeRoute: ['vtpass'],
      env: {
        RECONCILER_INTERVAL_MS: '300',
        PROVIDER_TIMEOUT_MS: '1400',
        LIMIT_UNVERIFIED_DAILY_NAIRA: '1000000000',
        LIMIT_UNVERIFIED_BALANCE_NAIRA: '1000000000',
      },
    });
    const database = cluster.database;

    const load = async () => {
      const burst = startBurst(cluster!, CUSTOMERS, ['purchase', 'transfer']);
      await sleep(LOAD_MS);
      const operations = await burst.stop();
      await waitForOrdersToEnd(database, 120_000);
      return operations.length;
    };

    const before = await load();
    // T: a moment with no write in flight (the load stopped, every order ended); the balances
    // read now are the balances at T.
    const atT = await database.query<{ id: string; balance: string }>(WALLETS);
    const [{ t }] = (await database.query<{ t: string }>(
      "select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as t",
    )) as [{ t: string }];
    await sleep(1_000);
    const after = await load();
    const moved = await database.query<{ id: string; balance: string }>(WALLETS);
    // The load after T really changed balances: the restore has something to leave out.
    expect(moved).not.toEqual(atT);
    // Every WAL segment up to now in the repository (a segment switch, then the archive check).
    const leader = (await leaderIndex(ha)) ?? 0;
    pgbackrest(ha, leader, ['check']);
    const databaseName = database.name;
    // The API stopped, its database left in place (cluster.stop() would drop it, and the drop
    // would be archived too): afterAll's stop finds the server gone and only cleans up.
    for (const api of cluster.apis) await api.stop();
    await cluster.nginx.close();
    await cluster.sandbox.stop();

    // Destroyed: every daemon stopped and every member's data gone; the repository remains.
    await haDown(ha);
    for (let i = 0; i < ha.ports.postgres.length; i += 1) {
      rmSync(layout(ha).member(i).data, { recursive: true, force: true });
    }

    const restoreStarted = Date.now();
    restoreToTime(ha, t, restored);
    startRestored(ha, restored, RESTORED_PORT);
    const url = `postgres://postgres@127.0.0.1:${RESTORED_PORT}/${databaseName}`;
    // Accepting connections is not done: replay goes on until T, then the server promotes.
    for (;;) {
      // Asked of the server's own database: the load's may not be replayed yet.
      const [row] = await query<{ recovering: boolean }>(
        `postgres://postgres@127.0.0.1:${RESTORED_PORT}/postgres`,
        'select pg_is_in_recovery() as recovering',
      );
      if (!row?.recovering) break;
      if (Date.now() - restoreStarted > 300_000) throw new Error('recovery did not end');
      await sleep(250);
    }
    const restoredWallets = await query<{ id: string; balance: string }>(url, WALLETS);
    expect(restoredWallets).toEqual(atT);
    await expectMoneyInvariantsAt(url);
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    console.log(`pitr: restored to ${t}, wallets ${restoredWallets.length} equal, audit ok`);
    console.log(
      `pitr: ${before} operations before T, ${after} after; restore and replay ${restoreSeconds.toFixed(1)} s, whole test ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
