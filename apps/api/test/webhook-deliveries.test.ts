import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { webhookDeliveries } from '../src/db/schema';
import { backgroundJobDefinitions } from '../src/jobs/background-jobs';
import { withAdminApp, type Admin } from './admin-support';
import { createTestApp, customer, type TestApp } from './harness';
import { historyRow, kind, latestDebit, purchase } from './purchase-support';
import {
  insertKey,
  markApiOrder,
  secretOf,
  signatureHolds,
  startEndpoint,
  type Received,
} from './webhook-support';

/**
 * Resellers' webhooks (decision 0089): a final outcome of an API order is queued in the
 * transaction that reached it, and the job posts it signed, retries with backoff for 24 hours,
 * and the owner can replay it. API orders are app orders whose row names a key (set while open).
 */

let t: TestApp;
let admin: Admin;
withAdminApp((app) => {
  ({ t, admin } = app);
});

type User = Awaited<ReturnType<typeof customer>>;
type Endpoint = Awaited<ReturnType<typeof startEndpoint>>;
const airtime = kind('VTpass airtime');

let endpoint: Endpoint;
let user: User;
let keyId: string;
let refs = 0;

beforeAll(async () => {
  endpoint = await startEndpoint();
  user = await customer(t, 5_000);
  keyId = (await insertKey(t, user.id, endpoint.url)).id;
});
afterAll(async () => {
  await endpoint?.close();
});

/** An order left pending by the supplier, made an API order of `key` (none: an app order). */
async function openOrder(phone: string, key: string | null = keyId) {
  t.clock.advance(60_000);
  const res = await purchase(t, airtime, user.token, airtime.body(phone, {} as never));
  expect(res.statusCode, res.body).toBe(202);
  const id = (await latestDebit(t, user.id))!.id;
  refs += 1;
  const clientReference = `shop-order-${refs}`;
  if (key) await markApiOrder(t, id, key, clientReference);
  return { id, clientReference };
}

async function reconcile() {
  t.clock.advance(10 * 60_000);
  while ((await t.services.reconciler.runOnce()).checked > 0) {
    // drain what is due now
  }
}

const post = () => t.services.webhookDeliveries.runOnce();

async function deliveriesOf(transactionId: string) {
  return t.deps.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.transactionId, transactionId));
}

