import { statfsSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { createAnalyticsRollup } from '../../apps/api/src/jobs/analytics-rollup';
import { AUDIT_DEFAULTS, runIncrementalAudit } from '../../apps/api/src/ledger/incremental-audit';
import { createSessionService } from '../../apps/api/src/modules/auth/session-service';
import { usersRepository } from '../../apps/api/src/modules/users/repository';
import { dashboardPaths, timeCalls } from './analytics';
import { startApi, type ApiProcess } from './api-process';
import { auditAfterRun } from './audit';
import { LoadGenerator, purchase, type LoadResult } from './load';
import { offlineDeps } from './offline-deps';
import { RAISED_LIMITS } from './open-passes';
import { seedScale, HEAVY_PHONES, type ScaleSeedResult } from './scale-seed';
import { seed } from './seed';
import { cpuSnapshot, cpuUse, type CpuUse } from './system';
import { timedGet } from './timed-get';
import { openBenchDatabase } from './bench-database';

/**
 * The hot paths at the size of a big ledger (`npm run bench -- --scale`): N transactions (10
 * million by default) with their orders and ledger transfers seeded set-based (scale-seed.ts), then
 * the full audit, one incremental audit pass after a batch of new purchases, purchases under the
 * usual closed-loop load, a heavy user's history searches, the admin dashboard's calls and one
 * monthly statement; and what a transaction and a ledger row take on disk.
 */

/** What a seeded transaction takes on disk, all tables and indexes (measured: ~1.6 KB at 100k). */
const BYTES_PER_TRANSACTION_ESTIMATE = 1_700;

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface TableSize {
  table: string;
  rows: number;
  heapBytes: number;
  indexBytes: number;
}

export interface AuditTiming {
  seconds: number;
  ok: boolean;
  newTransfers?: number;
  lapTransfers?: number;
  broken: string[];
}

export interface ScaleBenchResult {
  database: string;
  seed: ScaleSeedResult | undefined;
  seedSeconds: number;
  transactions: number;
  ledgerTransfers: number;
  heavyUserTransactions: number;
  sizes: TableSize[];
  /** Heap + indexes of transactions, purchases and daily_outflows per transaction. */
  bytesPerTransaction: number;
  bytesPerLedgerTransfer: number;
  fullAudit: AuditTiming;
  /** The first incremental pass of a fresh seed: no checkpoint yet, so the full audit again. */
  firstPass: AuditTiming | undefined;
  /** One incremental pass after the purchases' batch. */
  incrementalPass: AuditTiming;
  purchases: {
    load: LoadResult;
    cpu: CpuUse;
    statementsPerPurchase: number;
    transactionsPerPurchase: number;
    /** Server-wide WAL (other databases on the server included) per answered purchase. */
    walBytesPerPurchase: number;
    postgresCpuMsPerPurchase: number;
  };
  rollup: { seconds: number; days: number };
  history: { call: string; n: number; p50: number; p95: number; max: number }[];
  dashboard: { call: string; n: number; p50: number; p95: number; max: number }[];
  statement: { month: string; lines: number; bytes: number; ms: number[] };
}

/** Refuses to start a seed the disk cannot hold (with room for the index builds' sorts). */
export function checkDisk(rows: number): { availableGb: number; neededGb: number } {
  const fs = statfsSync('/');
  const availableGb = round((fs.bavail * fs.bsize) / 1e9);
  const neededGb = round((rows * BYTES_PER_TRANSACTION_ESTIMATE * 1.3) / 1e9);
  if (availableGb < neededGb) {
    throw new Error(
      `--scale-rows ${rows} needs about ${neededGb} GB on the database's disk; ${availableGb} GB ` +
        `free on / (df -h /)`,
    );
  }
  return { availableGb, neededGb };
}

async function tableSizes(client: pg.Client): Promise<TableSize[]> {
  // A plain table, or a partitioned one's partitions (pg_partition_tree lists no plain table).
  const { rows } = await client.query<{
    table: string;
    rows: string;
    heap: string;
    index: string;
  }>(
    `select t.name as table,
            sum(greatest(c.reltuples, 0))::bigint as rows,
            sum(pg_table_size(c.oid)) as heap, sum(pg_indexes_size(c.oid)) as index
       from unnest(array['transactions', 'purchases', 'ledger_transfers', 'ledger_accounts',
                         'daily_outflows', 'users']) as t(name)
       join pg_class c
         on c.oid = t.name::regclass
         or c.oid in (select relid from pg_partition_tree(t.name::regclass) where isleaf)
      group by t.name`,
  );
  return rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    heapBytes: Number(r.heap),
    indexBytes: Number(r.index),
  }));
}

