import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** The purchase every client repeats: in-house VTU airtime to the sandbox's "delivered" number. */
export const PURCHASE_PATH = '/api/transactions/airtime';
export const PURCHASE_BODY = JSON.stringify({
  network: 1,
  mobile_number: '08011111111',
  amount: 100,
  transactionPin: '1234',
  airtime_type: 'VTU',
  Ported_number: true,
});
export const PURCHASE_NAIRA = 100;

export interface Reply {
  status: number;
  body: string;
}

export function post(
  agent: http.Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = 60_000,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no reply in ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Whether the API answered 200 with `success: true` (for a purchase: the sandbox delivered). */
export function succeeded(reply: { status: number; body: string }): boolean {
  if (reply.status !== 200) return false;
  try {
    return (JSON.parse(reply.body) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}

/**
 * The reseller API's purchase (decision 0087): the same ₦100 of airtime to the same number, with
 * an API key instead of a session and PIN, and a reference of the reseller's instead of an
 * Idempotency-Key. Its airtime follows the routing table (VTpass first by default), as the app's
 * VTpass airtime route does, not the in-house route of PURCHASE_PATH.
 */
export const PUBLIC_PURCHASE_PATH = '/api/v1/purchases/airtime';

export async function purchaseWithKey(agent: http.Agent, port: number, key: string) {
  const body = JSON.stringify({
    reference: randomUUID(),
    network: 'MTN',
    phone: '08011111111',
    amount: PURCHASE_NAIRA,
  });
  const reply = await post(
    agent,
    port,
    PUBLIC_PURCHASE_PATH,
    { authorization: `Bearer ${key}` },
    body,
  );
  return { ...reply, ok: succeeded(reply) };
}

/** One purchase; ok when the API answers 200 with success true (the sandbox delivered). */
export async function purchase(agent: http.Agent, port: number, token: string) {
  // A reseller API key (owo_test_…, owo_live_…) buys through the public API.
  if (token.startsWith('owo_')) return purchaseWithKey(agent, port, token);
  const reply = await post(
    agent,
    port,
    PURCHASE_PATH,
    { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    PURCHASE_BODY,
  );
  return { ...reply, ok: succeeded(reply) };
}

export interface LoadResult {
  clients: number;
  /** The measured window, seconds. */
  seconds: number;
  /** Purchases answered 200 + success in the window. */
  ok: number;
  errors: number;
  purchasesPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  statuses: Record<string, number>;
  sampleErrors: string[];
  /** Every purchase request answered over the whole pass (warm-up and tail included). */
  allRequests: number;
  allOk: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * N clients, one keep-alive connection each, each sending the next purchase as soon as the last
 * is answered (closed loop). Only replies that arrive while recording count; the caller turns
 * recording on after the warm-up and off at the end of the window.
 */
export class LoadGenerator {
  private readonly agent: http.Agent;
  private stopped = false;
  private recording = false;
  private windowStart = 0;
  private windowEnd = 0;
  private latencies: number[] = [];
  private ok = 0;
  private errors = 0;
  private allRequests = 0;
  private allOk = 0;
  private statuses = new Map<string, number>();
  private sampleErrors: string[] = [];
  private loops: Promise<void>[] = [];

  constructor(
    private readonly port: number,
    private readonly tokens: string[],
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  }

  start() {
    this.loops = this.tokens.map((token) => this.client(token));
  }

  startRecording() {
    this.windowStart = performance.now();
    this.recording = true;
  }

  stopRecording() {
    this.recording = false;
    this.windowEnd = performance.now();
  }

  /** Lets the requests in flight finish, then closes the connections. */
  async stop() {
    this.stopped = true;
    await Promise.all(this.loops);
    this.agent.destroy();
  }

  private async client(token: string) {
    while (!this.stopped) {
      const started = performance.now();
      let status: string;
      let ok = false;
      let detail = '';
      try {
        const reply = await purchase(this.agent, this.port, token);
        ok = reply.ok;
        status = String(reply.status);
        if (!ok) detail = `HTTP ${reply.status}: ${reply.body.slice(0, 400)}`;
      } catch (error) {
        status = 'network error';
        detail = `network error: ${error instanceof Error ? error.message : String(error)}`;
      }
      const elapsed = performance.now() - started;
      this.allRequests += 1;
      if (ok) this.allOk += 1;
      if (this.recording) {
        this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
        if (ok) {
          this.ok += 1;
          this.latencies.push(elapsed);
        } else {
          this.errors += 1;
        }
      }
      if (!ok && this.sampleErrors.length < 5) this.sampleErrors.push(detail);
      // A broken server must not turn the bench into a busy loop.
      if (!ok && status === 'network error') await new Promise((r) => setTimeout(r, 100));
    }
  }

  result(): LoadResult {
    const seconds = (this.windowEnd - this.windowStart) / 1000;
    const sorted = Float64Array.from(this.latencies).sort();
    const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
    return {
      clients: this.tokens.length,
      seconds: round(seconds, 2),
      ok: this.ok,
      errors: this.errors,
      purchasesPerSecond: round(this.ok / seconds),
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1] ?? Number.NaN),
        mean: round(mean),
      },
      statuses: Object.fromEntries(this.statuses),
      sampleErrors: this.sampleErrors,
      allRequests: this.allRequests,
      allOk: this.allOk,
    };
  }
}
