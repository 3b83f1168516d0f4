import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrivateKey, signParams } from '@owo/providers/palmpay/signing';
import { PALMPAY_CHARGED_LESS_ACCOUNT } from '@owo/providers/palmpay/sim-magic';
import { MAGIC_BET_ACCOUNTS, SETTLE_AFTER_MS } from '@owo/providers/sandbox/magic';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { messages } from '@owo/shared/messages';
import { purchases, refundedDeliveries, serviceSwitches } from '../src/db/schema';
import { signInAdmin } from './airtime-swap-support';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
  TIMEOUT_SCENARIO,
} from './harness';
import {
  countRows,
  expectOneOutcome,
  latestDebit,
  orderRow,
  transferCodes,
} from './purchase-support';
import { PIN, historyOf, newKey } from './transfers-support';

/**
 * Betting top-ups through PalmPay (spec §2/§4/§7 Betting): the biller lists, the platform's
 * limits, and the order's outcome by the paying reply, by PalmPay's signed notification (the
 * simulator posts it to our listening app) and by the reconciler's requery.
 */

/** A port nothing listens on once this returns (the app listens there, or nobody does). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until(check: () => Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** `t` listens, so PalmPay's simulator delivers its notifications; `quiet` is never notified. */
let t: TestApp;
let quiet: TestApp;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ ...TIMEOUT_SCENARIO, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  quiet = await createTestApp({
    ...TIMEOUT_SCENARIO,
    PUBLIC_BASE_URL: `http://127.0.0.1:${await freePort()}`,
  });
});
afterAll(async () => {
  await t?.close();
  await quiet?.close();
});

const BET9JA = { billerId: 'BET9JA', itemId: 'BET9JA_TOPUP' };
const NAIRABET = { billerId: 'NAIRABET', itemId: 'NAIRABET_TOPUP' };

function bet(
  app: TestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.request({
    method: 'POST',
    url: '/api/biller/betting',
    token,
    payload: {
      ...BET9JA,
      amount: 1_000,
      rechargeAccount: '55554444',
      transactionPin: PIN,
      ...body,
    },
    headers,
  });
}

const stateOf = async (app: TestApp, id: string) => (await orderRow(app, id))?.state;