async function timedAudit(fn: () => Promise<AuditTiming>): Promise<AuditTiming> {
  const started = performance.now();
  const result = await fn();
  return { ...result, seconds: round((performance.now() - started) / 1000, 2) };
}

/** The calls a customer makes on the history screen: paging, a month, searches. */
function historyPaths(now: Date): string[] {
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  return [
    'page=1',
    'page=50',
    `year=${year}&month=${month}`,
    'search=airtime',
    `search=${HEAVY_PHONES[0]}`,
    'search=0803',
    'search=1500',
    'search=nothing-matches-this',
    `search=data&year=${year}&month=${month}`,
  ].map((q) => `/api/transactions?${q}`);
}

/** The last full calendar month, YYYY-MM. */
function lastMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A purchase first: a broken endpoint fails the run here with the API's own answer. */
async function smoke(api: ApiProcess, token: string) {
  const agent = new http.Agent({ keepAlive: false });
  const reply = await purchase(agent, api.port, token);
  agent.destroy();
  if (!reply.ok) {
    throw new Error(
      `the first purchase failed: HTTP ${reply.status}\n${reply.body.slice(0, 2000)}\n` +
        `--- API output ---\n${api.output()}`,
    );
  }
}

async function walLsn(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ lsn: string }>(`select pg_current_wal_lsn()::text as lsn`);
  return rows[0]?.lsn ?? '0/0';
}

