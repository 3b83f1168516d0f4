/**
 * `npm run bench`: purchases per second through the HTTP API on PostgreSQL (the provider
 * sandbox answering at once, N concurrent clients), and in the same run pgbench's built-in
 * tpcb-like workload with the same client count, and their ratio. Also: argon2id verification
 * on its own (PIN hashing, reported apart), a ledger audit after the load, and where a
 * purchase's time goes (statements, transactions, pool waits, CPU by process, what the database
 * connections are doing). Not a test: it asserts nothing.
 *
 *   npm run bench -- [--clients 50] [--seconds 20] [--warmup 3] [--pool 20 | --pool 10,20,40]
 *                    [--pin-cache] [--pgbench-seconds S] [--pgbench-scale K] [--skip-pgbench]
 *                    [--argon2-seconds 3] [--quiet-wait 60] [--out file.json]
 *
 *   --pool 10,20,40  one API pass per pool size (DATABASE_POOL_MAX), all against one pgbench pass
 *   --pin-cache      adds a diagnostic pass with argon2 verify results cached in the API process
 *   --skip-public-api  leaves out the reseller API pass (the same purchase with an API key, no PIN,
 *                    POST /api/v1/purchases/airtime; decision 0087), run after the pool passes
 *   --api-processes N  adds the purchase pass again with N API processes (API_PROCESSES, decision
 *                    0038; default 2, 1 leaves it out), at the last --pool size split between
 *                    them (pool 20, 2 processes: 10 each), beside the one-process figure;
 *                    statements, commits and API CPU are summed over the workers
 *   --quiet-wait S   before each pass, wait up to S seconds for other work on the machine to stop
 *   --sandbox-process  the provider sandbox in its own process (the API calls it as live
 *                    suppliers) instead of inside the API process, as `npm start` runs it
 *   --analytics      only the admin analytics bench (scripts/bench/analytics.ts): 1,000,000
 *                    transactions seeded set-based, the rollup job once, every analytics call
 *                    over HTTP (--analytics-calls N each, default 20); p95 target 300 ms.
 *                    The default run includes it at the end unless --skip-analytics.
 *   --analytics-transactions N  (default 1000000)
 *   --analytics-keep-db NAME   seed into a new database NAME (owo_bench_…) and keep it afterwards,
 *                    so later runs can re-measure the calls without the ~4-minute seed
 *   --analytics-reuse-db NAME  measure against NAME, kept by an earlier --analytics-keep-db run
 *                    (no seed; the rollup pass rolls only days that ended since). Drop it when
 *                    done: psql -c 'drop database NAME'
 *   --profile        a V8 CPU profile of the API's main thread over each measured window,
 *                    summarised by package/app folder (and kept as a .cpuprofile under /tmp)
 *   --open           only the open-model passes (scripts/bench/open-passes.ts): for purchases,
 *                    transfers between users (POST /api/transfers) and a hot wallet (every
 *                    request debits ONE wallet), the closed model with --clients first (that
 *                    workload's 100%), then requests started at a fixed arrival rate whatever the
 *                    replies, latency from the scheduled start (no coordinated omission), at each
 *                    --open-rates percentage of it. The default run includes them after the
 *                    purchase passes unless --skip-open. Wallet limits are raised for them.
 *   --open-rates 25,50,75,100   percentages of each workload's closed-model throughput
 *   --open-seconds 12 --open-warmup 3   measured window and warm-up per rate
 *   --open-calibrate 8   seconds of the closed-model pass that sets the 100%
 *   --open-arrivals poisson|constant   gaps between starts: random (Poisson) or even
 *   --open-max-in-flight 2000   a request due beyond this many in flight is dropped (counted)
 *   --history        only the history search bench (scripts/bench/history.ts): one user with
 *                    --history-rows transactions (default 50000; --history-others 950000 more
 *                    for 2,000 other users: a table of 1,000,000 as in --analytics, the heavy
 *                    user 5% of it), GET /api/transactions with paging, year/month filters and
 *                    search, --history-calls N each (default 30); p95 target 300 ms, 30 ms for
 *                    searches. The default run includes it before the analytics unless
 *                    --skip-history. Afterwards the statements of the --history-explain N slowest
 *                    calls (default 2) and of the first page run under EXPLAIN (ANALYZE, BUFFERS)
 *                    and are printed.
 *   --lighthouse     only Lighthouse (scripts/bench/lighthouse.ts): mobile, Debian's Chromium,
 *                    landing signed out and /home of a seeded customer, and a static page with no
 *                    script as the floor, --lighthouse-runs N each (default 3), medians, the
 *                    budgets (performance 95, TBT 200 ms, LCP 1.5 s) and where the main thread's
 *                    time went. Builds nothing: --web-dist DIR (default apps/web/dist).
 *                    --lighthouse-nice -10: Chromium and the API at that priority (root), so a
 *                    busy machine skews Lantern's CPU-scaled timings less (say so with figures).
 *   --export-memory  only the admin CSV export (scripts/bench/export-memory.ts): --export-rows N
 *                    transactions (default 1000000) seeded set-based, the export streamed over
 *                    HTTP, the API's peak RSS and heap during it and rows/s; then a slow reader.
 *                    --export-heap-mb N caps the API's V8 old space (shows live memory bounded).
 *   --ha             only the price of durability (scripts/bench/ha-compare.ts): the purchase pass
 *                    (--clients, --seconds, --warmup, the first --pool) on the single server (the
 *                    admin connection below), then the same on the database tier `npm run ha:up`
 *                    runs (start it first): HAProxy's write port to Patroni's leader, every commit
 *                    waiting for the synchronous standby. Each on a fresh database with the same
 *                    customers' count, a ledger audit after each, and the replication state read
 *                    before and after the replicated pass (a standby lost during it is reported).
 *   --ha-url URL     the replicated server's admin connection (default: ha:up's write port,
 *                    postgres://postgres@127.0.0.1:15500/postgres)
 *
 *   --scale          only the scale bench (scripts/bench/scale.ts): --scale-rows N transactions
 *                    (default 10,000,000) over 90 days for N / 25 customers, with their orders and
 *                    ledger transfers, seeded set-based as a valid ledger into a fresh database;
 *                    then the full audit, purchases under load (--clients, --warmup, --seconds),
 *                    one incremental audit pass after them, a heavy user's history calls, the
 *                    dashboard calls (--scale-calls N each, default 20), one monthly statement, and
 *                    bytes per transaction and per ledger transfer. Needs ~1.7 KB of disk a row
 *                    (checked first). The database is dropped afterwards unless --keep.
 *   --keep           keep the --scale database (its name is printed); measure it again with
 *   --scale-reuse-db NAME  (no seed). Drop it when done: psql -c 'drop database NAME'
 *   --pgbench-scale K  pgbench's scale factor (default: --clients, at least 50)
 *
 * Admin connection: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1/postgres.
 * It creates two fresh databases (owo_bench_*, owo_pgbench_*) and drops them on every exit.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ProbeCounters } from './api-probe';
import { startApi, startSandboxProcess, type SandboxProcess } from './api-process';
import { benchArgon2, type Argon2Result } from './argon2';
import { auditAfterRun } from './audit';
import {
  checkpoint,
  createDatabase,
  databaseStats,
  databaseUrl,
  dropDatabase,
  serverInfo,
  statsDelta,
  type DatabaseStats,
} from './databases';
import { LoadGenerator, PURCHASE_NAIRA, purchase, type LoadResult } from './load';
import { pgbenchInit, pgbenchRun, type PgbenchResult } from './pgbench';
import { summarizeProfile, type ProfileSummary } from './profile';
import { seed } from './seed';
import { analyticsBench, printAnalytics, type AnalyticsBenchResult } from './analytics';
import { lighthouseBench, printLighthouse } from './lighthouse';
import { historyBench, printHistory, type HistoryBenchResult } from './history';
import { exportMemoryBench, printExportMemory } from './export-memory';
import { checkDisk, printScale, scaleBench } from './scale';
import { openPasses, printOpen, RAISED_LIMITS, type OpenBenchResult } from './open-passes';
import {
  ActivitySampler,
  DatabaseCpuSampler,
  cpuSnapshot,
  cpuUse,
  machineCpu,
  type CpuUse,
} from './system';
import { printHaComparison, replicationState, type HaComparison } from './ha-compare';
import { defaultOptions as haDefaults, writeUrl as haWriteUrl } from '../ha/topology';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

// ------------------------------------------------------------------ options
const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    pool: { type: 'string', default: '20' },
    'pin-cache': { type: 'boolean', default: false },
    'skip-public-api': { type: 'boolean', default: false },
    'api-processes': { type: 'string', default: '2' },
    'pgbench-seconds': { type: 'string' },
    'pgbench-scale': { type: 'string' },
    scale: { type: 'boolean', default: false },
    'scale-rows': { type: 'string', default: '10000000' },
    'scale-calls': { type: 'string', default: '20' },
    'scale-reuse-db': { type: 'string' },
    keep: { type: 'boolean', default: false },
    'skip-pgbench': { type: 'boolean', default: false },
    'argon2-seconds': { type: 'string', default: '3' },
    out: { type: 'string' },
    'quiet-wait': { type: 'string', default: '60' },
    'sandbox-process': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    analytics: { type: 'boolean', default: false },
    'skip-analytics': { type: 'boolean', default: false },
    'analytics-calls': { type: 'string', default: '20' },
    'analytics-transactions': { type: 'string', default: '1000000' },
    'analytics-keep-db': { type: 'string' },
    'analytics-reuse-db': { type: 'string' },
    open: { type: 'boolean', default: false },
    'skip-open': { type: 'boolean', default: false },
    'open-rates': { type: 'string', default: '25,50,75,100' },
    'open-seconds': { type: 'string', default: '12' },
    'open-warmup': { type: 'string', default: '3' },
    'open-calibrate': { type: 'string', default: '8' },
    'open-arrivals': { type: 'string', default: 'poisson' },
    'open-max-in-flight': { type: 'string', default: '2000' },
    history: { type: 'boolean', default: false },
    'skip-history': { type: 'boolean', default: false },
    'history-rows': { type: 'string', default: '50000' },
    'history-others': { type: 'string', default: '950000' },
    'history-calls': { type: 'string', default: '30' },
    'history-explain': { type: 'string', default: '2' },
    lighthouse: { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'lighthouse-nice': { type: 'string' },
    'web-dist': { type: 'string' },
    'export-memory': { type: 'boolean', default: false },
    'export-rows': { type: 'string', default: '1000000' },
    'export-heap-mb': { type: 'string' },
    ha: { type: 'boolean', default: false },
    'ha-url': { type: 'string' },
  },
  allowPositionals: false,
});

function positiveInt(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
}

const clients = positiveInt('clients', flags.clients);
const seconds = positiveInt('seconds', flags.seconds);
const warmup = Number(flags.warmup);
if (!Number.isFinite(warmup) || warmup < 0) throw new Error('--warmup must be >= 0');
const pools = (flags.pool ?? '20').split(',').map((p) => positiveInt('pool', p.trim()));
const apiProcesses = positiveInt('api-processes', flags['api-processes']);
const pgbenchSeconds = positiveInt('pgbench-seconds', flags['pgbench-seconds'] ?? String(seconds));
const scale = positiveInt('pgbench-scale', flags['pgbench-scale'] ?? String(Math.max(clients, 50)));
if (scale < clients) {
  throw new Error('--pgbench-scale must be at least --clients (tpcb-like contention)');
}
const argon2Seconds = positiveInt('argon2-seconds', flags['argon2-seconds']);
const quietWaitSeconds = Number(flags['quiet-wait']);
if (!Number.isFinite(quietWaitSeconds) || quietWaitSeconds < 0) {
  throw new Error('--quiet-wait must be >= 0 (seconds)');
}
const adminUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const startedAt = new Date();
const outFile =
  flags.out ??
  path.join(os.tmpdir(), `owo-bench-${startedAt.toISOString().replace(/:/g, '-')}.json`);

// ------------------------------------------------------------------ cleanup on every exit
const cleanups: { what: string; fn: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, fn } of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup (${what}) failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.once(event, (error: unknown) => {
    console.error(`\nbench failed (${event}):`, error);
    void cleanup().finally(() => process.exit(1));
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanup().finally(() => process.exit(130));
  });
}

const t0 = performance.now();
function log(message: string) {
  console.log(`[bench ${((performance.now() - t0) / 1000).toFixed(1)}s] ${message}`);
}

// ------------------------------------------------------------------ one API pass
interface PerPurchase {
  statements: number;
  transactions: number;
  /** Server-side commits: BEGIN…COMMIT blocks plus statements sent outside them. */
  serverCommits: number;
  dbRoundTripMs: number;
  poolWaitMs: number;
  supplierCalls: number;
  supplierCallMs: number;
  argon2Verifies: number;
  argon2VerifyMs: number | null;
  apiCpuMs: number | null;
  postgresCpuMs: number;
  /** The backends of the pass's own database only (other work on a shared server left out). */
  databaseCpuMs: number;
  /** pg_stat_database xact_commit over the whole pass (startup included) ÷ purchases. */
  xactCommitPgStat: number;
}

