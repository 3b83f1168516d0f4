/**
 * Preloaded into the API child by the bench (`node --import tsx --import <this file> server.ts`).
 * It counts what purchases cost inside the API without touching the API's code: SQL round trips
 * and their time, transactions, waits for a pooled connection, supplier (sandbox) calls and
 * argon2 verifications. The counters are cumulative; the bench asks for them with SIGUSR2 and
 * reads the line `BENCH_COUNTERS {...}` from the child's stdout.
 *
 * With API_PROCESSES > 1 this file is loaded into the cluster's primary and every worker (they
 * inherit its flags); the primary answers the signal with the sum over itself and its workers,
 * asked over the cluster's IPC channel (see the end of this file).
 *
 * Overhead: a counter increment and two performance.now() calls per query; nothing else changes.
 *
 * BENCH_PIN_CACHE=1 (a diagnostic, never a real configuration) remembers argon2 verify results,
 * so an argon2 check costs one real verification per user and then nothing: it shows what the
 * rest of a purchase costs while PINs are argon2id. (Since PINs became keyed HMAC digests, a
 * purchase verifies no argon2 at all and the diagnostic changes nothing.)
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import cluster, { type Worker } from 'node:cluster';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface ProbeCounters {
  /** Every client.query call: statements, including BEGIN/COMMIT. */
  queries: number;
  /** Sum of their round trips (sent → result), milliseconds. */
  queryMs: number;
  begins: number;
  commits: number;
  rollbacks: number;
  /** Statements sent outside BEGIN … COMMIT: each is its own server transaction. */
  autocommit: number;
  /** pool.connect calls (pool.query and drizzle transactions both take a client). */
  poolConnects: number;
  /** Time spent waiting for a pooled connection, milliseconds. */
  poolWaitMs: number;
  /** Outgoing supplier calls through undici (the adapters; the sandbox may run in this same process). */
  fetches: number;
  fetchMs: number;
  argon2Verifies: number;
  argon2VerifyMs: number;
  /** Verifications answered from the diagnostic cache (BENCH_PIN_CACHE=1). */
  argon2Cached: number;
  /** Whether the argon2 wrapper is in place (see below). */
  argon2Probe: boolean;
  /** Per statement (its SQL, shortened): how many and their summed round trips, ms. */
  statements: Record<string, { count: number; ms: number }>;
}

const counters: ProbeCounters = {
  queries: 0,
  queryMs: 0,
  begins: 0,
  commits: 0,
  rollbacks: 0,
  autocommit: 0,
  poolConnects: 0,
  poolWaitMs: 0,
  fetches: 0,
  fetchMs: 0,
  argon2Verifies: 0,
  argon2VerifyMs: 0,
  argon2Cached: 0,
  argon2Probe: false,
  statements: {},
};

const MAX_STATEMENT_KEYS = 200;
// The same few SQL texts repeat; a lookup is cheaper than normalising each one again.
const keys = new Map<string, string>();
function statementKey(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    key = text.replace(/\s+/g, ' ').trim().slice(0, 90) || '(not text)';
    if (keys.size < 1000) keys.set(text, key);
  }
  return key;
}

// ------------------------------------------------------------------ SQL statements
const inTransaction = new WeakSet<object>();

function queryText(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) {
    const text = (first as { text: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return '';
}

function classify(client: object, text: string) {
  counters.queries += 1;
  const head = text.trimStart().slice(0, 10).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('start tran')) {
    counters.begins += 1;
    inTransaction.add(client);
  } else if (head.startsWith('commit')) {
    counters.commits += 1;
    inTransaction.delete(client);
  } else if (head.startsWith('rollback')) {
    counters.rollbacks += 1;
    inTransaction.delete(client);
  } else if (!inTransaction.has(client)) {
    counters.autocommit += 1;
  }
}

type AnyFn = (...args: unknown[]) => unknown;
const clientProto = pg.Client.prototype as unknown as { query: AnyFn };
const originalQuery = clientProto.query;
clientProto.query = function (this: object, ...args: unknown[]) {
  const text = queryText(args[0]);
  classify(this, text);
  const key = statementKey(text);
  let entry = counters.statements[key];
  if (!entry && Object.keys(counters.statements).length < MAX_STATEMENT_KEYS) {
    entry = counters.statements[key] = { count: 0, ms: 0 };
  }
  if (entry) entry.count += 1;
  const started = performance.now();
  const done = () => {
    const ms = performance.now() - started;
    counters.queryMs += ms;
    if (entry) entry.ms += ms;
  };
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...results: unknown[]) => {
      done();
      return (callback as AnyFn)(...results);
    };
    return originalQuery.apply(this, args);
  }
  const result = originalQuery.apply(this, args);
  if (result instanceof Promise) result.then(done, done);
  return result;
};

// ------------------------------------------------------------------ pool waits
const poolProto = pg.Pool.prototype as unknown as { connect: AnyFn };
const originalConnect = poolProto.connect;
poolProto.connect = function (this: object, ...args: unknown[]) {
  counters.poolConnects += 1;
  const started = performance.now();
  const done = () => {
    counters.poolWaitMs += performance.now() - started;
  };
  const callback = args[0];
  if (typeof callback === 'function') {
    return originalConnect.call(this, (...results: unknown[]) => {
      done();
      return (callback as AnyFn)(...results);
    });
  }
  const result = originalConnect.apply(this, args);
  if (result instanceof Promise) result.then(done, done);
  return result;
};