export async function scaleBench(options: {
  root: string;
  databaseUrl: string;
  database: string;
  dataDir: string;
  sessionSecret: string;
  rows: number;
  /** False on a database an earlier --keep run seeded (--scale-reuse-db). */
  seed: boolean;
  clients: number;
  warmupSeconds: number;
  seconds: number;
  callsEach: number;
  log: (message: string) => void;
}): Promise<ScaleBenchResult> {
  const { log } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const { config, database } = openBenchDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    sessionSecret: options.sessionSecret,
    poolMax: 4,
  });
  try {
    await database.migrate();
    let seeded: ScaleSeedResult | undefined;
    let seedSeconds = 0;
    if (options.seed) {
      log(`scale: seeding ${options.rows.toLocaleString('en-NG')} transactions (set-based SQL)…`);
      const started = performance.now();
      seeded = await seedScale(client, { transactions: options.rows, log });
      seedSeconds = round((performance.now() - started) / 1000);
      log(`scale: seeded in ${seedSeconds}s`);
    }
    const sizes = await tableSizes(client);
    const size = (table: string) => sizes.find((s) => s.table === table);
    const bytes = (table: string) => (size(table)?.heapBytes ?? 0) + (size(table)?.indexBytes ?? 0);
    const count = async (sqlText: string) =>
      Number((await client.query<{ n: string }>(sqlText)).rows[0]?.n);
    const transactions = await count(`select count(*) as n from transactions`);
    const ledgerTransfers = await count(`select count(*) as n from ledger_transfers`);
    // Row BENCH-50 belongs to a heavy user (every 50th row does, scale-seed.ts).
    const heavyUserId = (
      await client.query<{ user_id: string }>(
        `select user_id from transactions where reference = 'BENCH-50'`,
      )
    ).rows[0]?.user_id;
    if (!heavyUserId) throw new Error('no heavy user: is this a --scale seed?');
    const heavyUserTransactions = await count(
      `select count(*) as n from transactions where user_id = '${heavyUserId}'`,
    );

    // The lag: the bench writes nothing while it audits, so 1 s (not 2 minutes) lets the pass
    // after the batch check the batch itself.
    const auditOptions = { ...AUDIT_DEFAULTS, lagMs: 1_000 };
    const incremental = async (): Promise<AuditTiming> => {
      const result = await runIncrementalAudit(database, auditOptions);
      if (result.skipped) throw new Error('another audit pass holds the checkpoint');
      return {
        seconds: 0,
        ok: result.audit.ok,
        newTransfers: result.newTransfers,
        lapTransfers: result.lapTransfers,
        broken: result.audit.checks.filter((c) => !c.ok).map((c) => c.name),
      };
    };
    log('scale: the full audit (ledger/invariants.ts, every check over all history)…');
    const fullAudit = await timedAudit(async () => {
      const audit = await auditAfterRun(options.databaseUrl);
      return { seconds: 0, ok: audit.ok, broken: audit.broken.map((b) => b.name) };
    });
    log(`scale: full audit ${fullAudit.seconds}s, ${fullAudit.ok ? 'clean' : 'BROKEN'}`);
    // The first incremental pass of a fresh ledger has no checkpoint: it is the full audit again,
    // and sets the checkpoint the pass after the purchases starts from (a kept database has one).
    const checkpointed = await count(
      `select count(*) as n from ledger_audit_checkpoints where checked_to is not null`,
    );
    let firstPass: AuditTiming | undefined;
    if (checkpointed === 0) {
      log('scale: the first incremental pass (no checkpoint yet: the full audit, sets one)…');
      await sleep(1_100);
      firstPass = await timedAudit(incremental);
      log(`scale: first pass ${firstPass.seconds}s`);
    }

    log(`scale: ${options.clients} purchasing customers…`);
    const buyers = await seed({
      databaseUrl: options.databaseUrl,
      users: options.clients,
      dataDir: options.dataDir,
      sessionSecret: options.sessionSecret,
    });
    const deps = offlineDeps(config, database, 'the scale bench');
    const sessions = createSessionService(deps);
    const heavyToken = (
      await sessions.issue(heavyUserId, { ip: '127.0.0.1', userAgent: 'owo-bench' })
    ).token;
    const admin = await database.db.transaction((tx) =>
      usersRepository.insertWithWallet(tx, {
        email: `bench.scale.admin.${Date.now().toString(36)}@example.com`,
        firstName: 'Bench',
        lastName: 'Admin',
        role: 'admin',
        isVerified: true,
      }),
    );
    const adminToken = (await sessions.issue(admin.id, { ip: '127.0.0.1', userAgent: 'owo-bench' }))
      .token;

    log('scale: starting the API…');
    const api = await startApi({
      root: options.root,
      databaseUrl: options.databaseUrl,
      poolMax: 20,
      dataDir: options.dataDir,
      sessionSecret: options.sessionSecret,
      pinCache: false,
      // The bench runs the audit and the rollup itself, at the moments it measures them.
      env: {
        ...RAISED_LIMITS,
        LEDGER_AUDIT_INTERVAL_MS: '0',
        ANALYTICS_ROLLUP_INTERVAL_MS: '0',
        RETENTION_INTERVAL_MS: '0',
        ALERTS_INTERVAL_MS: '0',
      },
    });
    try {
      await smoke(api, buyers.tokens[0] ?? '');
      const load = new LoadGenerator(api.port, buyers.tokens);
      const lsn0 = await walLsn(client);
      const c0 = await api.counters();
      const cpu0 = cpuSnapshot();
      load.start();
      log(`scale: purchases, ${options.clients} clients, warm-up ${options.warmupSeconds}s…`);
      await sleep(options.warmupSeconds * 1000);
      load.startRecording();
      await sleep(options.seconds * 1000);
      load.stopRecording();
      await load.stop();
      const cpu1 = cpuSnapshot();
      const c1 = await api.counters();
      const lsn1 = await walLsn(client);
      const loadResult = load.result();
      const walBytes = Number(
        (
          await client.query<{ n: string }>(`select pg_wal_lsn_diff($1, $2)::bigint as n`, [
            lsn1,
            lsn0,
          ])
        ).rows[0]?.n,
      );
      const cpu = cpuUse(cpu1, cpu0, api.pid);
      const answered = Math.max(1, loadResult.allRequests);
      const purchases = {
        load: loadResult,
        cpu,
        statementsPerPurchase: round((c1.queries - c0.queries) / answered, 2),
        transactionsPerPurchase: round((c1.begins - c0.begins) / answered, 2),
        walBytesPerPurchase: Math.round(walBytes / answered),
        postgresCpuMsPerPurchase: round((cpu.postgresCores * cpu.seconds * 1000) / answered, 2),
      };
      log(
        `scale: ${loadResult.purchasesPerSecond} purchases/s, p50 ${loadResult.latencyMs.p50} ms, ` +
          `p99 ${loadResult.latencyMs.p99} ms`,
      );

      log('scale: one incremental pass after the batch…');
      await sleep(1_100);
      const incrementalPass = await timedAudit(incremental);
      log(`scale: incremental pass ${incrementalPass.seconds}s`);

      log('scale: history searches of a heavy user…');
      const history = (
        await timeCalls(api, historyPaths(new Date()), heavyToken, options.callsEach)
      ).map((c) => ({ ...c, call: c.call.replace('/api/transactions?', '') }));

      log('scale: the analytics rollup, then the dashboard calls…');
      const rollupStarted = performance.now();
      const rolled = await createAnalyticsRollup(deps).runOnce(100_000);
      const rollup = {
        seconds: round((performance.now() - rollupStarted) / 1000),
        days: rolled.rolled.length,
      };
      await client.query(`analyze analytics_daily, analytics_days`);
      const dashboard = await timeCalls(api, dashboardPaths(), adminToken, options.callsEach);

      const month = lastMonth(new Date());
      log(`scale: the heavy user's statement of ${month}…`);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const ms: number[] = [];
      let body = '';
      try {
        for (let i = 0; i < 3; i += 1) {
          const reply = await timedGet(
            agent,
            api.port,
            `/api/transactions/statement?month=${month}`,
            heavyToken,
          );
          if (reply.status !== 200) throw new Error(`statement: HTTP ${reply.status}`);
          ms.push(round(reply.ms));
          body = reply.body;
        }
      } finally {
        agent.destroy();
      }
      return {
        database: options.database,
        seed: seeded,
        seedSeconds,
        transactions,
        ledgerTransfers,
        heavyUserTransactions,
        sizes,
        bytesPerTransaction: Math.round(
          (bytes('transactions') + bytes('purchases') + bytes('daily_outflows')) / transactions,
        ),
        bytesPerLedgerTransfer: Math.round(bytes('ledger_transfers') / ledgerTransfers),
        fullAudit,
        firstPass,
        incrementalPass,
        purchases,
        rollup,
        history,
        dashboard,
        statement: {
          month,
          lines: body.split('\n').filter(Boolean).length,
          bytes: Buffer.byteLength(body),
          ms,
        },
      };
    } finally {
      await api.stop();
    }
  } finally {
    await database.close();
    await client.end();
  }
}

