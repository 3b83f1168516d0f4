import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { startJob, type PassReport } from '../src/jobs/job-runner';

const logger = pino({ level: 'silent' });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** PGlite in memory, or a scratch PostgreSQL database when the run is on PostgreSQL. */
const adminUrl = process.env.DATABASE_URL || undefined;
let url: string | undefined;
let database: Database;
const extra: Database[] = [];

beforeAll(async () => {
  if (adminUrl) {
    const name = `owo_jobs_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    database = openDatabase({ databaseUrl: url, poolMax: 3 });
  } else {
    database = openDatabase({});
  }
});
afterAll(async () => {
  for (const db of extra) await db.close();
  await database?.close();
  if (adminUrl && url) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

describe('job runner', () => {
  it('never runs two passes of a job at once, and stop() waits for the running pass', async () => {
    let running = 0;
    let most = 0;
    let calls = 0;
    let gate = deferred();
    const job = startJob(
      { database, logger },
      {
        name: 'overlap-test',
        intervalMs: 1,
        firstDelayMs: 0,
        async pass() {
          calls += 1;
          running += 1;
          most = Math.max(most, running);
          await gate.promise;
          running -= 1;
          return false;
        },
      },
    );
    await until(() => calls === 1, 'the first pass');
    // Long past the interval: a second pass must not start while the first is running.
    await sleep(50);
    expect(calls).toBe(1);
    gate.resolve();
    await until(() => calls >= 3, 'more passes');
    gate = deferred();
    const callsBefore = calls;
    await until(() => running === 1 && calls > callsBefore, 'a pass in progress');

    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(running).toBe(0);
    expect(most).toBe(1);
    const after = calls;
    await sleep(30);
    expect(calls).toBe(after);
  });

  it('logs a failed pass, runs the next one, and reports every pass', async () => {
    const reports: PassReport[] = [];
    let calls = 0;
    const job = startJob(
      { database, logger, onPass: (report) => reports.push(report) },
      {
        name: 'failing-test',
        intervalMs: 1,
        firstDelayMs: 0,
        async pass() {
          calls += 1;
          if (calls === 1) throw new Error('supplier down');
          return false;
        },
      },
    );
    await until(() => reports.length >= 2, 'two passes');
    await job.stop();
    expect(reports[0]).toMatchObject({ job: 'failing-test', ok: false, skipped: false });
    expect(reports[1]).toMatchObject({ job: 'failing-test', ok: true, skipped: false });
    expect(reports[0]!.ms).toBeGreaterThanOrEqual(0);
    const counters = job.counters();
    expect(counters.failures).toBe(1);
    expect(counters.passes).toBe(reports.length);
  });

  it('goes on at once while a pass says more is due, as one pass', async () => {
    const results = [true, true, false];
    let calls = 0;
    const reports: PassReport[] = [];
    const job = startJob(
      { database, logger, onPass: (report) => reports.push(report) },
      {
        name: 'batch-test',
        intervalMs: 60_000,
        firstDelayMs: 0,
        async pass() {
          return results[calls++] ?? false;
        },
      },
    );
    await until(() => reports.length === 1, 'the pass');
    await job.stop();
    expect(calls).toBe(3);
    expect(job.counters().passes).toBe(1);
  });

  it.skipIf(!adminUrl)(
    'passes holding their locks never take the connections their work needs (a pool of one)',
    async () => {
      // Every connection of the main pool held by a job's lock, each pass waiting for one more:
      // with the locks on the main pool this never ends (and the process stops answering).
      const node = openDatabase({ databaseUrl: url!, poolMax: 1 });
      extra.push(node);
      const reports: PassReport[] = [];
      const jobs = ['pool-a', 'pool-b', 'pool-c'].map((name) =>
        startJob(
          { database: node, logger, onPass: (report) => reports.push(report) },
          {
            name,
            intervalMs: 60_000,
            firstDelayMs: 0,
            async pass() {
              await sleep(50);
              await node.db.execute(sql`select 1`);
              return false;
            },
          },
        ),
      );
      await until(() => reports.length === 3, 'a pass of each job', 30_000);
      await Promise.all(jobs.map((job) => job.stop()));
      expect(
        reports
          .map((r) => ({ job: r.job, ok: r.ok, skipped: r.skipped }))
          .sort((a, b) => a.job.localeCompare(b.job)),
      ).toEqual([
        { job: 'pool-a', ok: true, skipped: false },
        { job: 'pool-b', ok: true, skipped: false },
        { job: 'pool-c', ok: true, skipped: false },
      ]);
    },
  );

  it.skipIf(!adminUrl)(
    'a job that is not exclusive runs on every node at once (no cross-node lock)',
    async () => {
      const otherNode = openDatabase({ databaseUrl: url!, poolMax: 3 });
      extra.push(otherNode);
      const gate = deferred();
      let running = 0;
      let most = 0;
      const shared = (node: Database) =>
        startJob(
          { database: node, logger },
          {
            name: 'shared-test',
            intervalMs: 60_000,
            firstDelayMs: 0,
            exclusive: false,
            async pass() {
              running += 1;
              most = Math.max(most, running);
              await gate.promise;
              running -= 1;
              return false;
            },
          },
        );
      const jobs = [shared(database), shared(otherNode)];
      await until(() => most === 2, 'both nodes in a pass', 30_000);
      gate.resolve();
      await Promise.all(jobs.map((job) => job.stop()));
      expect(jobs.map((job) => job.counters().skipped)).toEqual([0, 0]);
    },
  );

  it.skipIf(!adminUrl)(
    'runs one pass at a time across nodes (PostgreSQL advisory lock)',
    async () => {
      const otherNode = openDatabase({ databaseUrl: url!, poolMax: 3 });
      extra.push(otherNode);
      const gate = deferred();
      let firstRunning = false;
      const first = startJob(
        { database, logger },
        {
          name: 'cluster-test',
          intervalMs: 60_000,
          firstDelayMs: 0,
          async pass() {
            firstRunning = true;
            await gate.promise;
            firstRunning = false;
            return false;
          },
        },
      );
      await until(() => firstRunning, 'the first node pass');

      let secondCalls = 0;
      let secondWhileFirst = 0;
      const reports: PassReport[] = [];
      const second = startJob(
        { database: otherNode, logger, onPass: (report) => reports.push(report) },
        {
          name: 'cluster-test',
          intervalMs: 20,
          firstDelayMs: 0,
          async pass() {
            secondCalls += 1;
            if (firstRunning) secondWhileFirst += 1;
            return false;
          },
        },
      );
      await until(() => reports.filter((r) => r.skipped).length >= 2, 'skipped passes');
      expect(secondCalls).toBe(0);
      // Another job name is not held by the first node's lock.
      let otherJobRan = false;
      const unrelated = startJob(
        { database: otherNode, logger },
        {
          name: 'cluster-test-other',
          intervalMs: 60_000,
          firstDelayMs: 0,
          async pass() {
            otherJobRan = true;
            return false;
          },
        },
      );
      await until(() => otherJobRan, 'the unrelated job');
      gate.resolve();
      await first.stop();
      await until(() => secondCalls >= 1, 'the second node taking over');
      await second.stop();
      await unrelated.stop();
      expect(secondWhileFirst).toBe(0);
      expect(second.counters().skipped).toBeGreaterThanOrEqual(2);
    },
  );
});