interface ApiPass {
  label: string;
  /** DATABASE_POOL_MAX of each API process. */
  pool: number;
  /** API_PROCESSES of the pass. */
  apiProcesses: number;
  pinCache: boolean;
  load: LoadResult;
  cpu: CpuUse;
  activity: { samples: number; averages: Record<string, number> };
  perPurchase: PerPurchase;
  /** Where the SQL time goes: each statement's count and round-trip time per purchase. */
  statements: { sql: string; perPurchase: number; msPerPurchase: number; msEach: number }[];
  counters: ProbeCounters;
  pgStat: DatabaseStats;
  /** Cores busy on the machine just before the pass (someone else's work skews the figures). */
  backgroundCores: number;
  profile: ProfileSummary | undefined;
}

function counterDelta(after: ProbeCounters, before: ProbeCounters): ProbeCounters {
  const out = { ...after };
  for (const key of Object.keys(out) as (keyof ProbeCounters)[]) {
    const a = after[key];
    const b = before[key];
    if (typeof a === 'number' && typeof b === 'number') {
      (out as Record<string, unknown>)[key] = a - b;
    }
  }
  out.statements = {};
  for (const [sql, a] of Object.entries(after.statements)) {
    const b = before.statements[sql] ?? { count: 0, ms: 0 };
    if (a.count > b.count) out.statements[sql] = { count: a.count - b.count, ms: a.ms - b.ms };
  }
  return out;
}

