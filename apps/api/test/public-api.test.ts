import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { apiKeys, purchases, users } from '../src/db/schema';
import { generateKey } from '../src/modules/developer/key-format';
import { createApiRateLimits } from '../src/modules/public-api/rate-limits';
import { AppError } from '../src/errors';
import { API_MAX_PURCHASES_IN_FLIGHT } from '@owo/shared/constants';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import { callApi, createApiKey, revokeApiKey, verifyWallet, type TestKey } from './api-key-support';
import { countRows, PLAIN_PHONE } from './purchase-support';

/** The reseller API (/api/v1): the key guard, purchases by reference, requery, reads, limits. */

let t: TestApp;
/** A verified reseller with ₦20,000 and a key that may read and buy. */
let seller: { id: string; token: string };
let key: TestKey;

beforeAll(async () => {
  t = await createTestApp();
  seller = await customer(t, 20_000);
  await verifyWallet(t, seller.id);
  key = await createApiKey(t, seller.id);
});
afterAll(async () => {
  await t?.close();
});

/** Each call in its own second of the test clock, so the per-second limit stays out of the way. */
async function api(...args: Parameters<typeof callApi>) {
  t.clock.advance(1_000);
  return callApi(...args);
}

/** A ₦100 airtime order with this reference (delivered unless `extra` says otherwise). */
const airtime = (reference: string, extra: Record<string, unknown> = {}) => ({
  reference,
  network: 'MTN',
  phone: MAGIC_PHONES.delivered,
  amount: 100,
  ...extra,
});

let refCounter = 0;
const newReference = () => `ref-${Date.now().toString(36)}-${(refCounter += 1)}`;

describe('the key guard', () => {
  it('refuses a missing, malformed, unknown, revoked or other-mode key with 401 API_KEY_INVALID', async () => {
    const noKey = await t.request({ method: 'GET', url: '/api/v1/balance' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().code).toBe('API_KEY_INVALID');

    const revoked = await createApiKey(t, seller.id);
    await revokeApiKey(t, revoked.id);
    const live = await createApiKey(t, seller.id, { mode: 'live' });
    for (const presented of [
      'owo_test_short',
      generateKey('test').secret,
      revoked.secret,
      // A live key on a sandbox deployment (the tests run one) is no key here.
      live.secret,
      // A session token is not an API key.
      seller.token,
    ]) {
      const res = await api(t, presented, 'GET', '/api/v1/balance');
      expect(res.statusCode, presented.slice(0, 12)).toBe(401);
      expect(res.json().code).toBe('API_KEY_INVALID');
    }
  });

  it('refuses a disabled owner’s key with 401', async () => {
    const other = await customer(t);
    const otherKey = await createApiKey(t, other.id);
    await t.deps.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, other.id));
    const res = await api(t, otherKey, 'GET', '/api/v1/balance');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('API_KEY_INVALID');
  });

  it('admits only the allowed addresses (403 API_KEY_IP_REFUSED otherwise)', async () => {
    const fenced = await createApiKey(t, seller.id, { allowedIps: ['10.0.0.0/8', '192.0.2.7'] });
    const refused = await api(t, fenced, 'GET', '/api/v1/balance');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('API_KEY_IP_REFUSED');
    // inject's client address is 127.0.0.1.
    // Entries that name nothing are skipped, not a failure of the whole list.
    const open = await createApiKey(t, seller.id, {
      allowedIps: ['not an address', '10.0.0.0/99', '10.0.0.0/x', '192.0.2.7', '127.0.0.0/24'],
    });
    expect((await api(t, open, 'GET', '/api/v1/balance')).statusCode).toBe(200);
  });

  it('reads the client address behind a trusted proxy (TRUST_PROXY), as the app does', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' }, { sameDatabaseAs: t });
    try {
      const fenced = await createApiKey(t, seller.id, { allowedIps: ['10.0.0.0/8'] });
      const from = (address: string) =>
        callApi(proxied, fenced, 'GET', '/api/v1/balance', undefined, {
          'x-forwarded-for': address,
        });
      expect((await from('10.1.2.3')).statusCode).toBe(200);
      const outside = await from('192.0.2.99');
      expect(outside.statusCode).toBe(403);
      expect(outside.json().code).toBe('API_KEY_IP_REFUSED');
    } finally {
      await proxied.close();
    }
  });

  it('refuses a call outside the key’s scopes with 403 API_KEY_SCOPE', async () => {
    const reader = await createApiKey(t, seller.id, { scopes: ['read'] });
    const buy = await api(t, reader, 'POST', '/api/v1/purchases/airtime', {
      reference: newReference(),
      network: 'MTN',
      phone: MAGIC_PHONES.delivered,
      amount: 100,
    });
    expect(buy.statusCode).toBe(403);
    expect(buy.json().code).toBe('API_KEY_SCOPE');
    const buyer = await createApiKey(t, seller.id, { scopes: ['purchase'] });
    const read = await api(t, buyer, 'GET', '/api/v1/balance');
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('API_KEY_SCOPE');
  });

  it('records the key’s use at most once a minute', async () => {
    const used = await createApiKey(t, seller.id);
    const lastUsed = async () =>
      (
        await t.deps.database.db
          .select({ at: apiKeys.lastUsedAt, ip: apiKeys.lastUsedIp })
          .from(apiKeys)
          .where(eq(apiKeys.id, used.id))
      )[0];
    await api(t, used, 'GET', '/api/v1/balance');
    const first = await lastUsed();
    expect(first?.ip).toBe('127.0.0.1');
    expect(first?.at?.getTime()).toBe(t.clock.now().getTime());
    await api(t, used, 'GET', '/api/v1/balance');
    expect((await lastUsed())?.at?.getTime()).toBe(first?.at?.getTime());
    t.clock.advance(60_000);
    await api(t, used, 'GET', '/api/v1/balance');
    expect((await lastUsed())?.at?.getTime()).toBe(t.clock.now().getTime());
  });
});

