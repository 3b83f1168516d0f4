import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { errorCatalogue } from '../../apps/api/src/errors';
import { kind, type Plans } from '../../apps/api/test/purchase-support';
import { startApi, type ApiProcess } from '../../scripts/bench/api-process';
import { seed } from '../../scripts/bench/seed';
import { POSTGRES_ADMIN_URL, SOAK } from './support/env';
import { expectMoneyInvariantsAt } from './support/invariants';
import { CLUSTER_PIN, ROOT } from './support/cluster/cluster';
import { createScratchDatabase, type ScratchDatabase } from './support/cluster/database';
import { call, type Reply } from './support/cluster/http';
import {
  expectEveryOrderEndedOnce,
  keyedTransactions,
  waitForOrdersToEnd,
} from './support/cluster/orders';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * the database going away for a few seconds under load: the API runs as its own
 * process with its PostgreSQL connections through a TCP proxy; under a load of purchases,
 * transfers and reads the proxy resets every connection and turns new ones away for a few
 * seconds, then lets them through again. Every reply meanwhile must be a clean, retryable 503
 * (DATABASE_UNAVAILABLE with Retry-After), never a 500; the process must not die and must serve
 * again by itself; each interrupted request retried with its Idempotency-Key must end as one
 * order; every order must end once and the ledger audit hold.
 *
 * Needs a real server process and PostgreSQL: skipped on the PGlite pass.
 */

const WORKERS = SOAK ? 24 : 8;
const OUTAGES = SOAK ? 3 : 1;
const OUTAGE_MS = SOAK ? 10_000 : 4_000;
/** Load before the first outage and after each recovery. */
const CALM_MS = SOAK ? 5_000 : 2_000;

/**
 * VTpass only: its requery finds an order by our request_id. A DataStation order whose reply (with
 * DataStation's id) was lost to the cut can be found only among the newest orders of DataStation's
 * list; under this load it drops off the list within seconds and rightly waits for an admin
 * (decision 0043), which is not what this test is about. For the same reason airtime is routed to
 * VTpass alone (seed's airtimeRoute): by default a refused VTpass order moves to DataStation, and a
 * move committed just as the cut reset its connection reads as an error, so DataStation is never
 * called and its list never holds the order.
 */
const KINDS = [kind('VTpass airtime')];
/** The purchase sent just before each cut, whose supplier holds it past the cut. */
const STRADDLER = kind('VTpass airtime');
/** Airtime is priced by its amount: no plan needed. */
const NO_PLANS = {} as Plans;

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Phase = 'before' | 'outage' | 'after';
interface Sent {
  kind: 'purchase' | 'transfer' | 'read';
  userIndex: number;
  key?: string;
  path: string;
  json?: unknown;
  /** The phase when it was sent and when its reply came. */
  sentIn: Phase;
  answeredIn: Phase;
  answeredAt: number;
  reply: Reply;
}

