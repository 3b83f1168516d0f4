import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PALMPAY_REFUSAL_ACCOUNTS } from '@owo/providers/palmpay/sim-magic';
import { SANDBOX_CONTROL_PREFIXES } from '@owo/providers/sandbox/server';
import { messages } from '@owo/shared/messages';
import { operatorAlerts, purchases } from '../src/db/schema';
import {
  BETTING_DEFAULT_MAX_KOBO,
  BETTING_DEFAULT_MIN_KOBO,
} from '../src/modules/betting/catalogue';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import { depositCredits, eventsOf, verifiedCustomer } from './deposit-support';
import { expectOneOutcome, latestDebit, transferCodes } from './purchase-support';
import { PIN } from './transfers-support';

/**
 * PalmPay as its public documentation and integrations describe it, end to end through our API:
 * its documented SBP.* refusals settle a betting order, items it sells without limits are offered
 * within ours, and a virtual-account notification moves money only at the success status.
 * packages/providers/src/palmpay/SOURCES.md.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

function bet(token: string, body: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: '/api/biller/betting',
    token,
    payload: {
      billerId: 'BET9JA',
      itemId: 'BET9JA_TOPUP',
      amount: 1_000,
      rechargeAccount: '55554444',
      transactionPin: PIN,
      ...body,
    },
  });
}

describe('PalmPay SBP refusals of a betting order', () => {
  it('SBP.MERCHANT_ACCOUNT_BALANCE_NOT_ENOUGH: failed, refunded once, an operator alert raised', async () => {
    const user = await customer(t, 5_000);
    const res = await bet(user.token, {
      rechargeAccount: PALMPAY_REFUSAL_ACCOUNTS.merchantBalanceNotEnough,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'PURCHASE_FAILED', message: messages.purchaseFailed });
    const order = await latestDebit(t, user.id);
    expect(order?.status).toBe('failed');
    expectOneOutcome(await transferCodes(t, order!.id), 'failed');
    expect(await balanceKobo(t, user.token)).toBe(500_000);

    const alerts = await t.deps.database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.transactionId, order!.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      supplier: 'palmpay',
      message: expect.stringMatching(/float/),
    });

    // The reconciler passing later changes nothing: the refund happened exactly once.
    t.clock.advance(10 * 60_000);
    await t.services.reconciler.runOnce();
    expectOneOutcome(await transferCodes(t, order!.id), 'failed');
    expect(await balanceKobo(t, user.token)).toBe(500_000);
    await expectLedgerConsistent(t);
  });

  it('SBP.ITEM_DISABLE: failed and refunded, no operator alert', async () => {
    const user = await customer(t, 5_000);
    const res = await bet(user.token, { rechargeAccount: PALMPAY_REFUSAL_ACCOUNTS.itemDisabled });
    expect(res.statusCode).toBe(422);
    const order = await latestDebit(t, user.id);
    expectOneOutcome(await transferCodes(t, order!.id), 'failed');
    expect(await balanceKobo(t, user.token)).toBe(500_000);
    const alerts = await t.deps.database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.transactionId, order!.id));
    expect(alerts).toHaveLength(0);
  });

  it('SBP.TRADE_HAD_DEAL is never a failure: pending, then delivered by the requery', async () => {
    const user = await customer(t, 5_000);
    const res = await bet(user.token, { rechargeAccount: PALMPAY_REFUSAL_ACCOUNTS.tradeHadDeal });
    expect(res.statusCode, res.body).toBe(202);
    const order = await latestDebit(t, user.id);
    expectOneOutcome(await transferCodes(t, order!.id), 'open');
    // The reconciler's requery (a 1 s supplier timeout here) may meet a loaded machine: like the
    // real one, it asks again later until PalmPay answers.
    for (let pass = 0; pass < 5; pass += 1) {
      t.clock.advance(10 * 60_000);
      await t.services.reconciler.runOnce();
      if ((await transferCodes(t, order!.id)).purchase_cost) break;
    }
    expectOneOutcome(await transferCodes(t, order!.id), 'delivered');
    expect(await balanceKobo(t, user.token)).toBe(400_000);
    const [row] = await t.deps.database.db
      .select({ supplierReference: purchases.supplierReference })
      .from(purchases)
      .where(eq(purchases.transactionId, order!.id));
    expect(row?.supplierReference).toMatch(/^BP\d+$/);
    await expectLedgerConsistent(t);
  });
});

describe('PalmPay items without limits', () => {
  it('are offered within our own bounds, and those bounds are enforced', async () => {
    const user = await customer(t, 600_000);
    const items = await t.request({
      method: 'POST',
      url: '/api/biller/item',
      token: user.token,
      payload: { sceneCode: 'betting', billerId: 'BETKING' },
    });
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json().data).toEqual([
      expect.objectContaining({
        itemId: 'BETKING_TOPUP',
        minAmount: BETTING_DEFAULT_MIN_KOBO,
        maxAmount: BETTING_DEFAULT_MAX_KOBO,
        isFixAmount: false,
      }),
    ]);
    const betking = { billerId: 'BETKING', itemId: 'BETKING_TOPUP' };
    const tooMuch = await bet(user.token, { ...betking, amount: 500_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('Maximum amount is ₦500,000');
    const ok = await bet(user.token, { ...betking, amount: 2_000 });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('PalmPay virtual-account notifications', () => {
  async function transfer(accountNumber: string, amountKobo: number, extra: object = {}) {
    const res = await fetch(
      `${t.sandboxOrigin}${SANDBOX_CONTROL_PREFIXES.palmpay}/simulate-transfer`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accountNumber, amountKobo, ...extra }),
      },
    );
    expect(res.status).toBe(200);
    return (await res.json()) as { orderNo: string; delivered: boolean };
  }

  it('a non-success status credits nothing; the success of the same order credits once', async () => {
    const user = await verifiedCustomer(t);
    const pendingNotice = await transfer(user.account.accountNumber, 300_000, { orderStatus: 2 });
    // Acknowledged (PalmPay stops resending it), recorded, and no money moved.
    expect(pendingNotice.delivered).toBe(true);
    expect(await balanceKobo(t, user.token)).toBe(0);
    expect(await depositCredits(t, user.id)).toHaveLength(0);
    const recorded = (await eventsOf(t)).filter((e) =>
      e.eventId.startsWith(`virtual_account:${pendingNotice.orderNo}:`),
    );
    expect(recorded.map((e) => e.eventId)).toEqual([`virtual_account:${pendingNotice.orderNo}:2`]);

    for (const status of [3, 4, 0]) {
      await transfer(user.account.accountNumber, 300_000, {
        orderStatus: status,
        orderNo: pendingNotice.orderNo,
      });
    }
    expect(await balanceKobo(t, user.token)).toBe(0);

    const paid = await transfer(user.account.accountNumber, 300_000, {
      orderStatus: 1,
      orderNo: pendingNotice.orderNo,
    });
    expect(paid.delivered).toBe(true);
    expect(await balanceKobo(t, user.token)).toBe(300_000);
    // The paid notification again (PalmPay retries) credits nothing more.
    await transfer(user.account.accountNumber, 300_000, {
      orderStatus: 1,
      orderNo: pendingNotice.orderNo,
    });
    await sleep(100);
    expect(await balanceKobo(t, user.token)).toBe(300_000);
    expect(await depositCredits(t, user.id)).toHaveLength(1);
    await expectLedgerConsistent(t);
  });
});
