import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { startApi, type ApiProcess, type SandboxProcess } from './api-process';
import { post, purchase, succeeded } from './load';
import {
  closedLoad,
  openLoad,
  type Arrivals,
  type ClosedResult,
  type OpenResult,
  type Shoot,
  type Shot,
} from './open-load';
import { BENCH_PIN } from './seed';
import { ActivitySampler, cpuSnapshot, cpuUse, type CpuUse } from './system';

/**
 * The open-model passes (`npm run bench -- --open`): for purchases, transfers between users and a
 * hot wallet (one wallet, many concurrent debits), first the closed model with N clients to find
 * the workload's throughput (its 100%), then the open model at fractions of it, each rate with
 * latency measured from the scheduled start.
 */

export type OpenKind = 'purchases' | 'transfers' | 'hot wallet';

export interface OpenRun extends OpenResult {
  /** The rate as a share of the closed-model throughput, percent. */
  percent: number;
  cpu: CpuUse;
  /** Average database connections by state over the run (lock waits name their statement). */
  activity: Record<string, number>;
}

export interface OpenKindResult {
  kind: OpenKind;
  what: string;
  closed: ClosedResult & { cpu: CpuUse; activity: Record<string, number> };
  runs: OpenRun[];
  backgroundCores: number;
}

export interface OpenBenchResult {
  arrivals: Arrivals;
  warmupSeconds: number;
  seconds: number;
  calibrateSeconds: number;
  maxInFlight: number;
  pool: number;
  kinds: OpenKindResult[];
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Naira per transfer; above TRANSFER_MIN_NAIRA. */
const TRANSFER_NAIRA = 100;

/**
 * The limits are raised for the bench's API processes (these passes and run.ts's purchase passes):
 * at a few hundred debits a second a wallet passes
 * the ₦50,000 daily limit in seconds, and the seeded wallets (₦10,000,000) are over the ₦300,000
 * balance cap a transfer's recipient must stay under. The checks still run on every request
 * (the daily sum is read under the wallet lock); only their thresholds move.
 */
export const RAISED_LIMITS: Record<string, string> = {
  LIMIT_UNVERIFIED_DAILY_NAIRA: '1000000000',
  LIMIT_UNVERIFIED_BALANCE_NAIRA: '1000000000',
  LIMIT_VERIFIED_DAILY_NAIRA: '1000000000',
  LIMIT_VERIFIED_BALANCE_NAIRA: '1000000000',
  // The public API pass: each client is one key sending as fast as it is answered (decision 0088).
  API_KEY_REQUESTS_PER_SECOND: '100000',
  API_KEY_REQUESTS_PER_MINUTE: '1000000',
  API_KEY_PURCHASES_PER_MINUTE: '1000000',
  API_GLOBAL_REQUESTS_PER_SECOND: '1000000',
};

function asShot(reply: { status: number; body: string }): Shot {
  const ok = succeeded(reply);
  return {
    ok,
    status: String(reply.status),
    detail: ok ? undefined : `HTTP ${reply.status}: ${reply.body.slice(0, 300)}`,
  };
}

function purchaseShoot(port: number, tokens: string[]): Shoot {
  return async (agent, i) => asShot(await purchase(agent, port, tokens[i % tokens.length] ?? ''));
}

/** User i pays user i+1 (a ring), ₦100 with the PIN and a fresh Idempotency-Key. */
function transferShoot(port: number, tokens: string[], userIds: string[]): Shoot {
  return async (agent: http.Agent, i: number) => {
    const from = i % tokens.length;
    const to = (from + 1) % tokens.length;
    const body = JSON.stringify({
      recipientIdentifier: userIds[to],
      amount: TRANSFER_NAIRA,
      transactionPin: BENCH_PIN,
      note: 'bench',
    });
    return asShot(
      await post(
        agent,
        port,
        '/api/transfers',
        { authorization: `Bearer ${tokens[from] ?? ''}`, 'idempotency-key': randomUUID() },
        body,
      ),
    );
  };
}

export async function openPasses(options: {
  root: string;
  adminUrl: string;
  /** The run's sandbox process, when it has one (--sandbox-process). */
  sandbox: SandboxProcess | undefined;
  /** The API database's name (for pg_stat_activity) and its URL. */
  apiDb: string;
  databaseUrl: string;
  dataDir: string;
  sessionSecret: string;
  pool: number;
  tokens: string[];
  userIds: string[];
  /** One more funded customer whose wallet every hot-wallet request debits. */
  hotToken: string;
  clients: number;
  /** Rates as percentages of each workload's closed-model throughput. */
  percents: number[];
  warmupSeconds: number;
  seconds: number;
  calibrateSeconds: number;
  arrivals: Arrivals;
  maxInFlight: number;
  drainMs: number;
  log: (message: string) => void;
  waitForQuiet: (label: string) => Promise<number>;
  onApi?: (api: ApiProcess | undefined) => void;
}): Promise<OpenBenchResult> {
  const { log } = options;
  options.log('open model: starting the API (wallet limits raised for these passes)…');
  const api = await startApi({
    root: options.root,
    databaseUrl: options.databaseUrl,
    poolMax: options.pool,
    dataDir: options.dataDir,
    sessionSecret: options.sessionSecret,
    pinCache: false,
    externalSandbox: options.sandbox,
    env: RAISED_LIMITS,
  });
  options.onApi?.(api);
  const kinds: OpenKindResult[] = [];
  try {
    const plans: { kind: OpenKind; what: string; shoot: Shoot }[] = [
      {
        kind: 'purchases',
        what: `₦100 VTU airtime (load.ts's request), ${options.tokens.length} users in turn`,
        shoot: purchaseShoot(api.port, options.tokens),
      },
      {
        kind: 'transfers',
        what:
          `POST /api/transfers ₦${TRANSFER_NAIRA} user i → user i+1 of ${options.tokens.length}, ` +
          'PIN + Idempotency-Key',
        shoot: transferShoot(api.port, options.tokens, options.userIds),
      },
      {
        kind: 'hot wallet',
        what: '₦100 VTU airtime, every request from ONE wallet',
        shoot: purchaseShoot(api.port, [options.hotToken]),
      },
    ];
    let seed = 1;
    for (const plan of plans) {
      const backgroundCores = await options.waitForQuiet(`open model, ${plan.kind}`);
      log(
        `open model, ${plan.kind}: closed model first, ${options.clients} clients, ` +
          `${options.calibrateSeconds}s…`,
      );
      const measured = async <T>(run: () => Promise<T>) => {
        const sampler = new ActivitySampler(options.adminUrl, options.apiDb);
        await sampler.start();
        const cpu0 = cpuSnapshot();
        const result = await run();
        const cpu1 = cpuSnapshot();
        const activity = (await sampler.stop()).averages;
        return { result, cpu: cpuUse(cpu1, cpu0, api.pid), activity };
      };
      const closed = await measured(() =>
        closedLoad({
          clients: options.clients,
          warmupSeconds: Math.min(3, options.warmupSeconds),
          seconds: options.calibrateSeconds,
          shoot: plan.shoot,
        }),
      );
      if (closed.result.ok === 0) {
        throw new Error(
          `open model, ${plan.kind}: no request succeeded in the closed pass:\n` +
            `${closed.result.sampleErrors.join('\n')}\n--- API output ---\n${api.output()}`,
        );
      }
      log(
        `open model, ${plan.kind}: closed ${closed.result.okRate}/s ` +
          `(p95 ${closed.result.latencyMs.p95} ms, ${closed.result.errors} errors)`,
      );
      const runs: OpenRun[] = [];
      for (const percent of options.percents) {
        const rate = round((closed.result.okRate * percent) / 100, 1);
        log(
          `open model, ${plan.kind}: ${percent}% = ${rate}/s ${options.arrivals}, ` +
            `warm-up ${options.warmupSeconds}s + ${options.seconds}s…`,
        );
        const run = await measured(() =>
          openLoad({
            rate,
            warmupSeconds: options.warmupSeconds,
            seconds: options.seconds,
            arrivals: options.arrivals,
            maxInFlight: options.maxInFlight,
            drainMs: options.drainMs,
            seed: seed++,
            shoot: plan.shoot,
          }),
        );
        runs.push({ ...run.result, percent, cpu: run.cpu, activity: run.activity });
        log(
          `open model, ${plan.kind}: ${percent}%: ok ${run.result.okRate}/s, p50/p95/p99 ` +
            `${run.result.latencyMs.p50} / ${run.result.latencyMs.p95} / ` +
            `${run.result.latencyMs.p99} ms, errors ${run.result.errors}, ` +
            `dropped ${run.result.dropped}`,
        );
        // Whatever the last rate left queued in the API drains before the next one starts.
        await sleep(1000);
      }
      kinds.push({
        kind: plan.kind,
        what: plan.what,
        closed: { ...closed.result, cpu: closed.cpu, activity: closed.activity },
        runs,
        backgroundCores,
      });
    }
  } finally {
    await api.stop();
    options.onApi?.(undefined);
  }
  return {
    arrivals: options.arrivals,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
    calibrateSeconds: options.calibrateSeconds,
    maxInFlight: options.maxInFlight,
    pool: options.pool,
    kinds,
  };
}

/** The lock waits among the connections, summed (the wallet row lock in the hot-wallet pass). */
function lockWaits(activity: Record<string, number>): number {
  return round(
    Object.entries(activity)
      .filter(([state]) => /lock/i.test(state))
      .reduce((sum, [, n]) => sum + n, 0),
  );
}

export function printOpen(result: OpenBenchResult) {
  console.log(
    `\n== open model (${result.arrivals} arrivals; latency from the scheduled start; ` +
      `warm-up ${result.warmupSeconds}s + ${result.seconds}s per rate; ` +
      `at most ${result.maxInFlight} in flight; pool ${result.pool}) ==`,
  );
  for (const k of result.kinds) {
    const c = k.closed;
    console.log(`\n  ${k.kind}: ${k.what}`);
    console.log(
      `  closed model, ${c.clients} clients, ${c.seconds}s: ${c.okRate}/s, p50/p95/p99 ` +
        `${c.latencyMs.p50} / ${c.latencyMs.p95} / ${c.latencyMs.p99} ms, ${c.errors} errors; ` +
        `API ${c.cpu.apiCores ?? '?'} cores, PostgreSQL ${c.cpu.postgresCores}, ` +
        `DB lock waits ${lockWaits(c.activity)}; busy before ${k.backgroundCores} cores`,
    );
    const header = [
      'rate',
      'target/s',
      'sent/s',
      'ok/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'errors',
      'dropped',
      'late',
      'unanswered',
      'peak',
      'API cores',
      'lock waits',
    ];
    const rows = k.runs.map((r) => [
      `${r.percent}%`,
      String(r.targetRate),
      String(r.sentRate),
      String(r.okRate),
      String(r.latencyMs.p50),
      String(r.latencyMs.p95),
      String(r.latencyMs.p99),
      String(r.latencyMs.max),
      String(r.errors),
      String(r.dropped),
      String(r.lateStarts),
      String(r.unanswered),
      String(r.peakInFlight),
      String(r.cpu.apiCores ?? '?'),
      String(lockWaits(r.activity)),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) =>
      `  ${cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join('  ')}`;
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    const errors = [...c.sampleErrors, ...k.runs.flatMap((r) => r.sampleErrors)].slice(0, 3);
    for (const e of errors) console.log(`    error: ${e}`);
    const busiest = k.runs.at(-1);
    if (busiest) {
      console.log(
        `  DB connections at ${busiest.percent}% (avg): ` +
          Object.entries(busiest.activity)
            .slice(0, 6)
            .map(([state, n]) => `${state}: ${n}`)
            .join('; '),
      );
    }
  }
}