describe.skipIf(!POSTGRES_ADMIN_URL)('the database going away under load (PostgreSQL)', () => {
  let database: ScratchDatabase;
  let proxy: TcpProxy;
  let api: ApiProcess;
  let users: { token: string; id: string }[];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'owo-outage-'));
    const sessionSecret = randomBytes(32).toString('hex');
    database = await createScratchDatabase(POSTGRES_ADMIN_URL!);
    const seeded = await seed({
      databaseUrl: database.url,
      users: WORKERS,
      dataDir,
      sessionSecret,
      airtimeRoute: ['vtpass'],
    });
    users = seeded.tokens.map((token, i) => ({ token, id: seeded.userIds[i]! }));
    const server = new URL(database.url);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    api = await startApi({
      root: ROOT,
      databaseUrl: proxy.urlThrough(database.url),
      poolMax: 5,
      dataDir,
      sessionSecret,
      pinCache: false,
      env: {
        RECONCILER_INTERVAL_MS: '300',
        // Orders cut off mid-flight are the reconciler's after this long.
        PROCESSING_GRACE_MS: '9000',
        // How long the sandbox's timeout number holds a purchase before it reads as pending; long
        // enough that an ordinary call on a busy machine is not cut off.
        PROVIDER_TIMEOUT_MS: '4000',
        LIMIT_UNVERIFIED_DAILY_NAIRA: '1000000000',
        LIMIT_UNVERIFIED_BALANCE_NAIRA: '1000000000',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await proxy?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while it is gone, loses nothing, and recovers by itself', async () => {
    const origin = `http://127.0.0.1:${api.port}`;
    const sent: Sent[] = [];
    let phase: Phase = 'before';
    let stop = false;

    const worker = async (userIndex: number) => {
      const user = users[userIndex]!;
      const others = users.filter((u) => u.id !== user.id);
      for (let n = 0; !stop; n += 1) {
        const roll = (n * 7 + userIndex) % 10;
        let request: Omit<Sent, 'sentIn' | 'answeredIn' | 'answeredAt' | 'reply'>;
        if (roll < 5) {
          const k = KINDS[n % KINDS.length]!;
          const phone = roll === 0 ? MAGIC_PHONES.failed : MAGIC_PHONES.delivered;
          request = {
            kind: 'purchase',
            userIndex,
            key: `out-${randomUUID()}`,
            path: k.url,
            json: k.body(phone, NO_PLANS, CLUSTER_PIN),
          };
        } else if (roll < 8) {
          request = {
            kind: 'transfer',
            userIndex,
            key: `out-${randomUUID()}`,
            path: '/api/transfers',
            json: {
              recipientIdentifier: others[n % others.length]!.id,
              amount: 10 + n,
              transactionPin: CLUSTER_PIN,
            },
          };
        } else {
          request = { kind: 'read', userIndex, path: '/api/user' };
        }
        const sentIn = phase;
        const reply = await call(origin, request.kind === 'read' ? 'GET' : 'POST', request.path, {
          token: user.token,
          json: request.json,
          headers: request.key ? { 'idempotency-key': request.key } : {},
        });
        sent.push({ ...request, sentIn, answeredIn: phase, answeredAt: Date.now(), reply });
        // A client told to come back later does; the load keeps its pace either way.
        if (reply.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // A worker that fails (the API process gone: fetch fails) stops the load and fails the test.
    const failures: unknown[] = [];
    const workers = Array.from({ length: WORKERS }, (_, i) =>
      worker(i).catch((error: unknown) => {
        stop = true;
        failures.push(error);
      }),
    );
    const recoveries: number[] = [];
    await sleep(CALM_MS);
    for (let outage = 0; outage < OUTAGES; outage += 1) {
      // Purchases caught mid-flight: reserved, then held by their supplier (the sandbox's
      // timeout number) until after the cut, so the rest of their request meets no database.
      const straddlers = users.map((user, userIndex) => ({
        kind: 'purchase' as const,
        userIndex,
        key: `straddle-${randomUUID()}`,
        path: STRADDLER.url,
        json: STRADDLER.body(MAGIC_PHONES.timeout, NO_PLANS, CLUSTER_PIN),
      }));
      const held = straddlers.map(async (request) => {
        const reply = await call(origin, 'POST', request.path, {
          token: users[request.userIndex]!.token,
          json: request.json,
          headers: { 'idempotency-key': request.key },
        });
        sent.push({
          ...request,
          sentIn: 'before',
          answeredIn: phase,
          answeredAt: Date.now(),
          reply,
        });
      });
      await until(async () => {
        const [row] = await database.query<{ n: number }>(
          'select count(*)::int as n from idempotency_keys where key = any($1::text[])',
          [straddlers.map((s) => s.key)],
        );
        return row?.n === straddlers.length;
      }, 60_000);
      proxy.cut();
      phase = 'outage';
      // Down for OUTAGE_MS, and at least until every held purchase has had its answer.
      await Promise.all([sleep(OUTAGE_MS), Promise.all(held)]);
      proxy.restore();
      const restoredAt = Date.now();
      phase = 'after';
      // Recovered: a request sent after the restore succeeded, without restarting anything.
      const deadline = restoredAt + 60_000;
      while (
        !sent.some(
          (s) => s.sentIn === 'after' && s.answeredAt >= restoredAt && s.reply.status < 300,
        )
      ) {
        if (failures.length > 0) break;
        if (Date.now() > deadline) throw new Error('the API did not recover within 60 s');
        await sleep(50);
      }
      const firstOk = Math.min(
        ...sent
          .filter((s) => s.sentIn === 'after' && s.answeredAt >= restoredAt && s.reply.status < 300)
          .map((s) => s.answeredAt),
      );
      recoveries.push(firstOk - restoredAt);
      await sleep(CALM_MS);
    }
    stop = true;
    await Promise.all(workers);
    if (failures.length > 0) throw failures[0];

    // Never a 500; only outcomes a client understands. Every 503 is the retryable one.
    const byStatus: Record<string, number> = {};
    for (const s of sent) {
      const label = `${s.answeredIn === 'outage' ? 'outage' : 'up'}:${s.reply.status}`;
      byStatus[label] = (byStatus[label] ?? 0) + 1;
    }
    for (const s of sent) {
      expect([200, 202, 422, 503], JSON.stringify(s.reply.body)).toContain(s.reply.status);
      if (s.reply.status === 503) {
        expect(s.reply.body).toMatchObject({
          success: false,
          code: 'DATABASE_UNAVAILABLE',
          message: errorCatalogue.DATABASE_UNAVAILABLE.message,
        });
        expect(Number(s.reply.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    const during = sent.filter((s) => s.answeredIn === 'outage');
    expect(during.filter((s) => s.reply.status === 503).length).toBeGreaterThan(0);
    // While the database was gone nothing could succeed (every route here needs it).
    expect(during.filter((s) => s.sentIn === 'outage' && s.reply.status !== 503)).toEqual([]);

    // Nothing half-written: a 503'd purchase whose key was stored has its whole reservation
    // (order, history row, reserve leg), left for the reconciler; the others left nothing.
    const keyRow = await keyedTransactions(database);
    const cut = sent.filter((s) => s.key && s.reply.status === 503);
    let reservedBeforeCut = 0;
    for (const s of cut) {
      const tx = keyRow.get(`${users[s.userIndex]!.id}/${s.key}`);
      if (!tx || s.kind !== 'purchase') continue;
      reservedBeforeCut += 1;
      const [row] = await database.query<{ state: string; legs: number }>(
        `select p.state, (select count(*)::int from ledger_transfers l
                           where l.transaction_id = p.transaction_id
                             and l.code = 'purchase_reserve') as legs
           from purchases p join transactions t on t.id = p.transaction_id
          where p.transaction_id = $1`,
        [tx],
      );
      expect(row, `order ${tx} of key ${s.key}`).toMatchObject({ legs: 1 });
    }
    // The held purchases were reserved before the cut and cut off after it.
    expect(reservedBeforeCut).toBeGreaterThanOrEqual(WORKERS * OUTAGES);

    // The client retries each 503'd request with its key: it ends as one order (or transfer).
    const retried = await Promise.all(
      cut.map((s) =>
        call(origin, 'POST', s.path, {
          token: users[s.userIndex]!.token,
          json: s.json,
          headers: { 'idempotency-key': s.key! },
        }),
      ),
    );
    for (const reply of retried) {
      expect([200, 202, 422], JSON.stringify(reply.body)).toContain(reply.status);
    }

    // A pass cut off by the outage leaves its claims leased (60 s), and a pending order waits out its
    // requery backoff on top of that: 120 s was not always enough.
    await waitForOrdersToEnd(database, 240_000);
    const orders = await expectEveryOrderEndedOnce(database);
    const keys = await keyedTransactions(database);
    const keyed = sent.filter((s) => s.key);
    for (const s of keyed) {
      const tx = keys.get(`${users[s.userIndex]!.id}/${s.key}`);
      // Answered, or retried after a 503: either way the key now names its one order.
      expect(tx, `${s.kind} ${s.key} answered ${s.reply.status}`).toBeTruthy();
      if (tx && s.reply.body?.data?._id) expect(s.reply.body.data._id).toBe(tx);
    }
    // One order per key: every order belongs to exactly one key of this load.
    const purchaseKeys = keyed.filter((s) => s.kind === 'purchase').length;
    expect(orders).toHaveLength(purchaseKeys);
    const [transfers] = await database.query<{ n: number }>(
      'select count(*)::int as n from wallet_transfers',
    );
    expect(transfers?.n).toBe(keyed.filter((s) => s.kind === 'transfer').length);

    await expectMoneyInvariantsAt(database.url);
    // Still the same process, still serving.
    expect((await call(origin, 'GET', '/api/ready')).status).toBe(200);

    console.log(
      `db-outage: ${JSON.stringify({
        workers: WORKERS,
        outages: OUTAGES,
        outageMs: OUTAGE_MS,
        requests: sent.length,
        repliesByPhaseAndStatus: byStatus,
        proxy: proxy.stats(),
        retriedAfterRecovery: cut.length,
        reservedBeforeCut,
        orders: orders.length,
        transfers: transfers?.n,
        recoveryMs: recoveries,
      })}`,
    );
  });
});