async function apiPass(options: {
  label: string;
  apiDb: string;
  tokens: string[];
  pool: number;
  pinCache: boolean;
  dataDir: string;
  sessionSecret: string;
  sandbox: SandboxProcess | undefined;
  /** API_PROCESSES (1 unless the cluster pass); `pool` is then each process's. */
  apiProcesses?: number;
  /** The server of the pass (--ha: HAProxy's write port); the run's admin URL unless given. */
  serverUrl?: string;
}): Promise<ApiPass> {
  const server = options.serverUrl ?? adminUrl;
  const backgroundCores = await waitForQuiet(options.label);
  const pgBefore = await databaseStats(server, options.apiDb);
  // The probe profiles the process the bench signals: a cluster's primary serves no request.
  const profileFile =
    flags.profile && (options.apiProcesses ?? 1) === 1
      ? path.join(
          os.tmpdir(),
          `owo-bench-${startedAt.toISOString().replace(/:/g, '-')}-pool${options.pool}` +
            `${options.pinCache ? '-pincache' : ''}.cpuprofile`,
        )
      : undefined;
  log(`${options.label}: starting the API (pool ${options.pool})…`);
  const api = await startApi({
    root,
    databaseUrl: databaseUrl(server, options.apiDb),
    poolMax: options.pool,
    dataDir: options.dataDir,
    sessionSecret: options.sessionSecret,
    pinCache: options.pinCache,
    externalSandbox: options.sandbox,
    profileFile,
    apiProcesses: options.apiProcesses,
    // Each pass sends thousands of purchases per customer: at the real thresholds the later
    // passes would measure daily-limit refusals. Every limit check still runs.
    env: RAISED_LIMITS,
  });
  const entry = { what: 'stop the API process', fn: () => api.stop() };
  cleanups.push(entry);
  try {
    // One purchase first: a broken endpoint fails the run here with the API's own answer.
    const agent = new http.Agent({ keepAlive: false });
    const smoke = await purchase(agent, api.port, options.tokens[0] ?? '');
    agent.destroy();
    if (!smoke.ok) {
      throw new Error(
        `the first purchase failed (${options.label}) → HTTP ${smoke.status}\n` +
          `${smoke.body.slice(0, 2000)}\n--- API output ---\n${api.output()}`,
      );
    }
    await checkpoint(server);

    const load = new LoadGenerator(api.port, options.tokens);
    load.start();
    log(`${options.label}: ${options.tokens.length} clients, warm-up ${warmup}s…`);
    await sleep(warmup * 1000);
    const sampler = new ActivitySampler(server, options.apiDb);
    await sampler.start();
    const dbCpu = new DatabaseCpuSampler(options.apiDb);
    dbCpu.start();
    const cpu0 = cpuSnapshot();
    const c0 = await api.counters();
    load.startRecording();
    log(`${options.label}: measuring ${seconds}s…`);
    await sleep(seconds * 1000);
    load.stopRecording();
    const c1 = await api.counters();
    const cpu1 = cpuSnapshot();
    const databaseCores = dbCpu.stop();
    const activity = await sampler.stop();
    await load.stop();
    await api.stop();
    cleanups.splice(cleanups.indexOf(entry), 1);
    // Backends report their last statistics as they exit.
    await sleep(700);
    const pgStat = statsDelta(await databaseStats(server, options.apiDb), pgBefore);

    const result = load.result();
    const counters = counterDelta(c1, c0);
    const cpu = cpuUse(cpu1, cpu0, api.pid, options.sandbox?.pid);
    const answered = Math.max(1, result.ok + result.errors);
    const per = (x: number, digits = 2) => round(x / answered, digits);
    const perPurchase: PerPurchase = {
      statements: per(counters.queries),
      transactions: per(counters.begins),
      serverCommits: per(counters.commits + counters.autocommit),
      dbRoundTripMs: per(counters.queryMs),
      poolWaitMs: per(counters.poolWaitMs),
      supplierCalls: per(counters.fetches),
      supplierCallMs: per(counters.fetchMs),
      argon2Verifies: per(counters.argon2Verifies),
      argon2VerifyMs: counters.argon2Probe ? per(counters.argon2VerifyMs) : null,
      apiCpuMs:
        cpu.apiCores === undefined ? null : round((cpu.apiCores * cpu.seconds * 1000) / answered),
      postgresCpuMs: round((cpu.postgresCores * cpu.seconds * 1000) / answered),
      databaseCpuMs: round((databaseCores * cpu.seconds * 1000) / answered, 3),
      xactCommitPgStat: round(pgStat.xactCommit / Math.max(1, result.allRequests + 1)),
    };
    const statements = Object.entries(counters.statements)
      .map(([sql, { count, ms }]) => ({
        sql,
        perPurchase: per(count),
        msPerPurchase: per(ms),
        msEach: round(ms / count),
      }))
      .sort((a, b) => b.msPerPurchase - a.msPerPurchase);
    return {
      label: options.label,
      pool: options.pool,
      apiProcesses: options.apiProcesses ?? 1,
      pinCache: options.pinCache,
      load: result,
      cpu,
      activity,
      perPurchase,
      statements,
      counters,
      pgStat,
      backgroundCores,
      profile: profileFile ? summarizeProfile(profileFile) : undefined,
    };
  } catch (error) {
    await api.stop();
    throw error;
  }
}

// ------------------------------------------------------------------ pgbench pass
async function pgbenchPass(pgbenchDb: string) {
  const backgroundCores = await waitForQuiet('pgbench');
  await checkpoint(adminUrl);
  const sampler = new ActivitySampler(adminUrl, pgbenchDb);
  await sampler.start();
  const dbCpu = new DatabaseCpuSampler(pgbenchDb);
  dbCpu.start();
  const cpu0 = cpuSnapshot();
  const result = await pgbenchRun({
    databaseUrl: databaseUrl(adminUrl, pgbenchDb),
    clients,
    seconds: pgbenchSeconds,
    scale,
  });
  const cpu1 = cpuSnapshot();
  const databaseCores = dbCpu.stop();
  const activity = await sampler.stop();
  return { result, cpu: cpuUse(cpu1, cpu0, undefined), databaseCores, activity, backgroundCores };
}

