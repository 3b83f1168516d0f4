import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { purchases } from '../src/db/schema';
import { startJob, type JobDefinition } from '../src/jobs/job-runner';
import { ledgerAuditJob } from '../src/modules/metrics/ledger-audit-job';
import { startMetricsListener, type MetricsListener } from '../src/modules/metrics/listener';
import { startMetrics } from '../src/modules/metrics/start';
import { createTestApp, customer, type TestApp } from './harness';
import { bankTransfer, simulateTransfer } from './deposit-support';

/**
 * The value of a series (`name{labels} value` lines), summed over the labels not given; undefined
 * when no line matches.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((pair) => have.includes(pair))) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs one pass of a job through the job helper, with the metrics' onPass hook. */
async function onePass(t: TestApp, job: JobDefinition) {
  const running = startJob(
    { database: t.deps.database, logger: t.deps.logger, onPass: t.services.metrics.jobPass },
    { ...job, firstDelayMs: 0, intervalMs: 3_600_000 },
  );
  await expect.poll(() => running.counters().passes, { timeout: 10_000 }).toBe(1);
  await running.stop();
  return running.counters();
}

describe('metrics listener', () => {
  let t: TestApp;
  let listener: MetricsListener;
  const scrape = async (path = '/metrics', init?: RequestInit) =>
    fetch(`http://127.0.0.1:${listener.port}${path}`, init);
  const metricsText = async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    return res.text();
  };

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    listener = await startMetricsListener({
      metrics: t.services.metrics,
      host: '127.0.0.1',
      port: 0,
      logger: t.deps.logger,
    });
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  it('answers with every named series after a purchase, a webhook and a reconciler pass', async () => {
    const user = await customer(t, 1000);
    const buy = (phone: string, key: string) =>
      t.request({
        method: 'POST',
        url: '/api/transactions/airtime',
        token: user.token,
        headers: { 'idempotency-key': key },
        payload: { network: 1, mobile_number: phone, amount: 100, transactionPin: '1234' },
      });
    expect((await buy(MAGIC_PHONES.delivered!, 'metrics-buy-0001')).statusCode).toBe(200);
    const pending = await buy(MAGIC_PHONES.pendingThenDelivered!, 'metrics-buy-0002');
    expect(pending.statusCode, pending.body).toBe(202);
    const [order] = await t.deps.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.state, 'pending'));
    expect(order).toBeDefined();
    const supplier = order!.supplier;

    // A deposit whose signed notification the simulator delivers, and one forged notification.
    const session = (await bankTransfer(t, user.token, 500)).json().data;
    const transfer = await simulateTransfer(t, session.payerVirtualAccNo, 50_000);
    expect(transfer.delivered).toBe(true);
    const forged = await t.request({
      method: 'POST',
      url: '/api/webhooks/palmpay',
      headers: { 'content-type': 'application/json' },
      payload: '{"orderNo":"x","sign":"bm90"}',
    });
    expect(forged.statusCode).toBe(401);

    t.clock.advance(10 * 60_000);
    let text = await metricsText();
    expect(sample(text, 'owo_pending_orders')).toBe(1);
    expect(sample(text, 'owo_oldest_pending_order_age_seconds')).toBeGreaterThanOrEqual(600);

    expect(
      (await onePass(t, { name: 'reconciler', intervalMs: 1, pass: t.services.reconciler.pass }))
        .failures,
    ).toBe(0);
    expect((await onePass(t, ledgerAuditJob(t.deps, t.services.metrics, 60_000))).failures).toBe(0);
    text = await metricsText();

    const airtime = { method: 'POST', route: '/api/transactions/airtime' };
    expect(sample(text, 'owo_http_requests_total', { ...airtime, status_class: '2xx' })).toBe(2);
    expect(
      sample(text, 'owo_http_request_duration_seconds_count', { ...airtime, status_class: '2xx' }),
    ).toBe(2);
    expect(
      sample(text, 'owo_http_requests_total', {
        method: 'POST',
        route: '/api/webhooks/palmpay',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(sample(text, 'owo_purchases_total', { supplier, outcome: 'pending' })).toBe(1);
    // The plain order and, by the reconciler, the pending one.
    // The plain order and, through the reconciler, the pending one.
    expect(sample(text, 'owo_purchases_total', { outcome: 'delivered' })).toBe(2);
    expect(sample(text, 'owo_purchases_total', { supplier, outcome: 'failed' })).toBe(0);
    expect(sample(text, 'owo_purchase_admin_refunds_total', { supplier })).toBe(0);
    expect(
      sample(text, 'owo_supplier_call_duration_seconds_count', { supplier }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'owo_webhooks_total', { supplier: 'palmpay', result: 'credited' })).toBe(1);
    expect(
      sample(text, 'owo_webhooks_total', { supplier: 'palmpay', result: 'bad_signature' }),
    ).toBe(1);
    expect(sample(text, 'owo_job_passes_total', { job: 'reconciler', result: 'ok' })).toBe(1);
    expect(sample(text, 'owo_job_passes_total', { job: 'ledger-audit', result: 'ok' })).toBe(1);
    expect(sample(text, 'owo_ledger_audit_ok')).toBe(1);
    expect(sample(text, 'owo_ledger_audit_last_run_timestamp_seconds')).toBe(
      t.clock.now().getTime() / 1000,
    );
    expect(sample(text, 'owo_pending_orders')).toBe(0);
    expect(sample(text, 'owo_oldest_pending_order_age_seconds')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // Pool series on PostgreSQL only (PGlite has no pool).
    const pool = sample(text, 'owo_db_pool_connections');
    if (t.deps.database.kind === 'postgres') {
      expect(pool).toBeGreaterThan(0);
      expect(sample(text, 'owo_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'owo_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(pool).toBeUndefined();
    }
  });

  it('labels requests with the route pattern, never the raw URL', async () => {
    const id = '0b5f3a52-6f0e-4b8e-9d47-3f1c2b7a9e10';
    const user = await customer(t);
    const res = await t.request({
      method: 'GET',
      url: `/api/deposit/${id}/status`,
      token: user.token,
    });
    expect(res.statusCode).toBe(404);
    await t.request({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const text = await metricsText();
    expect(text).not.toContain(id);
    expect(
      sample(text, 'owo_http_requests_total', {
        method: 'GET',
        route: '/api/deposit/:id/status',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(
      sample(text, 'owo_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('serves GET /metrics only; the API port does not serve it', async () => {
    expect((await scrape('/')).status).toBe(404);
    expect((await scrape('/api/metrics')).status).toBe(404);
    expect((await scrape('/metrics', { method: 'POST' })).status).toBe(405);
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
  });

  it('is off without METRICS_PORT and on loopback by default', async () => {
    const defaults = loadConfig({ DATA_DIR: t.deps.config.dataDir });
    expect(defaults.metricsPort).toBeUndefined();
    expect(defaults.metricsHost).toBe('127.0.0.1');
    const port = await freePort();
    const started = await startMetrics(
      { ...t.deps, config: { ...t.deps.config, metricsPort: port, ledgerAuditIntervalMs: 0 } },
      t.services.metrics,
    );
    try {
      expect(started.listener).toMatchObject({ host: '127.0.0.1', port });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('owo_http_requests_total');
    } finally {
      await started.stop();
    }
    const off = await startMetrics(
      { ...t.deps, config: { ...t.deps.config, metricsPort: undefined, ledgerAuditIntervalMs: 0 } },
      t.services.metrics,
    );
    expect(off.listener).toBeUndefined();
    await off.stop();
  });

  it('keeps the request id on every log line of a request', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp({ ...t.deps, logger: pino({ level: 'info' }, sink) });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/ogdams',
        headers: { 'content-type': 'application/json', 'x-request-id': 'metrics-log-0001' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-request-id']).toBe('metrics-log-0001');
      const mine = lines.filter((line) => line.reqId === 'metrics-log-0001');
      expect(mine.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
      // Every line the request wrote carries the id (none without it mentions its URL).
      const aboutIt = lines.filter((line) => JSON.stringify(line).includes('/api/webhooks/ogdams'));
      expect(aboutIt.every((line) => line.reqId === 'metrics-log-0001')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
