import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { withAdminApp, type Admin } from './admin-support';
import { verifyWallet } from './api-key-support';
import { customer, expectLedgerConsistent, type TestApp } from './harness';
import { PLAIN_PHONE } from './purchase-support';
import { signatureHolds, startEndpoint, type Received } from './webhook-support';

/**
 * A reseller from start to end, only through the routes a reseller and the app use: a key made
 * in the app (Profile → Developer) with a webhook URL, every kind of purchase over /api/v1
 * against the simulators, each outcome's webhook received on a local listener and its signature
 * checked as docs/webhooks.md says, a replay, a reversal, the reseller's price tier, and the key
 * revoked.
 */

let t: TestApp;
let admin: Admin;
withAdminApp((app) => {
  ({ t, admin } = app);
});

type Endpoint = Awaited<ReturnType<typeof startEndpoint>>;
let endpoint: Endpoint;
let seller: Awaited<ReturnType<typeof customer>>;
let key: { id: string; secret: string; webhookSecret: string };
let references = 0;
const newReference = () => `shop-${Date.now().toString(36)}-${(references += 1)}`;

beforeAll(async () => {
  endpoint = await startEndpoint();
  seller = await customer(t, 50_000);
  await verifyWallet(t, seller.id);
});
afterAll(async () => {
  await endpoint?.close();
});

/** A reseller's call with the key; each in its own second of the app clock (the 10/s limit). */
function api(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  t.clock.advance(1_000);
  return t.request({
    method,
    url,
    token: key.secret,
    noIdempotencyKey: true,
    ...(payload ? { payload } : {}),
  });
}

/** Runs the webhook job until nothing is due, then answers what the listener received. */
async function postWebhooks(): Promise<Received[]> {
  while ((await t.services.webhookDeliveries.runOnce()).attempted > 0) {
    // every due delivery is posted
  }
  return endpoint.received;
}

const bodyOf = (received: Received) =>
  JSON.parse(received.body) as { id: string; event: string; data: Record<string, unknown> };

