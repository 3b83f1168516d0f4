import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ANALYTICS_PERIODS } from '@owo/shared/constants';
import { createAnalyticsRollup } from '../../apps/api/src/jobs/analytics-rollup';
import {
  insertDepositTransfers,
  insertPurchaseOrders,
  insertPurchaseTransfers,
  insertUsersWithWallets,
  systemAccountShards,
} from './ledger-seed';
import { createSessionService } from '../../apps/api/src/modules/auth/session-service';
import { usersRepository } from '../../apps/api/src/modules/users/repository';
import { startApi, type ApiProcess } from './api-process';
import { offlineDeps } from './offline-deps';
import { timedGet } from './timed-get';
import { openBenchDatabase } from './bench-database';

/**
 * The admin dashboard's analytics at scale: 1,000,000 transactions over the last ~400 days (with
 * their purchases rows and ledger transfers, written set-based with generate_series), the rollup
 * job run once as the server runs it in the background, then every analytics endpoint over HTTP
 * (each period) against the API process, p50/p95/max per call. Target: every p95 under 300 ms.
 */

export const ANALYTICS_TARGET_P95_MS = 300;

export interface AnalyticsBenchResult {
  transactions: number;
  users: number;
  transfers: number;
  seedSeconds: number;
  rollup: { seconds: number; days: number; waiting: number };
  calls: { call: string; n: number; p50: number; p95: number; max: number }[];
  allUnderTarget: boolean;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/**
 * Realistic shape: purchases by product (data and airtime most), deposits (half by bank-transfer
 * checkout), transfers and a few airtime-to-cash payouts; 92% success, 8% failed, and pending only
 * in the last day (the reconciler resolves orders within hours, so old days are settled).
 */
async function seedRows(client: pg.Client, transactions: number, users: number) {
  await client.query(`set synchronous_commit = off`);
  await insertUsersWithWallets(client, { users, prefix: 'analytics', createdWithinDays: 400 });
  // Balances here are only what the total-balance call sums, not reconciled with the transfers.
  await client.query(
    `update ledger_accounts set balance_kobo = (random() * 5000000)::bigint
     where kind = 'user_wallet'`,
  );
  await client.query(
    `insert into transactions (id, user_id, type, service_type, amount_kobo, status, reference,
                               description, metadata, created_at, updated_at)
     select gen_random_uuid(), bu.user_id,
            case when s.kind in ('deposit', 'airtime-to-cash') then 'credit' else 'debit' end,
            s.kind, s.amount, s.status, 'BENCH-' || s.g, 'bench',
            case when s.kind = 'deposit' then
              jsonb_build_object('channel', case when s.g % 2 = 0 then 'bank_transfer'
                                                 else 'virtual_account' end)
            else '{}'::jsonb end,
            s.at, s.at
     from (
       select g, at,
              case when r < 0.30 then 'airtime' when r < 0.62 then 'data'
                   when r < 0.70 then 'cable' when r < 0.78 then 'electricity'
                   when r < 0.82 then 'betting' when r < 0.95 then 'deposit'
                   when r < 0.99 then 'transfer' else 'airtime-to-cash' end as kind,
              (10000 + floor(random() * 2000000))::bigint as amount,
              case when at > now() - interval '1 day' and random() < 0.05 then 'pending'
                   when random() < 0.08 then 'failed' else 'success' end as status,
              1 + (g % $2::int) as un
       from (select g, random() as r, now() - (random() * interval '400 days') as at
             from generate_series(1, $1::int) g) x
     ) s
     join bench_users bu on bu.n = s.un`,
    [transactions, users],
  );
  await insertPurchaseOrders(client);
  // Ledger transfers: the reserve of every purchase, then cost + margin or void; a deposit's
  // credit; an airtime-to-cash payout's margin. Balances are not reconciled.
  await systemAccountShards(client);
  await insertPurchaseTransfers(client);
  await insertDepositTransfers(client);
  await client.query(
    `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo, code,
                                   transaction_id, created_at)
     select gen_random_uuid(), s.asset, s.revenue[1 + abs(hashtext(t.id::text)) % 8],
            t.amount_kobo * 2 / 3, 'swap_margin', t.id, t.created_at
     from transactions t cross join bench_sys s
     where t.service_type = 'airtime-to-cash' and t.status = 'success'`,
  );
  await client.query(`analyze`);
  const count = async (table: string) =>
    Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
  return { transfers: await count('ledger_transfers') };
}

/** Every call the admin dashboard makes, each period. */
export function dashboardPaths(): string[] {
  const paths: string[] = [];
  for (const period of ANALYTICS_PERIODS) {
    paths.push(`/api/admin/analytics/summary?period=${period}`);
    paths.push(`/api/admin/analytics/revenue?period=${period}`);
    paths.push(`/api/admin/analytics/profits?range=${period}`);
  }
  for (const name of [
    'previous-deposits',
    'previous-data-sales',
    'active-users',
    'total-balance',
  ]) {
    paths.push(`/api/admin/analytics/${name}`);
  }
  return paths;
}

/**
 * Each path called `callsEach` times in turn over one keep-alive connection, after two unmeasured
 * calls (connections and plans warm, as on a dashboard already open); p50/p95/max per path.
 */
export async function timeCalls(
  api: ApiProcess,
  paths: string[],
  token: string,
  callsEach: number,
): Promise<AnalyticsBenchResult['calls']> {
  const calls: AnalyticsBenchResult['calls'] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const path of paths) {
      for (let i = 0; i < 2; i += 1) await timedGet(agent, api.port, path, token);
      const times: number[] = [];
      for (let i = 0; i < callsEach; i += 1) {
        const { status, ms } = await timedGet(agent, api.port, path, token);
        if (status !== 200) throw new Error(`${path}: HTTP ${status}\n${api.output()}`);
        times.push(ms);
      }
      times.sort((a, b) => a - b);
      calls.push({
        call: path.replace('/api/admin/analytics/', ''),
        n: times.length,
        p50: round(quantile(times, 0.5)),
        p95: round(quantile(times, 0.95)),
        max: round(times.at(-1) ?? 0),
      });
    }
  } finally {
    agent.destroy();
  }
  return calls;
}

