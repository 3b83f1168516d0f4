import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './load';
import { seededRandom } from './seeded-random';

/**
 * Load generators that take a request function, so one generator drives purchases, transfers
 * and the hot wallet alike.
 *
 * openLoad is the open model: requests START at a fixed arrival rate (Poisson or evenly spaced)
 * whatever the server does, and each latency is measured from the moment the request was MEANT
 * to start. A closed loop (load.ts) waits for a reply before sending the next request, so a slow
 * server slows the load itself and its stall shows up as one slow sample instead of the many a
 * user arriving meanwhile would have seen ("coordinated omission"). Here a stall keeps the
 * schedule running, and every request scheduled during it is charged the wait.
 */

export interface Shot {
  ok: boolean;
  /** HTTP status, or 'network error'. */
  status: string;
  /** For a failure: what the server said (the first few are printed). */
  detail?: string;
}

/** Sends request number `i` (the caller decides which user it belongs to) and says how it went. */
export type Shoot = (agent: http.Agent, i: number) => Promise<Shot>;

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentilesOf(values: number[]): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    mean: round(mean),
  };
}

export type Arrivals = 'poisson' | 'constant';

export interface OpenOptions {
  /** Requests started per second. */
  rate: number;
  warmupSeconds: number;
  seconds: number;
  arrivals: Arrivals;
  /**
   * At most this many requests in flight. A request due while the cap is reached is not sent and
   * is counted as dropped (the server has fallen that far behind); it is never sent late.
   */
  maxInFlight: number;
  /** After the window, how long to wait for replies still in flight before counting them lost. */
  drainMs: number;
  seed: number;
  shoot: Shoot;
}

/** A start more than this much after its scheduled time is "late" (the generator itself lagged). */
export const LATE_START_MS = 10;

export interface OpenResult {
  arrivals: Arrivals;
  /** Requests per second asked for. */
  targetRate: number;
  seconds: number;
  /** Requests scheduled in the measured window, sent and dropped (cap reached). */
  scheduled: number;
  sent: number;
  dropped: number;
  /** Sent more than LATE_START_MS after their scheduled time; and the start lag's p99 / max. */
  lateStarts: number;
  startLagMs: { p99: number; max: number };
  ok: number;
  errors: number;
  /** Sent in the window but not answered within drainMs after it (counted apart from errors). */
  unanswered: number;
  /** Requests per second actually started in the window. */
  sentRate: number;
  /** Successful replies to the window's requests, per second of window. */
  okRate: number;
  /** Latency of the successful replies, from the scheduled start. */
  latencyMs: Percentiles;
  /** The most requests in flight at once during the window. */
  peakInFlight: number;
  statuses: Record<string, number>;
  sampleErrors: string[];
}

