import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE_AFTER_MS } from '@owo/providers/sandbox/magic';
import { messages } from '@owo/shared/messages';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
  TIMEOUT_SCENARIO,
} from './harness';
import {
  PURCHASE_KINDS,
  expectOneOutcome,
  historyRow,
  latestDebit,
  loadPlans,
  magicValue,
  orderRow,
  purchase,
  transferCodes,
  type Plans,
  type PurchaseKind,
} from './purchase-support';

/**
 * Every purchase route × every simulator scenario: the immediate reply and balance, then the
 * reconciler's verdict, the final balance and history status, one terminal outcome per order, and
 * a later reconciler pass that changes nothing.
 */

type Final = 'delivered' | 'failed' | 'open';

interface Outcome {
  scenario: string;
  /** The paying request's reply. */
  status: 200 | 202 | 422;
  /** Where the order ends once the reconciler has run. */
  final: Final;
}

const OUTCOMES: Outcome[] = [
  { scenario: 'delivered', status: 200, final: 'delivered' },
  { scenario: 'failed', status: 422, final: 'failed' },
  { scenario: 'pendingThenDelivered', status: 202, final: 'delivered' },
  { scenario: 'pendingThenReversed', status: 202, final: 'failed' },
  { scenario: 'pendingForever', status: 202, final: 'open' },
  { scenario: 'timeout', status: 202, final: 'delivered' },
  { scenario: 'http500', status: 202, final: 'failed' },
  { scenario: 'malformed', status: 202, final: 'delivered' },
  { scenario: 'noReply', status: 202, final: 'failed' },
];

const STATE_AFTER_REPLY = { 200: 'delivered', 202: 'pending', 422: 'failed' } as const;
const HISTORY_STATUS = { delivered: 'success', failed: 'failed', open: 'pending' } as const;
/** Past SETTLE_AFTER_MS and past the reconciler's first backoff steps. */
const LATER_MS = 10 * 60_000;

const TOKEN = /^\d{4}(-\d{4}){4}$/;

let t: TestApp;
let plans: Plans;

beforeAll(async () => {
  expect(LATER_MS).toBeGreaterThan(SETTLE_AFTER_MS);
  t = await createTestApp(TIMEOUT_SCENARIO);
  const browser = await customer(t);
  plans = await loadPlans(t, browser.token);
});
afterAll(async () => {
  await t?.close();
});

async function historyItem(token: string, id: string) {
  const res = await t.request({ method: 'GET', url: '/api/transactions?limit=100', token });
  expect(res.statusCode).toBe(200);
  const item = res.json().transactions.find((x: { _id: string }) => x._id === id);
  expect(item, `history row ${id}`).toBeDefined();
  return item;
}

/**
 * Where the money rule (decision 0018) leaves an order open for an admin:
 * - Ogdams documents no status lookup, so the reconciler leaves its pending orders open: Ogdams's
 *   signed webhook settles them (ogdams.test.ts), and this app does not listen for it.
 * - DataStation documents no "never received" answer: an order it never recorded (noReply) is
 *   simply absent from its order list, which is no authority to refund.
 */
const casesOf = (k: PurchaseKind) =>
  OUTCOMES.filter((o) => magicValue(k.magic, o.scenario) !== undefined).map((o) =>
    (k.supplier === 'ogdams' && o.status === 202) ||
    (k.supplier === 'datastation' && o.scenario === 'noReply')
      ? { ...o, final: 'open' as const }
      : o,
  );

describe.each(PURCHASE_KINDS)('$name', (k) => {
  let user: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    user = await customer(t, 100_000);
  });

  it.each(casesOf(k))('$scenario → $status, then $final', async ({ scenario, status, final }) => {
    const value = magicValue(k.magic, scenario)!;
    const price = k.priceKobo(plans);
    const before = await balanceKobo(t, user.token);
    // A new minute for every order, so "newest" is this one.
    t.clock.advance(60_000);

    // 1. The paying request.
    const res = await purchase(t, k, user.token, k.body(value, plans));
    expect(res.statusCode, res.body).toBe(status);
    const row = await latestDebit(t, user.id);
    expect(row).toBeDefined();
    if (status === 422) {
      expect(res.json()).toEqual({
        success: false,
        code: 'PURCHASE_FAILED',
        message: messages.purchaseFailed,
        data: { message: messages.purchaseFailed },
      });
    } else {
      expect(res.json()).toMatchObject({
        success: true,
        status: status === 200 ? 'success' : 'pending',
        message: status === 200 ? messages.purchaseSuccessful : messages.purchaseProcessing,
        data: {
          _id: row!.id,
          type: 'debit',
          serviceType: k.serviceType,
          currency: 'NGN',
          amount: price / 100,
          status: status === 200 ? 'success' : 'pending',
        },
      });
    }
    expect(row!.amountKobo).toBe(price);
    expect(row!.serviceType).toBe(k.serviceType);
    expect(await balanceKobo(t, user.token)).toBe(status === 422 ? before : before - price);
    const firstState = await orderRow(t, row!.id);
    expect(firstState?.state).toBe(STATE_AFTER_REPLY[status]);
    await expectLedgerConsistent(t);

    // 2. Later, the reconciler.
    t.clock.advance(LATER_MS);
    await t.services.reconciler.runOnce();

    const order = await orderRow(t, row!.id);
    expect(order?.state).toBe(final === 'open' ? 'pending' : final);
    expect(await balanceKobo(t, user.token)).toBe(final === 'failed' ? before : before - price);
    const item = await historyItem(user.token, row!.id);
    expect(item.status).toBe(HISTORY_STATUS[final]);
    expect((await historyRow(t, row!.id))?.status).toBe(HISTORY_STATUS[final]);
    const codes = await transferCodes(t, row!.id);
    expectOneOutcome(codes, final);
    if (k.name === 'VTpass airtime' && scenario === 'failed') {
      // VTpass refused definitely: the same order (same reservation) went to DataStation with
      // the same magic number, which failed too; one refund.
      expect(order).toMatchObject({ supplier: 'datastation' });
      expect(order?.supplierRequestId).toBe(`${row!.reference}F`);
    } else {
      expect(order).toMatchObject({ supplier: k.supplier, supplierRequestId: row!.reference });
    }
    if (k.serviceType === 'electricity' && final === 'delivered') {
      // Prepaid electricity: the token (from purchased_code / token) and units are kept; VTpass
      // documents units, DataStation sends none.
      expect(item.metadata.token).toMatch(TOKEN);
      if (k.supplier === 'vtpass') expect(item.metadata.units).toMatch(/kWh$/);
      if (status === 200) {
        expect(res.json().data.metadata.token).toBe(item.metadata.token);
        expect(res.json().data.metadata.units).toBe(item.metadata.units);
      }
    }
    await expectLedgerConsistent(t);

    // 3. Another pass, even with everything due again, changes nothing for this order.
    t.clock.advance(LATER_MS);
    const again = await t.services.reconciler.runOnce();
    expect(again.delivered + again.failed).toBe(0);
    expect(await transferCodes(t, row!.id)).toEqual(codes);
    expect((await orderRow(t, row!.id))?.state).toBe(order?.state);
    expect(await balanceKobo(t, user.token)).toBe(final === 'failed' ? before : before - price);
    await expectLedgerConsistent(t);
  });
});