describe('a reseller, end to end', () => {
  const bought = new Map<string, string>();
  /** The data plan bought at the standard price, and that price (naira). */
  let standard: { planId: string; price: number };

  it('creates a key in the app, shown once with its webhook secret', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/developer/keys',
      token: seller.token,
      payload: { name: 'Corner shop', scopes: ['read', 'purchase'], webhookUrl: endpoint.url },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { _id, secret, webhookSecret, prefix } = res.json().data;
    expect(secret).toMatch(/^owo_test_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(prefix)).toBe(true);
    key = { id: _id, secret, webhookSecret };
    const listed = await t.request({
      method: 'GET',
      url: '/api/developer/keys',
      token: seller.token,
    });
    expect(listed.body).not.toContain(secret);
  });

  it('buys every kind over the API against the simulators', async () => {
    const catalogue = (await api('GET', '/api/v1/catalogue')).json().data;
    const plan = catalogue.data.find(
      (p: { planId: string; available: boolean }) =>
        p.planId.startsWith('datastation:') && p.available,
    );
    standard = { planId: plan.planId, price: plan.price };
    const bouquet = catalogue.cable.find(
      (p: { provider: string; available: boolean }) => p.provider === 'gotv' && p.available,
    );
    const orders: [string, Record<string, unknown>][] = [
      ['airtime', { network: 'MTN', phone: MAGIC_PHONES.delivered, amount: 100 }],
      ['data', { planId: plan.planId, phone: MAGIC_PHONES.delivered }],
      [
        'electricity',
        {
          disco: 'ikeja-electric',
          meterNumber: MAGIC_METERS.delivered,
          meterType: 'prepaid',
          amount: 1_000,
          phone: PLAIN_PHONE,
        },
      ],
      [
        'cable',
        {
          provider: 'gotv',
          smartcard: MAGIC_SMARTCARDS.delivered,
          planId: bouquet.planId,
          phone: PLAIN_PHONE,
        },
      ],
      [
        'betting',
        { billerId: 'BET9JA', itemId: 'BET9JA_TOPUP', customerId: '55554444', amount: 1_000 },
      ],
    ];
    for (const [product, body] of orders) {
      const reference = newReference();
      const res = await api('POST', `/api/v1/purchases/${product}`, { reference, ...body });
      expect([200, 202], `${product}: ${res.body}`).toContain(res.statusCode);
      expect(res.json().data).toMatchObject({ clientReference: reference, product });
      bought.set(product, reference);
    }
    // Anything the supplier left pending is settled by the reconciler, as in production.
    t.clock.advance(t.deps.config.processingGraceMs + 60_000);
    while ((await t.services.reconciler.runOnce()).checked > 0) {
      t.clock.advance(60_000);
    }
    for (const [product, reference] of bought) {
      const requery = await api('GET', `/api/v1/purchases/${reference}`);
      expect(requery.statusCode, requery.body).toBe(200);
      expect(requery.json().data, product).toMatchObject({
        clientReference: reference,
        status: 'success',
      });
    }
    await expectLedgerConsistent(t);
  });

  it('receives each outcome on its webhook, signed with the key’s secret', async () => {
    const received = await postWebhooks();
    expect(received).toHaveLength(bought.size);
    for (const [product, reference] of bought) {
      const notice = received.find((r) => bodyOf(r).data.clientReference === reference);
      expect(notice, product).toBeDefined();
      expect(bodyOf(notice!)).toMatchObject({
        event: 'purchase.delivered',
        data: { product, status: 'success' },
      });
      expect(notice!.headers['owo-event']).toBe('purchase.delivered');
      expect(signatureHolds(key.webhookSecret, notice!)).toBe(true);
      // A body changed on the way, or another key's secret, does not verify.
      expect(signatureHolds(key.webhookSecret, { ...notice!, body: `${notice!.body} ` })).toBe(
        false,
      );
      expect(signatureHolds(`${key.webhookSecret}x`, notice!)).toBe(false);
    }
    const electricity = received.find((r) => bodyOf(r).data.product === 'electricity')!;
    expect(bodyOf(electricity).data.token).toEqual(expect.any(String));
  });

  it('replays a delivery from the app: the same body, signed again', async () => {
    const log = await t.request({
      method: 'GET',
      url: '/api/developer/webhooks',
      token: seller.token,
    });
    expect(log.statusCode, log.body).toBe(200);
    const deliveries = log.json().data as { _id: string; state: string; body: string }[];
    expect(deliveries).toHaveLength(bought.size);
    expect(deliveries.every((d) => d.state === 'delivered')).toBe(true);
    const first = deliveries[0]!;
    t.clock.advance(5_000);
    const replay = await t.request({
      method: 'POST',
      url: `/api/developer/webhooks/${first._id}/replay`,
      token: seller.token,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    const before = endpoint.received.length;
    const received = await postWebhooks();
    expect(received).toHaveLength(before + 1);
    const again = received.at(-1)!;
    expect(again.body).toBe(first.body);
    expect(again.headers['owo-delivery']).toBe(first._id);
    expect(signatureHolds(key.webhookSecret, again)).toBe(true);
  });

  it('tells the reseller of a reversal: webhook and requery', async () => {
    const reference = bought.get('airtime')!;
    const order = await t.request({
      method: 'GET',
      url: `/api/v1/purchases/${reference}`,
      token: key.secret,
      noIdempotencyKey: true,
    });
    const ours = order.json().data.reference as string;
    const row = await t.deps.database.db.query.transactions.findFirst({
      where: (tx, { eq }) => eq(tx.reference, ours),
    });
    const reversed = await t.request({
      method: 'POST',
      url: `/api/admin/transactions/${row!.id}/reverse`,
      token: admin.token,
      payload: { reason: 'the network took the airtime back' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const notice = (await postWebhooks()).at(-1)!;
    expect(bodyOf(notice)).toMatchObject({
      event: 'purchase.reversed',
      data: { clientReference: reference, status: 'reversed' },
    });
    expect(signatureHolds(key.webhookSecret, notice)).toBe(true);
    const requery = await api('GET', `/api/v1/purchases/${reference}`);
    expect(requery.json().data).toMatchObject({ status: 'reversed' });
    await expectLedgerConsistent(t);
  });

  it('pays its price tier over the API, as in the app', async () => {
    const tiered = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${seller.id}/price-tier`,
      token: admin.token,
      payload: { tier: 'reseller' },
    });
    expect(tiered.statusCode, tiered.body).toBe(200);
    const plans = (await api('GET', '/api/v1/catalogue')).json().data.data as {
      planId: string;
      price: number;
      available: boolean;
    }[];
    const plan = plans.find((p) => p.planId === standard.planId)!;
    // The reseller tier's data discount (decision 0090), in the API's catalogue as in the app's.
    expect(plan.price).toBeLessThan(standard.price);
    const before = (await api('GET', '/api/v1/balance')).json().data.balance as number;
    const res = await api('POST', '/api/v1/purchases/data', {
      reference: newReference(),
      planId: plan.planId,
      phone: MAGIC_PHONES.delivered,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount).toBe(plan.price);
    const after = (await api('GET', '/api/v1/balance')).json().data.balance as number;
    expect(Math.round((before - after) * 100)).toBe(Math.round(plan.price * 100));
  });

  it('revokes the key: the API refuses it from then on', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/developer/keys/${key.id}`,
      token: seller.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await api('GET', '/api/v1/balance');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('API_KEY_INVALID');
    const buy = await api('POST', '/api/v1/purchases/airtime', {
      reference: newReference(),
      network: 'MTN',
      phone: MAGIC_PHONES.delivered,
      amount: 100,
    });
    expect(buy.statusCode).toBe(401);
    await expectLedgerConsistent(t);
  });
});