// ------------------------------------------------------------------ supplier calls
// The adapters call suppliers through undici (packages/providers/src/http.ts); undici publishes
// each request's start and end on diagnostics channels, so the probe times them from outside.
const supplierStarts = new WeakMap<object, number>();
const supplierDone = (message: unknown) => {
  const request = (message as { request: object }).request;
  const started = supplierStarts.get(request);
  if (started === undefined) return;
  supplierStarts.delete(request);
  counters.fetches += 1;
  counters.fetchMs += performance.now() - started;
};
diagnosticsChannel.subscribe('undici:request:create', (message) => {
  supplierStarts.set((message as { request: object }).request, performance.now());
});
diagnosticsChannel.subscribe('undici:request:trailers', supplierDone);
diagnosticsChannel.subscribe('undici:request:error', supplierDone);

// ------------------------------------------------------------------ argon2
// The app imports { verify } from '@node-rs/argon2' (a CommonJS module) through ESM. Node builds
// that ESM view from the CommonJS exports object when the app first imports it, which is after
// this preload: replacing the property here is what the app then sees. If it ever is not,
// argon2Verifies stays 0 and the bench says the probe did not attach.
const require = createRequire(import.meta.url);
const argon2 = require('@node-rs/argon2') as {
  verify: (hashed: string, secret: string, ...rest: unknown[]) => Promise<boolean>;
};
const originalVerify = argon2.verify;
const pinCache = process.env.BENCH_PIN_CACHE === '1' ? new Map<string, boolean>() : undefined;
argon2.verify = async (hashed, secret, ...rest) => {
  const key = `${hashed}\u0000${secret}`;
  const cached = pinCache?.get(key);
  if (cached !== undefined) {
    counters.argon2Cached += 1;
    return cached;
  }
  const started = performance.now();
  try {
    const ok = await originalVerify(hashed, secret, ...rest);
    pinCache?.set(key, ok);
    return ok;
  } finally {
    counters.argon2Verifies += 1;
    counters.argon2VerifyMs += performance.now() - started;
  }
};
counters.argon2Probe = true;

// ------------------------------------------------------------------ CPU profile (opt-in)
// BENCH_PROFILE_FILE: the first SIGUSR2 (start of the measured window) starts V8's sampling
// profiler, the second (its end) stops it and writes the .cpuprofile there.
const profileFile = process.env.BENCH_PROFILE_FILE;
let session: Session | undefined;
let signals = 0;
function post(method: string, params?: object): Promise<unknown> {
  return new Promise((resolve, reject) =>
    session?.post(method, params ?? {}, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}
async function profileStep() {
  if (!profileFile) return;
  signals += 1;
  if (signals === 1) {
    session = new Session();
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 1000 });
    await post('Profiler.start');
  } else if (signals === 2 && session) {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(profileFile, JSON.stringify(profile));
    session.disconnect();
  }
}

// ------------------------------------------------------------------ several API processes
interface CountersRequest {
  benchCounters: number;
}
interface CountersReply {
  benchCountersReply: number;
  counters: ProbeCounters;
}
const isRecord = (m: unknown): m is Record<string, unknown> => typeof m === 'object' && m !== null;

if (cluster.isWorker) {
  process.on('message', (message: unknown) => {
    if (!isRecord(message) || typeof message.benchCounters !== 'number') return;
    const reply: CountersReply = { benchCountersReply: message.benchCounters, counters };
    process.send?.(reply);
  });
}

let requests = 0;
function askWorker(worker: Worker, id: number): Promise<ProbeCounters> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isRecord(message) || message.benchCountersReply !== id) return;
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve((message as unknown as CountersReply).counters);
    };
    const timer = setTimeout(() => {
      worker.off('message', onMessage);
      reject(new Error(`worker ${worker.process.pid} did not send its counters`));
    }, 3_000);
    worker.on('message', onMessage);
    const request: CountersRequest = { benchCounters: id };
    worker.send(request);
  });
}

function sum(all: ProbeCounters[]): ProbeCounters {
  const total: ProbeCounters = { ...counters, statements: {} };
  for (const key of Object.keys(total) as (keyof ProbeCounters)[]) {
    if (typeof total[key] === 'number') {
      (total[key] as number) = all.reduce((n, c) => n + (c[key] as number), 0);
    }
  }
  total.argon2Probe = all.every((c) => c.argon2Probe);
  for (const c of all) {
    for (const [sql, { count, ms }] of Object.entries(c.statements)) {
      const entry = (total.statements[sql] ??= { count: 0, ms: 0 });
      entry.count += count;
      entry.ms += ms;
    }
  }
  return total;
}

/** This process's counters, or in a cluster's primary its own and every worker's, summed. */
async function countersNow(): Promise<ProbeCounters> {
  const workers = Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => !!worker?.isConnected(),
  );
  if (!cluster.isPrimary || workers.length === 0) return counters;
  requests += 1;
  const id = requests;
  return sum([counters, ...(await Promise.all(workers.map((w) => askWorker(w, id))))]);
}

process.on('SIGUSR2', () => {
  void profileStep()
    .catch((error: unknown) => console.error('bench probe: profiler failed', error))
    .then(countersNow)
    // A worker that does not answer leaves no line: the bench then fails rather than report a
    // part of the purchases' cost as all of it.
    .then(
      (all) => process.stdout.write(`BENCH_COUNTERS ${JSON.stringify(all)}\n`),
      (error: unknown) => console.error('bench probe: counters incomplete', error),
    );
});
