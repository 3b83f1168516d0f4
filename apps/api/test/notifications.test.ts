import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPulse, NotificationsReply } from '@owo/shared/notifications';
import { SETTLE_AFTER_MS } from '@owo/providers/sandbox/magic';
import { notificationMarks } from '../src/db/schema';
import { createTestApp, customer, fund, signUp, type TestApp } from './harness';
import { bankTransfer, eventually, simulateTransfer } from './deposit-support';
import { kind, magicValue, purchase, type Plans } from './purchase-support';
import { sendTransfer, newKey } from './transfers-support';
import { signInAdmin, swapIn } from './airtime-swap-support';

/**
 * The notification centre (decision 0033): the feed per event kind, the unread count and the read
 * mark, the pulse the app polls, and that a customer reads and marks only their own.
 */

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  // Listening: the sandbox's PalmPay posts the deposit webhook to us over HTTP.
  t = await createTestApp({}, { listen: true });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

async function feedOf(token: string): Promise<NotificationsReply> {
  const res = await t.request({ method: 'GET', url: '/api/notifications', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function pulseOf(token: string): Promise<NotificationPulse> {
  const res = await t.request({ method: 'GET', url: '/api/notifications/pulse', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function markRead(token: string, payload: object) {
  return t.request({ method: 'POST', url: '/api/notifications/read', token, payload });
}

const airtime = kind('VTpass airtime');
const noPlans = {} as Plans;

describe('notification feed', () => {
  it('a new customer has none, and the pulse carries the balance', async () => {
    const user = await signUp(t);
    expect(await feedOf(user.token)).toEqual({ success: true, unread: 0, notifications: [] });
    expect(await pulseOf(user.token)).toEqual({
      success: true,
      unread: 0,
      latest: null,
      balance: 0,
      awaiting: false,
    });
  });

  it('a deposit, a transfer received and an operator credit: one notice each, newest first, unread', async () => {
    const user = await customer(t);
    const friend = await customer(t, 10_000);

    const session = (await bankTransfer(t, user.token, 1500)).json().data;
    // The checkout is open: money is on its way, the app polls faster.
    expect((await pulseOf(user.token)).awaiting).toBe(true);
    await simulateTransfer(t, session.payerVirtualAccNo, 150_000);
    await eventually(async () => (await feedOf(user.token)).unread === 1);

    t.clock.advance(1_000);
    const sent = await sendTransfer(
      t,
      friend.token,
      { recipientIdentifier: user.email, amount: 2500, note: 'lunch', transactionPin: '1234' },
      { 'idempotency-key': newKey() },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    t.clock.advance(1_000);
    await fund(t, user.id, 300);

    const feed = await feedOf(user.token);
    expect(feed.unread).toBe(3);
    expect(feed.notifications.map((n) => [n.kind, n.amount, n.read])).toEqual([
      ['credit', 300, false],
      ['transfer', 2500, false],
      ['deposit', 1500, false],
    ]);
    expect(feed.notifications[1]).toMatchObject({
      title: 'Transfer received',
      body: '₦2,500.00 from Ada Obi — “lunch”.',
    });
    expect(feed.notifications[2]).toMatchObject({
      title: 'Deposit received',
      body: '₦1,500.00 was added to your wallet.',
    });
    expect(feed.notifications.every((n) => n.transactionId)).toBe(true);

    const pulse = await pulseOf(user.token);
    expect(pulse).toMatchObject({
      unread: 3,
      latest: { id: feed.notifications[0]!.id, at: feed.notifications[0]!.at },
      balance: 4300,
      awaiting: false,
    });
    // The sender is told nothing: a transfer sent is their own doing.
    expect((await feedOf(friend.token)).notifications.map((n) => n.kind)).toEqual(['credit']);
  });

  it('mark read up to a notice: older ones read, newer ones still unread; the mark never goes back', async () => {
    const user = await customer(t);
    await fund(t, user.id, 100);
    t.clock.advance(1_000);
    await fund(t, user.id, 200);
    t.clock.advance(1_000);
    const [newest, older] = (await feedOf(user.token)).notifications;

    const res = await markRead(user.token, { upTo: older!.at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unread: 1, latest: { id: newest!.id } });
    expect((await feedOf(user.token)).notifications.map((n) => n.read)).toEqual([false, true]);

    expect((await markRead(user.token, {})).json()).toMatchObject({ unread: 0, latest: null });
    // An older mark sent late does not bring them back.
    expect((await markRead(user.token, { upTo: older!.at })).json().unread).toBe(0);
    // A mark in the future stops at now: what arrives later is still news.
    await markRead(user.token, {
      upTo: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });
    t.clock.advance(1_000);
    await fund(t, user.id, 50);
    expect((await pulseOf(user.token)).unread).toBe(1);
  });

  it('an order the customer was told is pending becomes a notice when it settles; one settled at once does not', async () => {
    const user = await customer(t, 10_000);
    await markRead(user.token, {});
    t.clock.advance(60_000);
    const now = await purchase(t, airtime, user.token, airtime.body('08031234567', noPlans));
    expect(now.statusCode, now.body).toBe(200);

    t.clock.advance(60_000);
    const delivered = await purchase(
      t,
      airtime,
      user.token,
      airtime.body(magicValue('phone', 'pendingThenDelivered')!, noPlans),
    );
    expect(delivered.statusCode, delivered.body).toBe(202);
    t.clock.advance(60_000);
    const reversed = await purchase(
      t,
      airtime,
      user.token,
      airtime.body(magicValue('phone', 'pendingThenReversed')!, noPlans),
    );
    expect(reversed.statusCode, reversed.body).toBe(202);
    // Waiting: the pulse says so, and nothing is news yet.
    expect(await pulseOf(user.token)).toMatchObject({ awaiting: true, unread: 0 });

    t.clock.advance(SETTLE_AFTER_MS + 10 * 60_000);
    await t.services.reconciler.runOnce();

    const feed = await feedOf(user.token);
    const news = feed.notifications.filter((n) => !n.read);
    expect(news.map((n) => [n.kind, n.transactionId])).toEqual(
      expect.arrayContaining([
        ['order_delivered', delivered.json().data._id],
        ['order_failed', reversed.json().data._id],
      ]),
    );
    // The order delivered at once and the funding (read before) add nothing new.
    expect(news).toHaveLength(2);
    expect(feed.notifications.map((n) => n.kind).sort()).toEqual([
      'credit',
      'order_delivered',
      'order_failed',
    ]);
    expect(feed.unread).toBe(2);
    const failed = feed.notifications.find((n) => n.kind === 'order_failed')!;
    expect(failed).toMatchObject({ title: 'Order refunded', amount: 100 });
    expect(failed.body).toMatch(/is back in your wallet\.$/);
    expect((await pulseOf(user.token)).awaiting).toBe(false);
  });

  it('a paid swap and a rejected swap each tell their owner', async () => {
    const paid = await swapIn(t, admin, 'COMPLETED', 'wallet', 1000);
    const paidFeed = await feedOf(paid.user.token);
    const swapNotice = paidFeed.notifications.find((n) => n.kind === 'swap_paid');
    expect(swapNotice).toMatchObject({ title: 'Airtime to Cash paid', swapId: paid.ref });
    expect(swapNotice!.body).toMatch(
      // The network as it writes itself: "MTN", never "Mtn".
      /^₦[\d,.]+ for your ₦1,000\.00 MTN airtime was paid to your wallet\.$/,
    );

    const rejected = await swapIn(t, admin, 'REJECTED', 'bank', 1000);
    const rejectedFeed = await feedOf(rejected.user.token);
    expect(rejectedFeed.notifications).toHaveLength(1);
    expect(rejectedFeed.notifications[0]).toMatchObject({
      kind: 'swap_rejected',
      title: 'Airtime to Cash rejected',
      swapId: rejected.ref,
      read: false,
    });
  });
});

describe('notification ownership', () => {
  it("a second customer sees none of another's notices and their marks move only their own", async () => {
    const a = await customer(t);
    const b = await customer(t);
    await fund(t, a.id, 700);
    t.clock.advance(1_000);

    expect(await feedOf(b.token)).toEqual({ success: true, unread: 0, notifications: [] });
    expect(await pulseOf(b.token)).toMatchObject({ unread: 0, latest: null, balance: 0 });

    const newestOfA = (await feedOf(a.token)).notifications[0]!;
    expect((await markRead(b.token, { upTo: newestOfA.at })).statusCode).toBe(200);
    expect((await feedOf(a.token)).unread).toBe(1);
    expect((await pulseOf(a.token)).latest?.id).toBe(newestOfA.id);
  });

  it('refuses callers without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/pulse'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const res = await t.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('bad input to mark read: 400, the mark unchanged', async () => {
    const user = await customer(t);
    const marksBefore = await t.deps.database.db.select().from(notificationMarks);
    for (const payload of [
      { upTo: 'yesterday' },
      { upTo: 12 },
      { upTo: '2026-13-40T00:00:00Z' },
      { everything: true },
      [],
    ]) {
      const res = await markRead(user.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await t.deps.database.db.select().from(notificationMarks)).toEqual(marksBefore);
  });
});