/**
 * Other work on the machine (a test run, a build) skews every figure. Before a pass, wait up to
 * --quiet-wait seconds (default 60) for the machine to be quiet, and record how busy it was.
 */
async function waitForQuiet(label: string): Promise<number> {
  const busyOver = async (ms: number) => {
    const a = machineCpu();
    await sleep(ms);
    const b = machineCpu();
    return round((b.busy - a.busy) / (ms / 1000));
  };
  let busy = await busyOver(1000);
  const deadline = Date.now() + quietWaitSeconds * 1000;
  if (busy > 0.25) log(`${label}: the machine is busy (${busy} cores) before the pass; waiting…`);
  while (busy > 0.25 && Date.now() < deadline) busy = await busyOver(2000);
  if (busy > 0.25) log(`${label}: still ${busy} cores busy; measuring anyway (see "other" CPU)`);
  return busy;
}

// ------------------------------------------------------------------ report
function table(rows: [string, string][]) {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n');
}

function cpuLine(cpu: CpuUse): string {
  const parts = [
    cpu.apiCores === undefined ? '' : `API ${cpu.apiCores}`,
    cpu.sandboxCores === undefined ? '' : `sandbox ${cpu.sandboxCores}`,
    `PostgreSQL ${cpu.postgresCores}`,
    `bench process ${cpu.loadGeneratorCores}`,
    cpu.exitedChildrenCores > 0 ? `pgbench ${cpu.exitedChildrenCores}` : '',
    `other ${cpu.otherCores}`,
  ].filter(Boolean);
  const others = cpu.topOthers.map((o) => `${o.comm}[${o.pid}] ${o.cores}`).join(', ');
  return (
    `machine ${cpu.machineBusyCores} = ${parts.join(' + ')}` +
    `${others ? ` (other: ${others})` : ''}; interrupts ${cpu.irqCores}, steal ${cpu.stealCores}`
  );
}

/** The share of the history rows' updates that were HOT (wrote no index entry). */
function hotShare(stat: DatabaseStats): string {
  if (stat.transactionsUpdated === 0) return '-';
  return `${round((100 * stat.transactionsHotUpdated) / stat.transactionsUpdated, 1)}%`;
}

function printPass(
  pass: ApiPass,
  pgbench: { result: PgbenchResult; cpu: CpuUse; databaseCores: number } | undefined,
  argon2: Argon2Result,
) {
  const l = pass.load;
  const p = pass.perPurchase;
  const pg = pgbench?.result;
  const ratio = pg ? round(l.purchasesPerSecond / pg.tps, 3) : undefined;
  // The server's CPU per pgbench transaction, to set the purchase's beside (same run, same server).
  const pgCpuMs =
    pgbench && pg && pg.tps > 0 ? (pgbench.cpu.postgresCores * 1000) / pg.tps : undefined;
  const pgDbCpuMs =
    pgbench && pg && pg.tps > 0 ? (pgbench.databaseCores * 1000) / pg.tps : undefined;
  // CPU the purchases' argon2 verifications take: verifies per purchase × the cost of one
  // (measured alone) × purchases per second.
  const argonCoreShare =
    p.argon2VerifyMs === null
      ? undefined
      : (argon2.single.meanMs * p.argon2Verifies * l.purchasesPerSecond) / 1000;
  console.log(`\n== ${pass.label} ==`);
  console.log(
    table([
      ['purchases/s', `${l.purchasesPerSecond}  (${l.ok} in ${l.seconds}s, ${l.clients} clients)`],
      [
        'latency p50 / p95 / p99',
        `${l.latencyMs.p50} / ${l.latencyMs.p95} / ${l.latencyMs.p99} ms`,
      ],
      ['latency mean / max', `${l.latencyMs.mean} / ${l.latencyMs.max} ms`],
      ['errors', `${l.errors}  ${JSON.stringify(l.statuses)}`],
      ['pgbench tpcb-like tps', pg ? `${pg.tps}` : 'skipped'],
      ['ratio purchases/s ÷ tps', ratio === undefined ? '-' : `${ratio}`],
      ['per purchase: SQL statements', `${p.statements}`],
      ['per purchase: BEGIN…COMMIT', `${p.transactions}`],
      [
        'per purchase: server commits',
        `${p.serverCommits}  (pg_stat_database: ${p.xactCommitPgStat})`,
      ],
      ['per purchase: DB round trips', `${p.dbRoundTripMs} ms summed`],
      ['per purchase: pool wait', `${p.poolWaitMs} ms`],
      ['per purchase: supplier call', `${p.supplierCalls} × = ${p.supplierCallMs} ms`],
      [
        'per purchase: argon2 verify',
        p.argon2VerifyMs === null
          ? 'probe not attached'
          : `${p.argon2Verifies} × = ${p.argon2VerifyMs} ms (in the API, queueing included)`,
      ],
      ['per purchase: CPU', `API ${p.apiCpuMs ?? '?'} ms, PostgreSQL ${p.postgresCpuMs} ms`],
      [
        'PostgreSQL CPU ÷ pgbench',
        pgCpuMs === undefined
          ? '-'
          : `${round(p.postgresCpuMs / pgCpuMs, 2)}× (pgbench: ${round(pgCpuMs, 3)} ms per transaction)`,
      ],
      [
        'same, own database backends',
        pgDbCpuMs === undefined || pgDbCpuMs === 0
          ? '-'
          : `${round(p.databaseCpuMs / pgDbCpuMs, 2)}× (${p.databaseCpuMs} ms per purchase, ` +
            `pgbench ${round(pgDbCpuMs, 3)} ms per transaction)`,
      ],
      [
        'history rows updated',
        `${pass.pgStat.transactionsUpdated}, HOT ${hotShare(pass.pgStat)}` +
          ' (pg_stat_user_tables, transactions)',
      ],
      ['CPU cores used', cpuLine(pass.cpu)],
      [
        'argon2 share of the machine',
        argonCoreShare === undefined
          ? '-'
          : `≈ ${round(argonCoreShare)} cores (${argon2.single.meanMs} ms × ` +
            `${p.argon2Verifies} per purchase × ${l.purchasesPerSecond}/s)`,
      ],
      [
        'DB connections (avg)',
        Object.entries(pass.activity.averages)
          .map(([k, v]) => `${k}: ${v}`)
          .join('; '),
      ],
    ]),
  );
  console.log(`  busy before the pass: ${pass.backgroundCores} cores`);
  console.log('  SQL by round-trip time per purchase (count × each = per purchase):');
  for (const st of pass.statements.slice(0, 14)) {
    console.log(
      `    ${String(st.perPurchase).padStart(5)} × ${String(st.msEach).padStart(7)} ms = ` +
        `${String(st.msPerPurchase).padStart(7)} ms  ${st.sql}`,
    );
  }
  if (pass.profile) {
    const perPurchase = (ms: number) => round(ms / Math.max(1, l.ok + l.errors), 2);
    console.log(
      `  API main thread (V8 profile, ${pass.profile.file}): busy ${pass.profile.busyMs} of ` +
        `${pass.profile.windowMs} ms = ${perPurchase(pass.profile.busyMs)} ms per purchase`,
    );
    for (const a of pass.profile.byArea.slice(0, 14)) {
      console.log(
        `    ${String(a.share).padStart(5)}%  ${String(perPurchase(a.ms)).padStart(6)} ms/purchase  ${a.area}`,
      );
    }
    console.log('  hottest functions (self time):');
    for (const f of pass.profile.topFunctions.slice(0, 8)) {
      console.log(`    ${String(f.share).padStart(5)}%  ${f.fn}`);
    }
  }
  if (l.sampleErrors.length > 0) {
    console.log('  first errors:');
    for (const e of l.sampleErrors) console.log(`    ${e}`);
  }
}