/** One open-model pass: warm-up at the same rate (not recorded), then the measured window. */
export async function openLoad(options: OpenOptions): Promise<OpenResult> {
  const random = seededRandom(options.seed).next;
  const meanGapMs = 1000 / options.rate;
  const gap = () =>
    options.arrivals === 'constant' ? meanGapMs : -Math.log(1 - random()) * meanGapMs;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight });

  const start = performance.now() + 20;
  const recordFrom = start + options.warmupSeconds * 1000;
  const end = recordFrom + options.seconds * 1000;

  let scheduled = 0;
  let sent = 0;
  let dropped = 0;
  let lateStarts = 0;
  let ok = 0;
  let errors = 0;
  let inFlight = 0;
  let recordedInFlight = 0;
  let peakInFlight = 0;
  let closed = false;
  const lags: number[] = [];
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const sampleErrors: string[] = [];
  const pending = new Set<Promise<void>>();

  const fire = (intended: number, i: number) => {
    const recorded = intended >= recordFrom;
    if (recorded) scheduled += 1;
    if (inFlight >= options.maxInFlight) {
      if (recorded) dropped += 1;
      return;
    }
    const lag = performance.now() - intended;
    inFlight += 1;
    if (recorded) {
      sent += 1;
      recordedInFlight += 1;
      lags.push(lag);
      if (lag > LATE_START_MS) lateStarts += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
    }
    const settle = (shot: Shot) => {
      inFlight -= 1;
      if (!recorded || closed) return;
      recordedInFlight -= 1;
      statuses.set(shot.status, (statuses.get(shot.status) ?? 0) + 1);
      if (shot.ok) {
        ok += 1;
        latencies.push(performance.now() - intended);
      } else {
        errors += 1;
        if (sampleErrors.length < 5) sampleErrors.push(shot.detail ?? shot.status);
      }
    };
    const p: Promise<void> = options
      .shoot(agent, i)
      .then(settle, (error: unknown) =>
        settle({
          ok: false,
          status: 'network error',
          detail: `network error: ${error instanceof Error ? error.message : String(error)}`,
        }),
      )
      .finally(() => pending.delete(p));
    pending.add(p);
  };

  let next = start;
  let i = 0;
  while (next < end) {
    const wait = next - performance.now();
    // Timers fire on whole milliseconds at best: sleep until the next start is due, then send
    // every request whose time has come (more than one when the gaps are short).
    if (wait > 0) await sleep(wait);
    while (next <= performance.now() && next < end) {
      fire(next, i);
      i += 1;
      next += gap();
    }
  }
  const windowSeconds = (end - recordFrom) / 1000;
  await Promise.race([Promise.all([...pending]), sleep(options.drainMs)]);
  const unanswered = recordedInFlight;
  closed = true;
  agent.destroy();

  const sortedLags = Float64Array.from(lags).sort();
  return {
    arrivals: options.arrivals,
    targetRate: round(options.rate, 1),
    seconds: round(windowSeconds, 2),
    scheduled,
    sent,
    dropped,
    lateStarts,
    startLagMs: {
      p99: round(percentile(sortedLags, 99)),
      max: round(sortedLags[sortedLags.length - 1] ?? Number.NaN),
    },
    ok,
    errors,
    unanswered,
    sentRate: round(sent / windowSeconds),
    okRate: round(ok / windowSeconds),
    latencyMs: percentilesOf(latencies),
    peakInFlight,
    statuses: Object.fromEntries(statuses),
    sampleErrors,
  };
}

export interface ClosedResult {
  clients: number;
  seconds: number;
  ok: number;
  errors: number;
  okRate: number;
  latencyMs: Percentiles;
  sampleErrors: string[];
}

/**
 * The closed model with any request: `clients` loops, each sending request number `client` again
 * as soon as the last is answered. Used to find a workload's throughput (its 100%) before the
 * open passes; the purchase figure of record stays load.ts's, against pgbench.
 */
export async function closedLoad(options: {
  clients: number;
  warmupSeconds: number;
  seconds: number;
  shoot: Shoot;
}): Promise<ClosedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const recordFrom = performance.now() + options.warmupSeconds * 1000;
  const end = recordFrom + options.seconds * 1000;
  let ok = 0;
  let errors = 0;
  const latencies: number[] = [];
  const sampleErrors: string[] = [];
  const client = async (n: number) => {
    while (performance.now() < end) {
      const started = performance.now();
      let shot: Shot;
      try {
        shot = await options.shoot(agent, n);
      } catch (error) {
        shot = { ok: false, status: 'network error', detail: String(error) };
      }
      const done = performance.now();
      // Replies that arrive inside the window count, as in load.ts.
      if (done >= recordFrom && done <= end) {
        if (shot.ok) {
          ok += 1;
          latencies.push(done - started);
        } else {
          errors += 1;
        }
      }
      if (!shot.ok) {
        if (sampleErrors.length < 5) sampleErrors.push(shot.detail ?? shot.status);
        // A broken server must not turn the loop into a busy loop.
        await sleep(100);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
  agent.destroy();
  return {
    clients: options.clients,
    seconds: options.seconds,
    ok,
    errors,
    okRate: round(ok / options.seconds),
    latencyMs: percentilesOf(latencies),
    sampleErrors,
  };
}