export async function analyticsBench(options: {
  root: string;
  databaseUrl: string;
  dataDir: string;
  sessionSecret: string;
  transactions: number;
  users: number;
  callsEach: number;
  /**
   * False on a database an earlier run seeded and kept (--analytics-reuse-db): no seeding, the
   * figures come from what is there, and the rollup pass only rolls days that ended since.
   */
  seed: boolean;
  /** Called once the seed and the rollup are complete (a kept database is usable from then on). */
  onSeeded?: () => void;
  log: (message: string) => void;
}): Promise<AnalyticsBenchResult> {
  const { log } = options;
  const { config, database } = openBenchDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    sessionSecret: options.sessionSecret,
    poolMax: 4,
  });
  let seedSeconds: number;
  let transfers: number;
  let transactions = options.transactions;
  let users = options.users;
  let token: string;
  let rollup: AnalyticsBenchResult['rollup'];
  try {
    await database.migrate();
    if (options.seed) {
      log(
        `analytics: seeding ${options.transactions.toLocaleString('en-NG')} transactions, ` +
          `${options.users.toLocaleString('en-NG')} users (set-based SQL)…`,
      );
      const seedStarted = performance.now();
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        ({ transfers } = await seedRows(client, options.transactions, options.users));
      } finally {
        await client.end();
      }
      seedSeconds = (performance.now() - seedStarted) / 1000;
      log(
        `analytics: seeded in ${round(seedSeconds)}s (${transfers.toLocaleString('en-NG')} transfers)`,
      );
    } else {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        const count = async (table: string) =>
          Number(
            (await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n,
          );
        transactions = await count('transactions');
        users = await count('users');
        transfers = await count('ledger_transfers');
      } finally {
        await client.end();
      }
      seedSeconds = 0;
      log(
        `analytics: reusing the seeded database (${transactions.toLocaleString('en-NG')} ` +
          `transactions, ${transfers.toLocaleString('en-NG')} transfers)`,
      );
    }

    const deps = offlineDeps(config, database, 'the analytics bench');
    log('analytics: rolling up the finished days (the background job, run once to the end)…');
    const rollupStarted = performance.now();
    const job = createAnalyticsRollup(deps);
    const done = await job.runOnce(100_000);
    rollup = {
      seconds: round((performance.now() - rollupStarted) / 1000),
      days: done.rolled.length,
      waiting: done.waiting.length,
    };
    log(
      `analytics: ${rollup.days} days rolled up in ${rollup.seconds}s (${rollup.waiting} waiting)`,
    );
    // Statistics for the rollup tables, as autovacuum would soon have them in production (the
    // bench server may run with autovacuum off; without them the planner guesses 20 rows).
    await database.db.execute(sql`analyze analytics_daily, analytics_days`);
    options.onSeeded?.();

    const admin = await database.db.transaction((tx) =>
      usersRepository.insertWithWallet(tx, {
        email: `bench.admin.${Date.now().toString(36)}@example.com`,
        firstName: 'Bench',
        lastName: 'Admin',
        role: 'admin',
        isVerified: true,
      }),
    );
    ({ token } = await createSessionService(deps).issue(admin.id, {
      ip: '127.0.0.1',
      userAgent: 'owo-bench',
    }));
  } finally {
    await database.close();
  }

  log('analytics: starting the API…');
  const api = await startApi({
    root: options.root,
    databaseUrl: options.databaseUrl,
    poolMax: 10,
    dataDir: options.dataDir,
    sessionSecret: options.sessionSecret,
    pinCache: false,
  });
  let calls: AnalyticsBenchResult['calls'];
  try {
    calls = await timeCalls(api, dashboardPaths(), token, options.callsEach);
  } finally {
    await api.stop();
  }
  return {
    transactions,
    users,
    transfers,
    seedSeconds: round(seedSeconds),
    rollup,
    calls,
    allUnderTarget: calls.every((c) => c.p95 < ANALYTICS_TARGET_P95_MS),
  };
}

export function printAnalytics(result: AnalyticsBenchResult) {
  console.log(
    `\n== admin analytics (${result.transactions.toLocaleString('en-NG')} transactions, ` +
      `${result.users.toLocaleString('en-NG')} users, ` +
      `${result.transfers.toLocaleString('en-NG')} ledger transfers) ==`,
  );
  console.log(
    `  seed ${result.seedSeconds}s; rollup ${result.rollup.days} days in ${result.rollup.seconds}s ` +
      `(${result.rollup.waiting} days waiting on pending orders)`,
  );
  const width = Math.max(...result.calls.map((c) => c.call.length));
  console.log(`  ${'call'.padEnd(width)}     n   p50 ms   p95 ms   max ms`);
  for (const c of result.calls) {
    console.log(
      `  ${c.call.padEnd(width)}  ${String(c.n).padStart(4)}  ${String(c.p50).padStart(7)}  ` +
        `${String(c.p95).padStart(7)}  ${String(c.max).padStart(7)}`,
    );
  }
  console.log(
    `  every p95 < ${ANALYTICS_TARGET_P95_MS} ms: ${result.allUnderTarget ? 'YES' : 'NO'}`,
  );
}