describe('billers and items', () => {
  it('lists the betting platforms without MSport and SportyBet, at both spellings of the path', async () => {
    const user = await customer(t);
    for (const url of ['/api/biller/', '/api/biller']) {
      const res = await t.request({
        method: 'POST',
        url,
        token: user.token,
        payload: { sceneCode: 'betting' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: messages.billersFetched });
      const names = body.data.map((b: { billerName: string }) => b.billerName.toLowerCase());
      expect(names).toContain('bet9ja');
      expect(names).not.toContain('msport');
      expect(names).not.toContain('sportybet');
      for (const b of body.data) {
        expect(Object.keys(b).sort()).toEqual(['billerIcon', 'billerId', 'billerName']);
      }
    }
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/biller/',
      payload: { sceneCode: 'betting' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers a platform's items with its limits in kobo", async () => {
    const user = await customer(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/biller/item',
      token: user.token,
      payload: { sceneCode: 'betting', billerId: 'NAIRABET' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      itemId: 'NAIRABET_TOPUP',
      minAmount: 20_000,
      maxAmount: 10_000_000,
      isFixAmount: false,
    });
  });

  it.each(['SPORTYBET', 'MSPORT', 'NOSUCHBET'])(
    'a hidden or unknown biller (%s) → 404',
    async (billerId) => {
      const user = await customer(t, 1_000);
      const items = await t.request({
        method: 'POST',
        url: '/api/biller/item',
        token: user.token,
        payload: { sceneCode: 'betting', billerId },
      });
      expect(items.statusCode).toBe(404);
      expect(items.json()).toMatchObject({
        code: 'BILLER_NOT_FOUND',
        message: messages.billerNotFound,
      });
      const buy = await bet(t, user.token, { billerId, itemId: `${billerId}_TOPUP` });
      expect(buy.statusCode).toBe(404);
      expect(buy.json().code).toBe('BILLER_NOT_FOUND');
      expect(await countRows(t, user.id)).toBe(1);
    },
  );

  it('bad requests get the spec messages', async () => {
    const user = await customer(t, 1_000);
    const noBiller = await t.request({
      method: 'POST',
      url: '/api/biller/item',
      token: user.token,
      payload: { sceneCode: 'betting' },
    });
    expect(noBiller.json().message).toBe(messages.bettingSelectPlatform);
    const cases: [Record<string, unknown>, string][] = [
      [{ rechargeAccount: '' }, messages.bettingUserIdRequired],
      [{ billerId: 'more' }, messages.bettingSelectPlatform],
      [{ amount: '' }, messages.bettingAmountRequired],
      [{ amount: 100.5 }, messages.bettingWholeNaira],
      [{ transactionPin: '' }, messages.bettingPinRequired],
      [{ itemId: 'BET9JA_OTHER' }, messages.billerItemNotFound],
    ];
    for (const [change, message] of cases) {
      const res = await bet(t, user.token, change);
      expect(res.statusCode, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message, JSON.stringify(change)).toBe(message);
    }
    expect(await countRows(t, user.id)).toBe(1);
  });
});

describe("the platform's limits (server-side)", () => {
  const minimum = (naira: string) => messages.bettingMinimum.replace('{min}', naira);
  const maximum = (naira: string) => messages.bettingMaximum.replace('{max}', naira);

  it.each([
    ['Bet9ja', 99, minimum('100'), BET9JA],
    ['Bet9ja', 500_001, maximum('500,000'), BET9JA],
    ['NairaBet', 150, minimum('200'), NAIRABET],
    ['NairaBet', 100_001, maximum('100,000'), NAIRABET],
  ])('%s ₦%i → "%s", nothing written', async (_name, amount, message, biller) => {
    const user = await customer(t, 1_000);
    const res = await bet(t, user.token, { ...biller, amount });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expect(await countRows(t, user.id)).toBe(1);
  });

  it("the texts are the spec's, naira with grouping", () => {
    expect(minimum('100')).toBe('Minimum amount is ₦100');
    expect(maximum('500,000')).toBe('Maximum amount is ₦500,000');
  });

  it('the limits themselves are allowed', async () => {
    const user = await customer(t, 1_000);
    expect((await bet(t, user.token, { ...NAIRABET, amount: 200 })).statusCode).toBe(200);
    expect((await bet(t, user.token, { ...BET9JA, amount: 100 })).statusCode).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(70_000);
  });
});

describe('a top-up', () => {
  it('succeeds: 200, the order posted to PalmPay, the history row says which platform', async () => {
    const user = await customer(t, 5_000);
    const res = await bet(t, user.token, {
      amount: 1_500,
      rechargeAccount: MAGIC_BET_ACCOUNTS.delivered,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: messages.purchaseSuccessful,
      status: 'success',
      data: {
        type: 'debit',
        serviceType: 'betting',
        amount: 1_500,
        status: 'success',
        description: 'Bet9ja top-up',
        metadata: {
          billerId: 'BET9JA',
          billerName: 'Bet9ja',
          itemId: 'BET9JA_TOPUP',
          rechargeAccount: MAGIC_BET_ACCOUNTS.delivered,
          supplier: 'palmpay',
        },
      },
    });
    const order = await orderRow(t, body.data._id);
    expect(order).toMatchObject({
      product: 'betting',
      supplier: 'palmpay',
      state: 'delivered',
      sellingKobo: 150_000,
      costKobo: 150_000,
    });
    expect(order?.supplierReference).toBeTruthy();
    expectOneOutcome(await transferCodes(t, body.data._id), 'delivered');
    expect(await balanceKobo(t, user.token)).toBe(350_000);
    const listed = (await historyOf(t, user.token)).find((x) => x._id === body.data._id);
    expect(listed).toMatchObject({ serviceType: 'betting', status: 'success' });
    // PalmPay's notification of the same success arrives too and changes nothing.
    await sleep(300);
    expectOneOutcome(await transferCodes(t, body.data._id), 'delivered');
    await expectLedgerConsistent(t);
  });

  it('fails: 422, refunded once (the failure notification that follows changes nothing)', async () => {
    const user = await customer(t, 5_000);
    const res = await bet(t, user.token, { rechargeAccount: MAGIC_BET_ACCOUNTS.failed });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'PURCHASE_FAILED', message: messages.purchaseFailed });
    const order = await latestDebit(t, user.id);
    expect(order?.status).toBe('failed');
    await sleep(500);
    t.clock.advance(10 * 60_000);
    await t.services.reconciler.runOnce();
    expectOneOutcome(await transferCodes(t, order!.id), 'failed');
    expect(await balanceKobo(t, user.token)).toBe(500_000);
    await expectLedgerConsistent(t);
  });

  it('a wrong PIN → 400 and nothing written; the same key replays the first reply', async () => {
    const user = await customer(t, 5_000);
    const wrong = await bet(t, user.token, { transactionPin: '9999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PIN_INCORRECT');
    expect(await countRows(t, user.id)).toBe(1);

    const key = newKey();
    const first = await bet(t, user.token, {}, { 'idempotency-key': key });
    const again = await bet(t, user.token, {}, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await bet(t, user.token, { amount: 2_000 }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balanceKobo(t, user.token)).toBe(400_000);
  });

  it('the daily limit applies (unverified ₦50,000)', async () => {
    const user = await customer(t, 60_000);
    const res = await bet(t, user.token, { amount: 50_001 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('LIMIT_EXCEEDED');
    expect(await balanceKobo(t, user.token)).toBe(6_000_000);
  });

  it('the system shutdown switch stops it', async () => {
    const user = await customer(t, 5_000);
    await t.deps.database.db
      .insert(serviceSwitches)
      .values({ service: 'system', shutdownUntil: new Date(t.clock.now().getTime() + 60_000) });
    try {
      const res = await bet(t, user.token, {});
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await t.deps.database.db.delete(serviceSwitches).where(eq(serviceSwitches.service, 'system'));
    }
    expect(await countRows(t, user.id)).toBe(1);
  });
});

describe('PalmPay charges less than the order (its documented 8,800 for 10,000)', () => {
  it('the notification carrying the charge, not our price, settles the order', async () => {
    const user = await customer(t, 5_000);
    const res = await bet(t, user.token, { rechargeAccount: PALMPAY_CHARGED_LESS_ACCOUNT });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data._id as string;
    const order = await orderRow(t, id);
    const answer = order?.lastAnswer as { raw: { data: { amount: number } } };
    // PalmPay's reply said what it charges: 88 % of the ₦1,000 top-up.
    expect(answer.raw.data.amount).toBe(88_000);
    expect(order?.sellingKobo).toBe(100_000);

    // Settled by the notification alone: the reconciler is not run.
    t.clock.advance(SETTLE_AFTER_MS + 1_000);
    await until(async () => (await stateOf(t, id)) === 'delivered', `order ${id} delivered`);
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    expect(await balanceKobo(t, user.token)).toBe(400_000);
    await expectLedgerConsistent(t);
  });
});

describe('pending orders', () => {
  it.each([
    ['pendingThenDelivered', 'delivered'],
    ['pendingThenReversed', 'failed'],
  ] as const)("%s: 202, then resolved by PalmPay's notification (%s)", async (scenario, final) => {
    const user = await customer(t, 5_000);
    const res = await bet(t, user.token, { rechargeAccount: MAGIC_BET_ACCOUNTS[scenario] });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data._id as string;
    expect(await stateOf(t, id)).toBe('pending');
    expect(await balanceKobo(t, user.token)).toBe(400_000);

    // The simulator settles by the clock and posts the signed notification within a tick.
    t.clock.advance(SETTLE_AFTER_MS + 1_000);
    await until(async () => (await stateOf(t, id)) === final, `order ${id} ${final}`);
    expectOneOutcome(await transferCodes(t, id), final);
    expect(await balanceKobo(t, user.token)).toBe(final === 'failed' ? 500_000 : 400_000);
    const item = (await historyOf(t, user.token)).find((x) => x._id === id);
    expect(item?.status).toBe(final === 'failed' ? 'failed' : 'success');
    // The reconciler finds nothing left to do for it.
    t.clock.advance(10 * 60_000);
    await t.services.reconciler.runOnce();
    expectOneOutcome(await transferCodes(t, id), final);
    await expectLedgerConsistent(t);
  });

  it.each([
    ['pendingThenDelivered', 202, 'delivered'],
    ['pendingThenReversed', 202, 'failed'],
    ['timeout', 202, 'delivered'],
    ['http500', 202, 'failed'],
  ] as const)(
    '%s: %i, then resolved by the requery (%s) when no notification comes',
    async (scenario, status, final) => {
      const user = await customer(quiet, 5_000);
      const res = await bet(quiet, user.token, { rechargeAccount: MAGIC_BET_ACCOUNTS[scenario] });
      expect(res.statusCode, res.body).toBe(status);
      const order = await latestDebit(quiet, user.id);
      expect(await stateOf(quiet, order!.id)).toBe('pending');
      quiet.clock.advance(10 * 60_000);
      await quiet.services.reconciler.runOnce();
      expect(await stateOf(quiet, order!.id)).toBe(final);
      expectOneOutcome(await transferCodes(quiet, order!.id), final);
      expect(await balanceKobo(quiet, user.token)).toBe(final === 'failed' ? 500_000 : 400_000);
      await expectLedgerConsistent(quiet);
    },
  );
});

describe('notifications', () => {
  const platformKey = loadPrivateKey(SANDBOX_KEYS.palmpay.platformPrivateKey);

  /** A bill notification signed as PalmPay (and the simulator) signs it. */
  function notification(fields: {
    outOrderNo: string;
    amount: number;
    rechargeAccount: string;
    orderStatus: 1 | 2 | 3;
  }) {
    const body: Record<string, unknown> = {
      ...fields,
      orderNo: `BP${fields.outOrderNo}`,
      appId: SANDBOX_KEYS.palmpay.appId,
      completedTime: t.clock.now().getTime(),
      errorMsg: fields.orderStatus === 3 ? 'Recharge failed' : '',
      country: 'NG',
    };
    return JSON.stringify({ ...body, sign: encodeURIComponent(signParams(body, platformKey)) });
  }
  const post = (payload: string) =>
    t.request({
      method: 'POST',
      url: '/api/webhooks/palmpay',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  async function pendingOrder() {
    const user = await customer(t, 5_000);
    const res = await bet(t, user.token, { rechargeAccount: MAGIC_BET_ACCOUNTS.pendingForever });
    expect(res.statusCode, res.body).toBe(202);
    const order = await orderRow(t, res.json().data._id);
    return { user, order: order! };
  }

  /** PalmPay's notification about a pendingOrder() order. */
  const aboutPendingOrder = (
    order: Awaited<ReturnType<typeof pendingOrder>>['order'],
    orderStatus: 2 | 3,
  ) =>
    notification({
      outOrderNo: order.supplierRequestId,
      amount: order.sellingKobo,
      rechargeAccount: MAGIC_BET_ACCOUNTS.pendingForever,
      orderStatus,
    });

  it('the same success notified many times (some at once) settles once', async () => {
    const { user, order } = await pendingOrder();
    const success = aboutPendingOrder(order, 2);
    const replies = await Promise.all([post(success), post(success), post(success)]);
    replies.push(await post(success));
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toBe('success');
    }
    expect(await stateOf(t, order.transactionId)).toBe('delivered');
    expectOneOutcome(await transferCodes(t, order.transactionId), 'delivered');
    // A late failure notice about a delivered order refunds nothing.
    const failure = aboutPendingOrder(order, 3);
    expect((await post(failure)).statusCode).toBe(200);
    expectOneOutcome(await transferCodes(t, order.transactionId), 'delivered');
    expect(await balanceKobo(t, user.token)).toBe(400_000);
    await expectLedgerConsistent(t);
  });

  it('a failure notified twice refunds once', async () => {
    const { user, order } = await pendingOrder();
    const failure = aboutPendingOrder(order, 3);
    await Promise.all([post(failure), post(failure)]);
    expect(await stateOf(t, order.transactionId)).toBe('failed');
    expectOneOutcome(await transferCodes(t, order.transactionId), 'failed');
    expect(await balanceKobo(t, user.token)).toBe(500_000);
    await expectLedgerConsistent(t);
  });

  it('a notification that does not match its order (amount, account), or says pending, changes nothing', async () => {
    const { order } = await pendingOrder();
    for (const fields of [
      {
        amount: order.sellingKobo + 1,
        rechargeAccount: MAGIC_BET_ACCOUNTS.pendingForever,
        orderStatus: 2,
      },
      { amount: order.sellingKobo, rechargeAccount: '99999999', orderStatus: 3 },
      {
        amount: order.sellingKobo,
        rechargeAccount: MAGIC_BET_ACCOUNTS.pendingForever,
        orderStatus: 1,
      },
    ] as const) {
      const res = await post(notification({ outOrderNo: order.supplierRequestId, ...fields }));
      expect(res.statusCode).toBe(200);
      expect(await stateOf(t, order.transactionId)).toBe('pending');
    }
    // An order we never made: acknowledged, nothing touched.
    const unknown = notification({
      outOrderNo: '202601010000NOSUCHORDER1',
      amount: 100_000,
      rechargeAccount: '1',
      orderStatus: 2,
    });
    expect((await post(unknown)).statusCode).toBe(200);
    expectOneOutcome(await transferCodes(t, order.transactionId), 'open');
    const [row] = await t.deps.database.db
      .select()
      .from(purchases)
      .where(
        and(eq(purchases.supplier, 'palmpay'), eq(purchases.transactionId, order.transactionId)),
      );
    expect(row?.state).toBe('pending');
    await expectLedgerConsistent(t);
  });

  it('a success notified after an admin refunded the order is recorded once for recovery, moving nothing', async () => {
    const admin = await signInAdmin(t);
    const { user, order } = await pendingOrder();
    // Past the automatic requeries: the order waits for an admin, who refunds it.
    t.clock.advance(t.deps.config.needsDecisionAfterMs + 60_000);
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/transactions/${order.transactionId}/refund`,
      token: admin.token,
      payload: { reason: 'No answer from PalmPay' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(500_000);

    const success = aboutPendingOrder(order, 2);
    const replies = await Promise.all([post(success), post(success), post(success)]);
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    // The refund stands and nothing moves until an admin recovers it or writes it off.
    expect(await stateOf(t, order.transactionId)).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(500_000);
    const rows = await t.deps.database.db
      .select()
      .from(refundedDeliveries)
      .where(eq(refundedDeliveries.transactionId, order.transactionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'open', supplier: 'palmpay', userId: user.id });
    await expectLedgerConsistent(t);
  });
});