const MB = 1e6;

export function printScale(r: ScaleBenchResult) {
  const p = r.purchases;
  const audit = (a: AuditTiming) =>
    `${a.seconds} s, ${a.ok ? 'clean' : `BROKEN: ${a.broken.join('; ')}`}` +
    (a.newTransfers === undefined
      ? ''
      : ` (${a.newTransfers.toLocaleString('en-NG')} new transfers, ` +
        `${(a.lapTransfers ?? 0).toLocaleString('en-NG')} in the lap slice)`);
  const worst = (calls: { p95: number }[]) => Math.max(...calls.map((c) => c.p95));
  const searches = r.history.filter((c) => c.call.includes('search='));
  const rows: [string, string][] = [
    [
      'seeded',
      `${r.transactions.toLocaleString('en-NG')} transactions, ` +
        `${r.ledgerTransfers.toLocaleString('en-NG')} ledger transfers` +
        (r.seed ? ` in ${r.seedSeconds} s` : ' (reused database)'),
    ],
    ['bytes per transaction', `${r.bytesPerTransaction} (history row + order + daily total)`],
    ['bytes per ledger transfer', `${r.bytesPerLedgerTransfer} (heap + indexes)`],
    [
      'purchases',
      `${p.load.purchasesPerSecond}/s, p50 ${p.load.latencyMs.p50} ms, p99 ${p.load.latencyMs.p99} ms ` +
        `(${p.load.clients} clients, ${p.load.ok} ok, ${p.load.errors} errors)`,
    ],
    [
      'per purchase',
      `${p.statementsPerPurchase} statements, ${p.transactionsPerPurchase} transactions, ` +
        `PostgreSQL CPU ${p.postgresCpuMsPerPurchase} ms, WAL ${p.walBytesPerPurchase} B ` +
        `(server-wide)`,
    ],
    [
      'CPU during the purchases',
      `machine ${p.cpu.machineBusyCores} cores: API ${p.cpu.apiCores ?? '?'}, ` +
        `PostgreSQL ${p.cpu.postgresCores}, bench ${p.cpu.loadGeneratorCores}, ` +
        `other ${p.cpu.otherCores}`,
    ],
    ['full audit', audit(r.fullAudit)],
    ...(r.firstPass
      ? [['first incremental pass (full)', audit(r.firstPass)] as [string, string]]
      : []),
    ['incremental pass after the batch', audit(r.incrementalPass)],
    [
      'history, heavy user',
      `${r.heavyUserTransactions.toLocaleString('en-NG')} rows; worst p95 ${worst(r.history)} ms, ` +
        `worst search p95 ${worst(searches)} ms`,
    ],
    [
      'dashboard',
      `rollup ${r.rollup.days} days in ${r.rollup.seconds} s; worst p95 ${worst(r.dashboard)} ms ` +
        `over ${r.dashboard.length} calls`,
    ],
    [
      `statement ${r.statement.month}`,
      `${r.statement.lines} lines, ${round(r.statement.bytes / MB, 2)} MB, ` +
        `${r.statement.ms.join(' / ')} ms`,
    ],
  ];
  console.log(`\n== scale (database ${r.database}) ==`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log('\n  table              rows       heap MB   index MB');
  for (const s of r.sizes) {
    console.log(
      `  ${s.table.padEnd(17)} ${String(s.rows).padStart(10)}  ` +
        `${String(round(s.heapBytes / MB)).padStart(8)}  ${String(round(s.indexBytes / MB)).padStart(8)}`,
    );
  }
  const calls = (title: string, list: ScaleBenchResult['history']) => {
    console.log(`\n  ${title}`);
    const w = Math.max(...list.map((c) => c.call.length));
    console.log(`  ${'call'.padEnd(w)}     n   p50 ms   p95 ms   max ms`);
    for (const c of list) {
      console.log(
        `  ${c.call.padEnd(w)}  ${String(c.n).padStart(4)}  ${String(c.p50).padStart(7)}  ` +
          `${String(c.p95).padStart(7)}  ${String(c.max).padStart(7)}`,
      );
    }
  };
  calls('history (GET /api/transactions, heavy user)', r.history);
  calls('admin dashboard', r.dashboard);
  if (r.seed) {
    console.log('\n  seed steps: ' + r.seed.steps.map((s) => `${s.step} ${s.seconds}s`).join('; '));
  }
}
