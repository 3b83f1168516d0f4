import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * One helper for every background job (docs/decisions/0023-background-jobs-and-retention.md).
 *
 * - A pass runs every `intervalMs` (the first after `firstDelayMs`); while a pass reports more
 *   work due right away (a full batch) it runs again at once, still under the same lock.
 * - Never two passes of one job at once: the next pass is scheduled only after this one ends.
 * - One pass at a time across nodes on PostgreSQL: the pass holds a transaction-scoped advisory
 *   try-lock for the job's name (on the job-lock pool); a node that finds it taken skips that
 *   pass. PGlite has one process per data directory (db/data-dir-lock.ts), so no lock is needed
 *   there. A job that is not `exclusive` runs on every node at once (its work shares itself out).
 * - `stop()` resolves once the running pass has ended (the server awaits it on SIGTERM).
 * - A failed pass is logged and the next one runs on schedule.
 */

export interface PassReport {
  job: string;
  /** Time the pass took, lock included. */
  ms: number;
  /** False when the pass threw (it was logged). */
  ok: boolean;
  /** True when another node held the job's lock, so this node did nothing. */
  skipped: boolean;
}

export interface JobCounters {
  passes: number;
  failures: number;
  skipped: number;
  lastPassAt: Date | undefined;
}

export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** Delay before the first pass (default: intervalMs). */
  firstDelayMs?: number;
  /** One unit of work; resolves true when more is due right away. */
  pass: () => Promise<boolean>;
  /**
   * False: every node runs its passes, without the cross-node lock, for work that shares itself
   * out (the reconciler's claims: SKIP LOCKED and a lease per order). Default true.
   */
  exclusive?: boolean;
}

export interface RunningJob {
  readonly name: string;
  counters(): JobCounters;
  /** Stops scheduling; resolves after the running pass (if any) has ended. */
  stop(): Promise<void>;
}

export interface JobRunnerDeps {
  database: Database;
  logger: FastifyBaseLogger;
  /** Told after every pass (metrics hook). */
  onPass?: (report: PassReport) => void;
}

/**
 * The advisory lock's first key: the two-int4 form keeps job locks apart from the limiter's
 * one-bigint `hashtext(key)` locks, which live in a different lock space.
 */
const JOB_LOCK_SPACE = 0x6f776f4a; // "owoJ"

/**
 * Runs `work` while holding the job's cross-node lock; resolves false (without running it) when
 * another node holds it. The lock is transaction-scoped, so a node that dies mid-pass frees it
 * with its connection. The transaction only holds the lock (it writes nothing); the pass's own
 * queries run on the main pool, and the lock's connection comes from a pool of its own
 * (`jobLocks`): passes holding locks can never take every connection their work waits for.
 */
async function withJobLock(
  database: Database,
  name: string,
  work: () => Promise<void>,
): Promise<boolean> {
  if (!database.jobLocks) {
    await work();
    return true;
  }
  return database.jobLocks.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext(${name})) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return false;
    await work();
    return true;
  });
}

export function startJob(deps: JobRunnerDeps, job: JobDefinition): RunningJob {
  const counters: JobCounters = { passes: 0, failures: 0, skipped: 0, lastPassAt: undefined };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runPass = async () => {
    const started = performance.now();
    let ok = true;
    let skipped = false;
    try {
      const passes = async () => {
        while (!stopped && (await job.pass())) {
          // More work due right away (a full batch): go on under the same lock.
        }
      };
      if (job.exclusive === false) await passes();
      else skipped = !(await withJobLock(deps.database, job.name, passes));
    } catch (error) {
      ok = false;
      deps.logger.error({ err: error, job: job.name }, `${job.name} pass failed`);
    }
    if (skipped) counters.skipped += 1;
    else counters.passes += 1;
    if (!ok) counters.failures += 1;
    counters.lastPassAt = new Date();
    try {
      deps.onPass?.({ job: job.name, ms: performance.now() - started, ok, skipped });
    } catch (error) {
      deps.logger.warn({ err: error, job: job.name }, 'a job pass listener threw');
    }
  };

  const tick = () => {
    timer = undefined;
    if (stopped) return;
    running = runPass().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(tick, job.intervalMs);
    });
  };
  timer = setTimeout(tick, job.firstDelayMs ?? job.intervalMs);

  return {
    name: job.name,
    counters: () => ({ ...counters }),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

/** Several jobs stopped together (the server's background work). */
export interface JobGroup {
  readonly jobs: readonly RunningJob[];
  stop(): Promise<void>;
}

export function startJobs(deps: JobRunnerDeps, definitions: JobDefinition[]): JobGroup {
  const jobs = definitions.map((definition) => startJob(deps, definition));
  return {
    jobs,
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