async function onlyDelivery(transactionId: string) {
  const rows = await deliveriesOf(transactionId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

function expectSigned(received: Received, deliveryId: string, event: string) {
  expect(received.headers['content-type']).toBe('application/json');
  expect(received.headers['owo-event']).toBe(event);
  expect(received.headers['owo-delivery']).toBe(deliveryId);
  expect(received.headers['owo-timestamp']).toBe(
    String(Math.floor(t.clock.now().getTime() / 1000)),
  );
  expect(signatureHolds(secretOf(t, keyId), received)).toBe(true);
  // Another key's secret does not verify it.
  expect(signatureHolds(secretOf(t, user.id), received)).toBe(false);
}

let delivered: { id: string; clientReference: string; deliveryId: string };

describe('final outcomes of API orders', () => {
  it('delivered: queued with the settlement, posted once, signed, with the order as settled', async () => {
    const order = await openOrder(MAGIC_PHONES.pendingThenDelivered);
    expect(await deliveriesOf(order.id)).toHaveLength(0);
    await reconcile();
    const queued = await onlyDelivery(order.id);
    expect(queued).toMatchObject({ event: 'purchase.delivered', state: 'pending', attempts: 0 });

    const before = endpoint.received.length;
    expect(await post()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(endpoint.received).toHaveLength(before + 1);
    const received = endpoint.received.at(-1)!;
    expectSigned(received, queued.id, 'purchase.delivered');
    expect(received.body).toBe(queued.body);

    const history = (await historyRow(t, order.id))!;
    const body = JSON.parse(received.body);
    expect(body).toEqual({
      id: queued.id,
      event: 'purchase.delivered',
      createdAt: queued.createdAt.toISOString(),
      data: {
        reference: history.reference,
        clientReference: order.clientReference,
        status: 'success',
        product: 'airtime',
        amount: history.amountKobo / 100,
        description: history.description,
        token: null,
        units: null,
        createdAt: history.createdAt.toISOString(),
        updatedAt: queued.createdAt.toISOString(),
      },
    });
    const after = await onlyDelivery(order.id);
    expect(after).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });
    expect(after.deliveredAt).not.toBeNull();
    // Nothing more is due: a pass posts nothing.
    expect(await post()).toMatchObject({ attempted: 0 });
    delivered = { ...order, deliveryId: queued.id };
  });

  it('failed: the refund queues purchase.failed', async () => {
    const order = await openOrder(MAGIC_PHONES.pendingThenReversed);
    await reconcile();
    const queued = await onlyDelivery(order.id);
    expect(queued.event).toBe('purchase.failed');
    expect(await post()).toMatchObject({ attempted: 1, delivered: 1 });
    const received = endpoint.received.at(-1)!;
    expectSigned(received, queued.id, 'purchase.failed');
    expect(JSON.parse(received.body).data).toMatchObject({
      clientReference: order.clientReference,
      status: 'failed',
    });
  });

  it("reversed: an admin's Reverse of a delivered API order queues purchase.reversed", async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/transactions/${delivered.id}/reverse`,
      token: admin.token,
      payload: { reason: 'supplier took it back' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await deliveriesOf(delivered.id);
    expect(rows.map((r) => r.event).sort()).toEqual(['purchase.delivered', 'purchase.reversed']);
    const queued = rows.find((r) => r.event === 'purchase.reversed')!;
    expect(await post()).toMatchObject({ attempted: 1, delivered: 1 });
    const received = endpoint.received.at(-1)!;
    expectSigned(received, queued.id, 'purchase.reversed');
    expect(JSON.parse(received.body).data).toMatchObject({
      clientReference: delivered.clientReference,
      status: 'reversed',
    });
  });

  it('nothing is queued for an app order, nor for a key without a webhook URL', async () => {
    const appOrder = await openOrder(MAGIC_PHONES.pendingThenDelivered, null);
    const silentKey = (await insertKey(t, user.id, null)).id;
    const silent = await openOrder(MAGIC_PHONES.pendingThenDelivered, silentKey);
    await reconcile();
    expect(await deliveriesOf(appOrder.id)).toHaveLength(0);
    expect(await deliveriesOf(silent.id)).toHaveLength(0);
  });
});

describe('retries', () => {
  it('a 500 is tried again after 30 s, and the next 200 delivers it', async () => {
    const order = await openOrder(MAGIC_PHONES.pendingThenDelivered);
    await reconcile();
    endpoint.answerNext(500);
    expect(await post()).toMatchObject({ attempted: 1, retrying: 1 });
    const first = endpoint.received.at(-1)!;
    const retrying = await onlyDelivery(order.id);
    expect(retrying).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    expect(retrying.lastError).toMatch(/500/);
    expect(retrying.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBe(30_000);

    t.clock.advance(29_000);
    expect(await post()).toMatchObject({ attempted: 0 });
    t.clock.advance(1_000);
    expect(await post()).toMatchObject({ attempted: 1, delivered: 1 });
    const second = endpoint.received.at(-1)!;
    expect(second.body).toBe(first.body);
    expect(Number(second.headers['owo-timestamp'])).toBe(
      Number(first.headers['owo-timestamp']) + 30,
    );
    expectSigned(second, retrying.id, 'purchase.delivered');
    expect(await onlyDelivery(order.id)).toMatchObject({
      state: 'delivered',
      attempts: 2,
      lastStatus: 200,
      lastError: null,
    });
  });

  it('an endpoint that never answers 2xx is tried on the schedule for 24 hours, then failed', async () => {
    const broken = await startEndpoint();
    try {
      const brokenKey = (await insertKey(t, user.id, broken.url)).id;
      const order = await openOrder(MAGIC_PHONES.pendingThenDelivered, brokenKey);
      await reconcile();
      const queued = await onlyDelivery(order.id);
      const waits: number[] = [];
      let row = queued;
      for (let i = 0; i < 100 && row.state === 'pending'; i += 1) {
        const due = row.nextAttemptAt!.getTime() - t.clock.now().getTime();
        if (i > 0) waits.push(due);
        t.clock.advance(Math.max(due, 0));
        broken.answerNext(503);
        await post();
        row = await onlyDelivery(order.id);
      }
      const minutes = waits.map((ms) => ms / 60_000);
      expect(minutes.slice(0, 9)).toEqual([0.5, 1, 2, 4, 8, 16, 32, 60, 60]);
      expect(new Set(minutes.slice(8))).toEqual(new Set([60]));
      // 0, 0.5, 1.5, … 123.5 min, then hourly to 1383.5 min: 30 posts; the next (1443.5) is past 24 h.
      expect(row).toMatchObject({ state: 'failed', attempts: 30, lastStatus: 503 });
      expect(broken.received).toHaveLength(30);
      const span = row.lastAttemptAt!.getTime() - queued.createdAt.getTime();
      expect(span).toBeLessThanOrEqual(24 * 3_600_000);
      expect(span).toBeGreaterThan(23 * 3_600_000);
      expect(await post()).toMatchObject({ attempted: 0 });

      // Replayed past the window: one more try, and failed again when it is refused.
      const replayed = await t.request({
        method: 'POST',
        url: `/api/developer/webhooks/${queued.id}/replay`,
        token: user.token,
      });
      expect(replayed.statusCode, replayed.body).toBe(200);
      broken.answerNext(503);
      expect(await post()).toMatchObject({ attempted: 1, failed: 1 });
      expect(await onlyDelivery(order.id)).toMatchObject({ state: 'failed', attempts: 31 });
      expect(broken.received).toHaveLength(31);
      expect(broken.received[30]!.body).toBe(broken.received[0]!.body);
    } finally {
      await broken.close();
    }
  });
});

describe('the delivery log and replay', () => {
  it('lists the caller`s deliveries newest first, of one key when asked', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/developer/webhooks',
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination.total).toBe(body.data.length);
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    const times = body.data.map((d: { createdAt: string }) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const ofKey = await t.request({
      method: 'GET',
      url: `/api/developer/webhooks?keyId=${keyId}&limit=2`,
      token: user.token,
    });
    expect(ofKey.statusCode, ofKey.body).toBe(200);
    expect(ofKey.json().data).toHaveLength(2);
    expect(ofKey.json().data.every((d: { keyId: string }) => d.keyId === keyId)).toBe(true);
    expect(ofKey.json().pagination).toMatchObject({ page: 1, limit: 2 });
  });

  it('replay sends the same body again now, with a new timestamp and signature', async () => {
    const before = endpoint.received.filter(
      (r) => r.headers['owo-delivery'] === delivered.deliveryId,
    );
    expect(before).toHaveLength(1);
    t.clock.advance(5_000);
    const res = await t.request({
      method: 'POST',
      url: `/api/developer/webhooks/${delivered.deliveryId}/replay`,
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ _id: delivered.deliveryId, state: 'pending' });
    expect(await post()).toMatchObject({ attempted: 1, delivered: 1 });
    const again = endpoint.received.at(-1)!;
    expect(again.headers['owo-delivery']).toBe(delivered.deliveryId);
    expect(again.body).toBe(before[0]!.body);
    expect(again.headers['owo-timestamp']).not.toBe(before[0]!.headers['owo-timestamp']);
    expect(again.headers['owo-signature']).not.toBe(before[0]!.headers['owo-signature']);
    expectSigned(again, delivered.deliveryId, 'purchase.delivered');
  });

  it('another user`s delivery is 404 and not in their log', async () => {
    const other = await customer(t);
    const res = await t.request({
      method: 'POST',
      url: `/api/developer/webhooks/${delivered.deliveryId}/replay`,
      token: other.token,
    });
    expect(res.statusCode, res.body).toBe(404);
    const list = await t.request({
      method: 'GET',
      url: '/api/developer/webhooks',
      token: other.token,
    });
    expect(list.json()).toMatchObject({ data: [], pagination: { total: 0 } });
    const [row] = await t.deps.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivered.deliveryId));
    expect(row?.state).toBe('delivered');
  });

  it('a malformed id is a 400, and no session a 401', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/developer/webhooks/not-an-id/replay',
      token: user.token,
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.request({ method: 'GET', url: '/api/developer/webhooks' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the job', () => {
  it('two nodes share the due deliveries: each is posted once', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: t });
    try {
      other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime());
      const orders = [];
      for (let i = 0; i < 3; i += 1)
        orders.push(await openOrder(MAGIC_PHONES.pendingThenDelivered));
      await reconcile();
      other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime());
      const ids = await Promise.all(orders.map(async (o) => (await onlyDelivery(o.id)).id));
      const before = endpoint.received.length;
      const [here, there] = await Promise.all([post(), other.services.webhookDeliveries.runOnce()]);
      expect(here.attempted + there.attempted).toBe(3);
      const sent = endpoint.received.slice(before).map((r) => r.headers['owo-delivery']);
      expect([...sent].sort()).toEqual([...ids].sort());
      for (const o of orders)
        expect(await onlyDelivery(o.id)).toMatchObject({ state: 'delivered', attempts: 1 });
    } finally {
      await other.close();
    }
  });

  it('runs on every node with the reconciler, and not when the reconciler is off', () => {
    const withInterval = (ms: number) =>
      backgroundJobDefinitions(
        { ...t.deps, config: { ...t.deps.config, reconcilerIntervalMs: ms } },
        t.services,
      ).find((job) => job.name === 'webhook-deliveries');
    expect(withInterval(5_000)).toMatchObject({ intervalMs: 5_000, exclusive: false });
    expect(withInterval(0)).toBeUndefined();
  });
});