// ------------------------------------------------------------------ admin analytics
/**
 * The analytics bench on its own fresh database (dropped on every exit), or on a named one kept
 * for later runs (--analytics-keep-db) or kept by an earlier run (--analytics-reuse-db).
 */
async function analyticsPass(): Promise<AnalyticsBenchResult> {
  const keep = flags['analytics-keep-db'];
  const reuse = flags['analytics-reuse-db'];
  if (keep && reuse)
    throw new Error('--analytics-keep-db and --analytics-reuse-db exclude each other');
  const named = keep ?? reuse;
  if (named !== undefined && !/^owo_bench_[a-z0-9_]+$/.test(named)) {
    throw new Error('a kept analytics database is named owo_bench_<lowercase letters, digits, _>');
  }
  const name = named ?? `owo_analytics_${randomBytes(4).toString('hex')}`;
  if (!reuse) await createDatabase(adminUrl, name);
  // A kept database is dropped only if the run fails before its seed is complete.
  const entry = { what: `drop ${name}`, fn: () => dropDatabase(adminUrl, name) };
  if (!reuse) cleanups.push(entry);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-analytics-'));
  let seeded = false;
  try {
    await waitForQuiet('analytics');
    return await analyticsBench({
      root,
      databaseUrl: databaseUrl(adminUrl, name),
      dataDir,
      sessionSecret: randomBytes(36).toString('base64url'),
      transactions: positiveInt('analytics-transactions', flags['analytics-transactions']),
      users: 50_000,
      callsEach: positiveInt('analytics-calls', flags['analytics-calls']),
      seed: !reuse,
      onSeeded: () => {
        seeded = true;
      },
      log,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (!reuse) {
      cleanups.splice(cleanups.indexOf(entry), 1);
      if (keep && seeded) log(`analytics: kept database ${name} (--analytics-reuse-db ${name})`);
      else await dropDatabase(adminUrl, name);
    }
  }
}

// ------------------------------------------------------------------ open model
const openPercents = (flags['open-rates'] ?? '')
  .split(',')
  .map((p) => positiveInt('open-rates', p.trim()));
const openArrivals = flags['open-arrivals'];
if (openArrivals !== 'poisson' && openArrivals !== 'constant') {
  throw new Error('--open-arrivals is poisson or constant');
}

let sandboxProcess: SandboxProcess | undefined;

/**
 * With --sandbox-process, the one sandbox process every API of the run calls (the purchase
 * passes' and the open model's), started on first use; otherwise undefined and each API process
 * runs the sandbox inside itself.
 */
async function sharedSandbox(): Promise<SandboxProcess | undefined> {
  if (!flags['sandbox-process'] || sandboxProcess) return sandboxProcess;
  const started = await startSandboxProcess(root);
  sandboxProcess = started;
  cleanups.push({ what: 'stop the sandbox process', fn: () => started.stop() });
  log(`provider sandbox in its own process (pid ${started.pid})`);
  return started;
}

/**
 * The open-model passes against the API database the purchase passes used (its customers, plus
 * one more for the hot wallet), on an API process of their own with the wallet limits raised.
 */
async function openPass(options: {
  apiDb: string;
  tokens: string[];
  userIds: string[];
  dataDir: string;
  sessionSecret: string;
}): Promise<OpenBenchResult> {
  log('open model: seeding the hot wallet (one more customer)…');
  const hot = await seed({
    databaseUrl: databaseUrl(adminUrl, options.apiDb),
    users: 1,
    dataDir: options.dataDir,
    sessionSecret: options.sessionSecret,
  });
  let running: { stop(): Promise<void> } | undefined;
  const entry = { what: 'stop the open-model API', fn: () => running?.stop() };
  cleanups.push(entry);
  try {
    return await openPasses({
      root,
      adminUrl,
      sandbox: await sharedSandbox(),
      apiDb: options.apiDb,
      databaseUrl: databaseUrl(adminUrl, options.apiDb),
      dataDir: options.dataDir,
      sessionSecret: options.sessionSecret,
      pool: pools[0] ?? 20,
      tokens: options.tokens,
      userIds: options.userIds,
      hotToken: hot.tokens[0] ?? '',
      clients,
      percents: openPercents,
      warmupSeconds: Number(flags['open-warmup']),
      seconds: positiveInt('open-seconds', flags['open-seconds']),
      calibrateSeconds: positiveInt('open-calibrate', flags['open-calibrate']),
      arrivals: openArrivals as 'poisson' | 'constant',
      maxInFlight: positiveInt('open-max-in-flight', flags['open-max-in-flight']),
      drainMs: 30_000,
      log,
      waitForQuiet,
      onApi: (api) => {
        running = api;
      },
    });
  } finally {
    cleanups.splice(cleanups.indexOf(entry), 1);
  }
}

/** `--open` alone: its own API database and customers, the passes, the ledger audit. */
async function openOnly() {
  const apiDb = `owo_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-open-'));
  cleanups.push({ what: 'remove the data dir', fn: () => rmSync(dataDir, { recursive: true }) });
  await createDatabase(adminUrl, apiDb);
  cleanups.push({ what: `drop ${apiDb}`, fn: () => dropDatabase(adminUrl, apiDb) });
  const sessionSecret = randomBytes(36).toString('base64url');
  log(`open model: seeding ${clients} customers…`);
  const seeded = await seed({
    databaseUrl: databaseUrl(adminUrl, apiDb),
    users: clients,
    dataDir,
    sessionSecret,
    keyMode: flags['sandbox-process'] ? 'live' : 'test',
  });
  const result = await openPass({
    apiDb,
    tokens: seeded.tokens,
    userIds: seeded.userIds,
    dataDir,
    sessionSecret,
  });
  log('auditing the ledger after the load…');
  const audit = await auditAfterRun(databaseUrl(adminUrl, apiDb));
  return { result, audit };
}

// ------------------------------------------------------------------ price of durability
/**
 * `--ha`: the same purchase pass on the single server, then through HAProxy to the synchronous
 * pair. Each side gets its own database, customers and API process, so neither inherits the
 * other's caches or table sizes; the sandbox (when in its own process) is shared.
 */
async function haOnly() {
  const haUrl = flags['ha-url'] ?? haWriteUrl(haDefaults());
  try {
    const state = await replicationState(haUrl);
    if (state.inRecovery) throw new Error('it is a standby (in recovery), not the leader');
  } catch (error) {
    throw new Error(
      `--ha: no writable database tier at ${haUrl} (${(error as Error).message}): ` +
        'start it with `npm run ha:up` or point --ha-url at its write port',
    );
  }
  const pool = pools[0] ?? 20;
  const sandbox = await sharedSandbox();

  const side = async (label: string, server: string) => {
    const apiDb = `owo_bench_${randomBytes(4).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-ha-'));
    const entries = [
      { what: 'remove the data dir', fn: () => rmSync(dataDir, { recursive: true, force: true }) },
      { what: `drop ${apiDb}`, fn: () => dropDatabase(server, apiDb) },
    ];
    await createDatabase(server, apiDb);
    cleanups.push(...entries);
    try {
      const sessionSecret = randomBytes(36).toString('base64url');
      log(`${label}: seeding ${clients} customers…`);
      const seeded = await seed({
        databaseUrl: databaseUrl(server, apiDb),
        users: clients,
        dataDir,
        sessionSecret,
      });
      const pass = await apiPass({
        label: `${label}, ${clients} clients, pool ${pool}`,
        apiDb,
        tokens: seeded.tokens,
        pool,
        pinCache: false,
        dataDir,
        sessionSecret,
        sandbox,
        serverUrl: server,
      });
      log(`${label}: auditing the ledger after the load…`);
      const audit = await auditAfterRun(databaseUrl(server, apiDb));
      return { pass, audit };
    } finally {
      for (const entry of entries.reverse()) {
        cleanups.splice(cleanups.indexOf(entry), 1);
        await entry.fn();
      }
    }
  };

  const single = await side('single server', adminUrl);
  const before = await replicationState(haUrl);
  const ha = await side('synchronous standby', haUrl);
  const after = await replicationState(haUrl);
  const comparison: HaComparison = {
    single: {
      url: adminUrl,
      load: single.pass.load,
      dbMsPerPurchase: single.pass.perPurchase.dbRoundTripMs,
    },
    ha: {
      url: haUrl,
      load: ha.pass.load,
      dbMsPerPurchase: ha.pass.perPurchase.dbRoundTripMs,
      before,
      after,
    },
  };
  return { comparison, audits: { single: single.audit, ha: ha.audit }, passes: [single, ha] };
}

// ------------------------------------------------------------------ history search
/** The history bench on its own fresh database, dropped on every exit. */
async function historyPass(): Promise<HistoryBenchResult> {
  const name = `owo_bench_history_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const entry = { what: `drop ${name}`, fn: () => dropDatabase(adminUrl, name) };
  cleanups.push(entry);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-history-'));
  try {
    await waitForQuiet('history');
    return await historyBench({
      root,
      databaseUrl: databaseUrl(adminUrl, name),
      dataDir,
      sessionSecret: randomBytes(36).toString('base64url'),
      rows: positiveInt('history-rows', flags['history-rows']),
      otherRows: Number(flags['history-others']),
      otherUsers: 2_000,
      callsEach: positiveInt('history-calls', flags['history-calls']),
      explain: Number(flags['history-explain']),
      log,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    cleanups.splice(cleanups.indexOf(entry), 1);
    await dropDatabase(adminUrl, name);
  }
}

// ------------------------------------------------------------------ scale
/** --scale: its own database (or a kept one), dropped on every exit unless --keep. */
async function scaleOnly() {
  const rows = positiveInt('scale-rows', flags['scale-rows']);
  const reuse = flags['scale-reuse-db'];
  const name = reuse ?? `owo_bench_scale_${randomBytes(4).toString('hex')}`;
  if (!reuse) {
    const disk = checkDisk(rows);
    log(`scale: ${disk.availableGb} GB free on /, about ${disk.neededGb} GB needed`);
    await createDatabase(adminUrl, name);
  }
  const keep = flags.keep || reuse !== undefined;
  const entry = { what: `drop ${name}`, fn: () => dropDatabase(adminUrl, name) };
  if (!keep) cleanups.push(entry);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-scale-'));
  try {
    return await scaleBench({
      root,
      databaseUrl: databaseUrl(adminUrl, name),
      database: name,
      dataDir,
      sessionSecret: randomBytes(36).toString('base64url'),
      rows,
      seed: !reuse,
      clients,
      warmupSeconds: warmup,
      seconds,
      callsEach: positiveInt('scale-calls', flags['scale-calls']),
      log,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (keep) {
      log(`scale: database ${name} kept (drop it: psql -c 'drop database ${name}')`);
    } else {
      cleanups.splice(cleanups.indexOf(entry), 1);
      await dropDatabase(adminUrl, name);
    }
  }
}

// ------------------------------------------------------------------ main
async function main() {
  // --scale runs only the scale bench (the hot paths over a big seeded ledger).
  if (flags.scale) {
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
    const result = await scaleOnly();
    const loadAfter = readFileSync('/proc/loadavg', 'utf8').trim();
    const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
    console.log(`\n================ Owo bench: scale ================`);
    console.log(`  command  ${command}`);
    console.log(`  date     ${startedAt.toISOString()}`);
    console.log(`  machine  ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? '?'}`);
    console.log(`  loadavg  before ${loadBefore}; after ${loadAfter}`);
    printScale(result);
    writeFileSync(
      outFile,
      `${JSON.stringify(
        {
          date: startedAt.toISOString(),
          command,
          loadavg: { before: loadBefore, after: loadAfter },
          scale: result,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n(JSON in ${outFile})`);
    return;
  }
  // --export-memory runs only the export bench (memory while streaming a big CSV).
  if (flags['export-memory']) {
    const result = await exportMemoryBench({
      root,
      adminUrl,
      rows: positiveInt('export-rows', flags['export-rows']),
      slowSeconds: 10,
      heapMb: flags['export-heap-mb']
        ? positiveInt('export-heap-mb', flags['export-heap-mb'])
        : undefined,
      log,
    });
    console.log(`\n================ Owo bench: admin export ================`);
    console.log(`  command  npm run bench -- ${process.argv.slice(2).join(' ')}`.trimEnd());
    console.log(`  date     ${startedAt.toISOString()}`);
    printExportMemory(result);
    writeFileSync(
      outFile,
      `${JSON.stringify({ date: startedAt.toISOString(), exportMemory: result }, null, 2)}\n`,
    );
    console.log(`\n(JSON in ${outFile})`);
    return;
  }
  // --lighthouse runs only Lighthouse (web pages, not the API's throughput).
  if (flags.lighthouse) {
    const result = await lighthouseBench({
      root,
      adminUrl,
      webDist: flags['web-dist'] ?? path.join(root, 'apps/web/dist'),
      runs: positiveInt('lighthouse-runs', flags['lighthouse-runs']),
      nice: flags['lighthouse-nice'] === undefined ? undefined : Number(flags['lighthouse-nice']),
      log,
    });
    console.log(`\n================ Owo bench: Lighthouse ================`);
    console.log(`  command  npm run bench -- ${process.argv.slice(2).join(' ')}`.trimEnd());
    console.log(`  date     ${startedAt.toISOString()}`);
    printLighthouse(result);
    writeFileSync(
      outFile,
      `${JSON.stringify({ date: startedAt.toISOString(), lighthouse: result }, null, 2)}\n`,
    );
    console.log(`\n(JSON in ${outFile})`);
    return;
  }
  // --ha runs only the single server against the synchronous pair.
  if (flags.ha) {
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
    const result = await haOnly();
    const loadAfter = readFileSync('/proc/loadavg', 'utf8').trim();
    console.log(`\n================ Owo bench: the price of durability ================`);
    console.log(`  command  npm run bench -- ${process.argv.slice(2).join(' ')}`.trimEnd());
    console.log(`  date     ${startedAt.toISOString()}`);
    console.log(`  loadavg  before ${loadBefore}; after ${loadAfter}`);
    printHaComparison(result.comparison);
    for (const [label, audit] of Object.entries(result.audits)) {
      console.log(
        `  ledger audit (${label}): ` +
          (audit.ok
            ? 'all invariants hold'
            : `BROKEN: ${audit.broken.map((b) => b.name).join('; ')}`) +
          `; orders ${JSON.stringify(audit.purchases)}`,
      );
    }
    for (const { pass } of result.passes) {
      console.log(
        `  ${pass.label}: busy before ${pass.backgroundCores} cores; ${cpuLine(pass.cpu)}`,
      );
    }
    writeFileSync(
      outFile,
      `${JSON.stringify(
        {
          date: startedAt.toISOString(),
          command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
          loadavg: { before: loadBefore, after: loadAfter },
          ha: result.comparison,
          audits: result.audits,
          passes: result.passes.map(({ pass }) => pass),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n(JSON in ${outFile})`);
    return;
  }
  // --open, --history and --analytics each run only their part (together: each of them, in turn).
  if (flags.open || flags.history || flags.analytics) {
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
    const open = flags.open ? await openOnly() : undefined;
    const history = flags.history ? await historyPass() : undefined;
    const analytics = flags.analytics ? await analyticsPass() : undefined;
    const loadAfter = readFileSync('/proc/loadavg', 'utf8').trim();
    console.log(`\n================ Owo bench ================`);
    console.log(`  command  npm run bench -- ${process.argv.slice(2).join(' ')}`.trimEnd());
    console.log(`  date     ${startedAt.toISOString()}`);
    console.log(`  loadavg  before ${loadBefore}; after ${loadAfter}`);
    if (open) {
      printOpen(open.result);
      console.log(
        `\n  ledger audit after the open passes: ` +
          (open.audit.ok
            ? 'all invariants hold'
            : `BROKEN: ${open.audit.broken.map((b) => b.name).join('; ')}`) +
          `; orders ${JSON.stringify(open.audit.purchases)}`,
      );
    }
    if (history) printHistory(history);
    if (analytics) printAnalytics(analytics);
    writeFileSync(
      outFile,
      `${JSON.stringify(
        {
          date: startedAt.toISOString(),
          command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
          loadavg: { before: loadBefore, after: loadAfter },
          open: open?.result,
          openAudit: open?.audit,
          history,
          analytics,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n(JSON in ${outFile})`);
    return;
  }
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  const suffix = randomBytes(4).toString('hex');
  const apiDb = `owo_bench_${suffix}`;
  const pgbenchDb = `owo_pgbench_${suffix}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-'));
  cleanups.push({
    what: 'remove the data dir',
    fn: () => rmSync(dataDir, { recursive: true, force: true }),
  });

  const server = await serverInfo(adminUrl);
  for (const name of [apiDb, pgbenchDb]) {
    await createDatabase(adminUrl, name);
    cleanups.push({ what: `drop ${name}`, fn: () => dropDatabase(adminUrl, name) });
  }
  log(`databases ${apiDb}, ${pgbenchDb} on PostgreSQL ${server.version}`);

  const argon2Background = await waitForQuiet('argon2');
  log(`argon2id verify, ${argon2Seconds}s single and ${argon2Seconds}s × ${clients} concurrent…`);
  const argon2 = {
    ...(await benchArgon2(clients, argon2Seconds)),
    backgroundCores: argon2Background,
  };

  log(
    `seeding ${clients} customers (PIN, session, ₦${(10_000_000).toLocaleString('en-NG')} each)…`,
  );
  // One secret for the seeding and every API process: PINs are keyed with it.
  const sessionSecret = randomBytes(36).toString('base64url');
  const seeded = await seed({
    databaseUrl: databaseUrl(adminUrl, apiDb),
    users: clients,
    dataDir,
    sessionSecret,
    // The public API pass buys with a key per customer (keys need a verified wallet).
    withApiKeys: !flags['skip-public-api'],
  });
  // ₦10,000,000 per wallet is 100,000 purchases of ₦100 each: no pass comes near it.
  const purchasesPerWallet = seeded.fundedKobo / (PURCHASE_NAIRA * 100);

  if (!flags['skip-pgbench']) {
    log(`pgbench -i -s ${scale}…`);
    const init = await pgbenchInit(databaseUrl(adminUrl, pgbenchDb), scale);
    log(`pgbench init took ${init.seconds}s`);
  }

  const sandbox = await sharedSandbox();

  const passes: ApiPass[] = [];
  for (const pool of pools) {
    passes.push(
      await apiPass({
        label: `API pass, ${clients} clients, pool ${pool}`,
        apiDb,
        tokens: seeded.tokens,
        pool,
        pinCache: false,
        dataDir,
        sessionSecret,
        sandbox,
      }),
    );
  }
  if (!flags['skip-public-api']) {
    const pool = pools[pools.length - 1] ?? 20;
    passes.push(
      await apiPass({
        label: `public API pass (POST /api/v1/purchases/airtime, one API key per client), pool ${pool}`,
        apiDb,
        tokens: seeded.apiKeys,
        pool,
        pinCache: false,
        dataDir,
        sessionSecret,
        sandbox,
      }),
    );
  }
  if (flags['pin-cache']) {
    const pool = pools[pools.length - 1] ?? 20;
    passes.push(
      await apiPass({
        label: `diagnostic pass, pool ${pool}, argon2 verify cached (not a real configuration)`,
        apiDb,
        tokens: seeded.tokens,
        pool,
        pinCache: true,
        dataDir,
        sessionSecret,
        sandbox,
      }),
    );
  }

  if (apiProcesses > 1) {
    const total = pools[pools.length - 1] ?? 20;
    const pool = Math.max(1, Math.ceil(total / apiProcesses));
    passes.push(
      await apiPass({
        label: `API pass, ${clients} clients, ${apiProcesses} API processes, pool ${pool} each`,
        apiDb,
        tokens: seeded.tokens,
        pool,
        pinCache: false,
        dataDir,
        sessionSecret,
        sandbox,
        apiProcesses,
      }),
    );
  }

  const open = flags['skip-open']
    ? undefined
    : await openPass({
        apiDb,
        tokens: seeded.tokens,
        userIds: seeded.userIds,
        dataDir,
        sessionSecret,
      });

  log('auditing the ledger after the load…');
  const audit = await auditAfterRun(databaseUrl(adminUrl, apiDb));

  let pgbench: Awaited<ReturnType<typeof pgbenchPass>> | undefined;
  if (!flags['skip-pgbench']) {
    log(`pgbench -c ${clients} -T ${pgbenchSeconds} (tpcb-like)…`);
    pgbench = await pgbenchPass(pgbenchDb);
  }

  const history = flags['skip-history'] ? undefined : await historyPass();
  const analytics = flags['skip-analytics'] ? undefined : await analyticsPass();

  // ---------------------------------------------------------------- print
  const machine = {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? '?',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    postgres: server.version,
    postgresSettings: server.settings,
    uvThreadpoolSize: argon2.threadpool,
  };
  console.log('\n================ Owo bench ================');
  console.log(
    table([
      ['date', startedAt.toISOString()],
      ['machine', `${machine.cores} cores, ${machine.cpu}, ${machine.memoryGiB} GiB`],
      ['node / postgres', `${machine.node} / ${machine.postgres}`],
      [
        'postgres settings',
        Object.entries(server.settings)
          .map(([k, v]) => `${k}=${v || "''"}`)
          .join(' '),
      ],
      ['command', `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim()],
      ['loadavg', `before ${loadBefore}; after ${readFileSync('/proc/loadavg', 'utf8').trim()}`],
      ['clients / warm-up / window', `${clients} / ${warmup}s / ${seconds}s`],
      [
        'provider sandbox',
        sandbox ? 'own process (API in live mode against it)' : 'inside the API process',
      ],
      [
        'seeding',
        `${clients} customers in ${round(seeded.seconds, 1)}s, ` +
          `${purchasesPerWallet.toLocaleString('en-NG')} purchases' worth each`,
      ],
    ]),
  );
  console.log(
    '\n== argon2id verify (lib/hashing.ts: passwords; PINs stored before the HMAC switch) ==',
  );
  console.log(
    table([
      ['hash (once)', `${argon2.hashMs} ms`],
      [
        'verify, one at a time',
        `${argon2.single.opsPerSecond}/s (${argon2.single.meanMs} ms each)`,
      ],
      [
        `verify, ${argon2.concurrent.concurrency} at a time`,
        `${argon2.concurrent.opsPerSecond}/s (${argon2.concurrent.meanMs} ms each incl. queueing; ` +
          `UV_THREADPOOL_SIZE=${argon2.threadpool}, ${argon2.cores} cores)`,
      ],
      [
        'ceiling if every purchase verified one',
        `≈ ${argon2.concurrent.opsPerSecond}/s (see "argon2 verify" per purchase below)`,
      ],
      ['busy before', `${argon2.backgroundCores} cores`],
    ]),
  );
  if (pgbench) {
    const r = pgbench.result;
    console.log(`\n== pgbench (built-in tpcb-like, scale ${r.scale}) ==`);
    console.log(
      table([
        ['command', r.command],
        ['tps', `${r.tps}  (${r.transactions ?? '?'} transactions, ${r.failed ?? 0} failed)`],
        ['latency average', `${r.latencyMs ?? '?'} ms`],
        ['CPU cores used', cpuLine(pgbench.cpu)],
        ['busy before the pass', `${pgbench.backgroundCores} cores`],
        [
          'DB connections (avg)',
          Object.entries(pgbench.activity.averages)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; '),
        ],
      ]),
    );
  }
  for (const pass of passes) printPass(pass, pgbench, argon2);
  console.log('\n== ledger audit after the load (ledger/invariants.ts) ==');
  console.log(
    table([
      [
        'invariants',
        audit.ok ? 'all hold' : `BROKEN: ${audit.broken.map((b) => b.name).join('; ')}`,
      ],
      ['orders by state', JSON.stringify(audit.purchases)],
    ]),
  );
  for (const b of audit.broken) console.log(`  ${b.name}: ${JSON.stringify(b.violations)}`);
  if (open) printOpen(open);
  if (history) printHistory(history);
  if (analytics) printAnalytics(analytics);

  const json = {
    date: startedAt.toISOString(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    machine,
    clients,
    sandbox: sandbox ? 'own process' : 'in the API process',
    warmupSeconds: warmup,
    seconds,
    argon2,
    audit,
    open,
    history,
    analytics,
    pgbench: pgbench && {
      ...pgbench.result,
      cpu: pgbench.cpu,
      databaseCores: pgbench.databaseCores,
      activity: pgbench.activity,
      backgroundCores: pgbench.backgroundCores,
    },
    passes: passes.map((p) => ({
      label: p.label,
      pool: p.pool,
      apiProcesses: p.apiProcesses,
      pinCache: p.pinCache,
      purchasesPerSecond: p.load.purchasesPerSecond,
      latencyMs: p.load.latencyMs,
      ok: p.load.ok,
      errors: p.load.errors,
      statuses: p.load.statuses,
      ratio: pgbench ? round(p.load.purchasesPerSecond / pgbench.result.tps, 3) : null,
      perPurchase: p.perPurchase,
      cpu: p.cpu,
      activity: p.activity,
      counters: p.counters,
      pgStat: p.pgStat,
      backgroundCores: p.backgroundCores,
      statements: p.statements,
      profile: p.profile,
      sampleErrors: p.load.sampleErrors,
    })),
  };
  writeFileSync(outFile, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n---- JSON (also in ${outFile}) ----`);
  console.log(JSON.stringify(json));
}

main()
  .then(() => cleanup())
  .catch(async (error: unknown) => {
    console.error(
      `\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
    await cleanup();
    process.exit(1);
  });