describe('reads', () => {
  it('answers the balance in naira', async () => {
    const res = await api(t, key, 'GET', '/api/v1/balance');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      balance: (await balanceKobo(t, seller.token)) / 100,
      currency: 'NGN',
    });
  });

  it('lists the catalogue at our selling prices, without the supplier’s cost', async () => {
    const res = await api(t, key, 'GET', '/api/v1/catalogue');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.airtime.networks).toContain('MTN');
    expect(data.data.length).toBeGreaterThan(0);
    expect(data.data[0].planId).toMatch(/^(datastation|ogdams):/);
    expect(data.cable.some((p: { provider: string }) => p.provider === 'gotv')).toBe(true);
    expect(data.electricity.discos.map((d: { disco: string }) => d.disco)).toContain(
      'ikeja-electric',
    );
    expect(data.betting.length).toBeGreaterThan(0);
    expect(res.body.toLowerCase()).not.toContain('cost');
  });
});

describe('purchases', () => {
  it('buys airtime once per reference; a retry answers the first reply; another body is refused', async () => {
    const reference = newReference();
    const before = await balanceKobo(t, seller.token);
    const rowsBefore = await countRows(t, seller.id);
    const first = await api(t, key, 'POST', '/api/v1/purchases/airtime', airtime(reference));
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json().data;
    expect(order).toMatchObject({
      clientReference: reference,
      status: 'success',
      product: 'airtime',
      amount: 100,
      currency: 'NGN',
      recipient: MAGIC_PHONES.delivered,
    });
    expect(order.reference).not.toBe(reference);

    const again = await api(t, key, 'POST', '/api/v1/purchases/airtime', airtime(reference), {
      'idempotency-key': reference,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(order);
    expect(await balanceKobo(t, seller.token)).toBe(before - 10_000);
    expect(await countRows(t, seller.id)).toBe(rowsBefore + 1);

    const changed = await api(
      t,
      key,
      'POST',
      '/api/v1/purchases/airtime',
      airtime(reference, { amount: 200 }),
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balanceKobo(t, seller.token)).toBe(before - 10_000);

    const [row] = await t.deps.database.db
      .select({ apiKeyId: purchases.apiKeyId, clientReference: purchases.clientReference })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(eq(purchases.clientReference, reference));
    expect(row).toEqual({ apiKeyId: key.id, clientReference: reference });
  });

  it('refuses a missing or malformed reference, and an Idempotency-Key that is not the reference', async () => {
    const before = await balanceKobo(t, seller.token);
    const missing = await api(t, key, 'POST', '/api/v1/purchases/airtime', {
      network: 'MTN',
      phone: MAGIC_PHONES.delivered,
      amount: 100,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    const short = await api(t, key, 'POST', '/api/v1/purchases/airtime', airtime('abc'));
    expect(short.statusCode).toBe(400);
    const header = await api(t, key, 'POST', '/api/v1/purchases/airtime', airtime(newReference()), {
      'idempotency-key': 'some-other-key-123',
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(await balanceKobo(t, seller.token)).toBe(before);
  });

  it('buys data, electricity (with its token), cable and betting', async () => {
    const catalogue = (await api(t, key, 'GET', '/api/v1/catalogue')).json().data;
    const plan = catalogue.data.find(
      (p: { planId: string; available: boolean }) =>
        p.planId.startsWith('datastation:') && p.available,
    );
    const data = await api(t, key, 'POST', '/api/v1/purchases/data', {
      reference: newReference(),
      planId: plan.planId,
      phone: MAGIC_PHONES.delivered,
    });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().data).toMatchObject({ product: 'data', amount: plan.price });

    const power = await api(t, key, 'POST', '/api/v1/purchases/electricity', {
      reference: newReference(),
      disco: 'ikeja-electric',
      meterNumber: MAGIC_METERS.delivered,
      meterType: 'prepaid',
      amount: 1_000,
      phone: PLAIN_PHONE,
    });
    expect(power.statusCode, power.body).toBe(200);
    expect(power.json().data).toMatchObject({
      product: 'electricity',
      recipient: MAGIC_METERS.delivered,
    });
    expect(power.json().data.token).toEqual(expect.any(String));

    const bouquet = catalogue.cable.find(
      (p: { provider: string; available: boolean }) => p.provider === 'gotv' && p.available,
    );
    const cable = await api(t, key, 'POST', '/api/v1/purchases/cable', {
      reference: newReference(),
      provider: 'gotv',
      smartcard: MAGIC_SMARTCARDS.delivered,
      planId: bouquet.planId,
      phone: PLAIN_PHONE,
    });
    expect(cable.statusCode, cable.body).toBe(200);
    expect(cable.json().data).toMatchObject({ product: 'cable', amount: bouquet.price });

    const betting = await api(t, key, 'POST', '/api/v1/purchases/betting', {
      reference: newReference(),
      billerId: 'BET9JA',
      itemId: 'BET9JA_TOPUP',
      customerId: '55554444',
      amount: 1_000,
    });
    expect([200, 202], betting.body).toContain(betting.statusCode);
    expect(betting.json().data).toMatchObject({ product: 'betting', recipient: '55554444' });
    await expectLedgerConsistent(t);
  });

  it('answers a failed order 422 PURCHASE_FAILED, refunds it, and the requery shows it failed', async () => {
    const reference = newReference();
    const before = await balanceKobo(t, seller.token);
    const res = await api(
      t,
      key,
      'POST',
      '/api/v1/purchases/airtime',
      airtime(reference, { phone: MAGIC_PHONES.failed }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('PURCHASE_FAILED');
    // The refusal carries the order: both references and its status, no requery needed.
    const order = res.json().data.order;
    expect(order).toMatchObject({ clientReference: reference, status: 'failed', amount: 100 });
    expect(order.reference).toMatch(/\S/);
    expect(await balanceKobo(t, seller.token)).toBe(before);
    const requery = await api(t, key, 'GET', `/api/v1/purchases/${reference}`);
    expect(requery.json().data).toMatchObject({ clientReference: reference, status: 'failed' });
    // The retry answers the same refusal; nothing is bought.
    const again = await api(
      t,
      key,
      'POST',
      '/api/v1/purchases/airtime',
      airtime(reference, { phone: MAGIC_PHONES.failed }),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().data.order).toEqual(order);
    expect(await balanceKobo(t, seller.token)).toBe(before);
    await expectLedgerConsistent(t);
  });

  it('refuses an unknown data plan with 404 and charges nothing', async () => {
    const before = await balanceKobo(t, seller.token);
    const res = await api(t, key, 'POST', '/api/v1/purchases/data', {
      reference: newReference(),
      planId: 'nowhere:1',
      phone: MAGIC_PHONES.delivered,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PLAN_NOT_FOUND');
    expect(await balanceKobo(t, seller.token)).toBe(before);
  });

  it('refuses an unverified wallet’s key (403 API_WALLET_NOT_VERIFIED) and charges nothing', async () => {
    const unverified = await customer(t, 1_000);
    const theirKey = await createApiKey(t, unverified.id);
    const res = await api(
      t,
      theirKey,
      'POST',
      '/api/v1/purchases/airtime',
      airtime(newReference()),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('API_WALLET_NOT_VERIFIED');
    expect(await balanceKobo(t, unverified.token)).toBe(100_000);
    expect(await countRows(t, unverified.id)).toBe(1);
  });

  it('requeries by our reference and by the reseller’s; another user’s reference is 404', async () => {
    const reference = newReference();
    const bought = await api(
      t,
      key,
      'POST',
      '/api/v1/purchases/airtime',
      airtime(reference, { phone: MAGIC_PHONES.pendingForever }),
    );
    expect(bought.statusCode, bought.body).toBe(202);
    const order = bought.json().data;
    expect(order.status).toBe('pending');

    const byTheirs = await api(t, key, 'GET', `/api/v1/purchases/${reference}`);
    expect(byTheirs.statusCode).toBe(200);
    expect(byTheirs.json().data).toEqual(order);
    const byOurs = await api(t, key, 'GET', `/api/v1/purchases/${order.reference}`);
    expect(byOurs.statusCode).toBe(200);
    expect(byOurs.json().data).toEqual(order);

    const stranger = await customer(t);
    const strangerKey = await createApiKey(t, stranger.id);
    for (const ref of [reference, order.reference]) {
      const res = await api(t, strangerKey, 'GET', `/api/v1/purchases/${ref}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await api(t, key, 'GET', '/api/v1/purchases/no-such-order-1')).statusCode).toBe(404);
  });

  it('lists the wallet’s transactions, a page at a time', async () => {
    const res = await api(t, key, 'GET', '/api/v1/transactions?page=1&limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.transactions).toHaveLength(2);
    expect(body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(body.pagination.total).toBe(await countRows(t, seller.id));
  });
});

describe('rate limits', () => {
  it('admits 10 calls a second per key with RateLimit headers, then 429 with Retry-After', async () => {
    const busy = await createApiKey(t, seller.id);
    // The start of a fresh second of the test clock: the eleventh call falls in the same one.
    const now = t.clock.now().getTime();
    t.clock.advance(1_000 - (now % 1_000));
    const remaining: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await callApi(t, busy, 'GET', '/api/v1/balance');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('10');
      expect(res.headers['ratelimit-reset']).toBe('1');
      remaining.push(Number(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const refused = await callApi(t, busy, 'GET', '/api/v1/balance');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Another key is not held back by this one.
    expect((await callApi(t, key, 'GET', '/api/v1/balance')).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await callApi(t, busy, 'GET', '/api/v1/balance')).statusCode).toBe(200);
  });
});

describe('rate limits behind the per-second one', () => {
  const limitsWith = (rate: { perSecond: number; perMinute: number; purchasesPerMinute: number }) =>
    createApiRateLimits({
      ...t.deps,
      config: { ...t.deps.config, apiKeyRate: { globalPerSecond: 200, ...rate } },
    });
  const headers = () => {
    const set: Record<string, string> = {};
    return { set, reply: { header: (k: string, v: string) => (set[k] = v) } as never };
  };

  it('holds a key to its minute, with the minute’s reset', async () => {
    const limits = limitsWith({ perSecond: 100, perMinute: 3, purchasesPerMinute: 100 });
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000));
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1_000);
      limits.admit('k1', headers().reply);
    }
    t.clock.advance(1_000);
    const last = headers();
    const refusal = (() => {
      try {
        limits.admit('k1', last.reply);
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(refusal?.code).toBe('RATE_LIMITED');
    expect(refusal?.retryAfterS).toBe(56);
    expect(last.set).toEqual({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '56',
    });
  });

  it('counts a key’s purchases in the reserve, across processes, a minute at a time', async () => {
    // Two API processes on one database, each allowing 2 purchases a key a minute.
    const limit = { API_KEY_PURCHASES_PER_MINUTE: '2' };
    const a = await createTestApp(limit, { sameDatabaseAs: t });
    const b = await createTestApp(limit, { sameDatabaseAs: t });
    try {
      // One time for both processes (each app has its own test clock).
      const tick = (ms: number) => [a, b].forEach((app) => app.clock.advance(ms));
      tick(t.clock.now().getTime() - a.clock.now().getTime());
      const buyer = await createApiKey(t, seller.id);
      const buy = (app: TestApp) =>
        callApi(app, buyer, 'POST', '/api/v1/purchases/airtime', airtime(newReference()));
      const before = await balanceKobo(t, seller.token);
      expect((await buy(a)).statusCode).toBe(200);
      tick(10_000);
      expect((await buy(b)).statusCode).toBe(200);
      tick(10_000);
      const refused = await buy(a);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      // The first purchase leaves the minute 40 s from now.
      expect(refused.headers['retry-after']).toBe('40');
      expect(await balanceKobo(t, seller.token)).toBe(before - 2 * 100 * 100);
      tick(40_000);
      expect((await buy(b)).statusCode).toBe(200);
      await expectLedgerConsistent(t);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('runs at most API_MAX_PURCHASES_IN_FLIGHT purchases at once; the rest wait their turn', async () => {
    const limits = limitsWith({ perSecond: 100, perMinute: 100, purchasesPerMinute: 1_000 });
    let running = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const all = Promise.all(
      Array.from({ length: API_MAX_PURCHASES_IN_FLIGHT + 8 }, (_, i) =>
        limits.purchase(async () => {
          running += 1;
          most = Math.max(most, running);
          await gate;
          running -= 1;
          return i;
        }),
      ),
    );
    // Every claim made and the first slots taken before the gate opens.
    while (running < API_MAX_PURCHASES_IN_FLIGHT) await new Promise((r) => setTimeout(r, 10));
    release();
    const done = await all;
    expect(done).toHaveLength(API_MAX_PURCHASES_IN_FLIGHT + 8);
    expect(most).toBe(API_MAX_PURCHASES_IN_FLIGHT);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI document of exactly the /api/v1 routes, with the key and code samples', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    const documented = Object.entries(doc.paths as Record<string, object>)
      .flatMap(([url, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${url}`))
      .sort();
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(routes).toHaveLength(9);
    expect(documented).toEqual(routes);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiKey']);
    const buy = doc.paths['/api/v1/purchases/airtime'].post;
    expect(buy.security).toEqual([{ apiKey: [] }]);
    expect(buy.requestBody.content['application/json'].schema.required).toContain('reference');
    expect(Object.keys(buy.responses)).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '403', '429']),
    );
    expect(buy['x-codeSamples'].map((s: { label: string }) => s.label)).toEqual([
      'curl',
      'TypeScript',
    ]);
    // On our own public origin, ready to paste.
    expect(buy['x-codeSamples'][0].source).toContain(
      `${t.deps.config.publicBaseUrl}/api/v1/purchases/airtime`,
    );
    // Every route the app's own document lists is still there, with the v1 ones.
    const app = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(app.paths['/api/v1/balance'].get.security).toEqual([{ apiKey: [] }]);
  });
});
