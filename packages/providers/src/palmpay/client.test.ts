import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { MAGIC_BET_ACCOUNTS, MAGIC_LICENSE_NUMBERS, SETTLE_AFTER_MS } from '../sandbox/magic';
import { SANDBOX_KEYS } from '../sandbox/keys';
import {
  EXPECTED,
  sandboxPalmPay,
  startTestSandbox,
  type TestSandbox,
} from '../sandbox/test-support';
import type { PalmPayClient, PurchaseOutcome } from '../types';
import { createPalmPayClient } from './client';
import { PALMPAY_REFUSAL_ACCOUNTS } from './sim-magic';
import { simulateTransferUrl } from './simulator';

let t: TestSandbox;
beforeAll(async () => {
  // No notify receiver here: notifications fail and retry in the background until close.
  t = await startTestSandbox({ palmpayWebhookRetryDelaysMs: [] });
});
afterAll(() => t.close());

/**
 * The adapter with a timeout that a loaded 2-core machine cannot trip by accident; the shared
 * test timeout (200 ms) is kept for the calls that test timing out.
 */
let relaxed: PalmPayClient | undefined;
const palmpay = () => (relaxed ??= sandboxPalmPay(t.sandbox.baseUrls.palmpay, 1_500));
/** Where bill and checkout notifications are sent (nothing listens; these tests do not need it). */
const NOTIFY_URL = 'http://127.0.0.1:9/api/webhooks/palmpay';
const CALLBACK_URL = 'http://127.0.0.1:9/home';
const BETTING = 'betting';

/**
 * Where PalmPay differs from the shared scenario table: its order query documents no "order not
 * found" answer, so an order lost before PalmPay recorded it stays pending (SOURCES.md).
 */
const PALMPAY_EXPECTED: Record<string, Partial<(typeof EXPECTED)[string]>> = {
  noReply: { requery: 'pending', settled: 'pending' },
};

function bet(
  rechargeAccount: string,
  overrides: Partial<Parameters<PalmPayClient['createBillOrder']>[0]> = {},
) {
  return palmpay().createBillOrder({
    outOrderNo: `bet_${randomUUID()}`,
    sceneCode: BETTING,
    amountKobo: 1_000_00,
    notifyUrl: NOTIFY_URL,
    billerId: 'BET9JA',
    itemId: 'BET9JA_TOPUP',
    rechargeAccount,
    ...overrides,
  });
}

async function transfer(accountNumber: string, amountKobo: number, extra: object = {}) {
  const response = await fetch(simulateTransferUrl(t.sandbox.baseUrls), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountNumber, amountKobo, ...extra }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('PalmPay billers and items', () => {
  it('lists at least 7 betting billers, MSport and SportyBet among them, with icon URLs', async () => {
    const billers = await palmpay().billers(BETTING);
    expect(billers.length).toBeGreaterThanOrEqual(7);
    const names = billers.map((b) => b.billerName);
    expect(names).toEqual(expect.arrayContaining(['MSport', 'SportyBet', 'Bet9ja', 'BetKing']));
    for (const biller of billers) expect(biller.billerIcon).toMatch(/^http:\/\/.+\.svg$/);

    const statuses = await Promise.all(
      billers.map(async (b) => {
        const response = await fetch(b.billerIcon);
        const body = await response.text();
        return { id: b.billerId, status: response.status, svg: body.startsWith('<svg') };
      }),
    );
    const missing = statuses.filter((s) => s.status === 404);
    expect(missing.map((s) => s.id)).toEqual(['MERRYBET']);
    for (const icon of statuses.filter((s) => s.status !== 404)) {
      expect(icon).toMatchObject({ status: 200, svg: true });
    }
  });

  it('gives one item per biller, ₦100–₦500,000 except NairaBet’s ₦200–₦100,000', async () => {
    expect(await palmpay().items({ sceneCode: BETTING, billerId: 'BET9JA' })).toEqual([
      {
        itemId: 'BET9JA_TOPUP',
        itemName: 'Bet9ja Wallet Top-up',
        minAmountKobo: 10_000,
        maxAmountKobo: 50_000_000,
        isFixAmount: false,
      },
    ]);
    expect(await palmpay().items({ sceneCode: BETTING, billerId: 'NAIRABET' })).toMatchObject([
      { itemId: 'NAIRABET_TOPUP', minAmountKobo: 20_000, maxAmountKobo: 10_000_000 },
    ]);
  });

  it('keeps an item PalmPay gives without limits, its bounds null (the documented example)', async () => {
    expect(await palmpay().items({ sceneCode: BETTING, billerId: 'BETKING' })).toEqual([
      {
        itemId: 'BETKING_TOPUP',
        itemName: 'BetKing Wallet Top-up',
        minAmountKobo: null,
        maxAmountKobo: null,
        isFixAmount: false,
      },
    ]);
  });

  it('throws a ProviderError when PalmPay refuses the question', async () => {
    await expect(palmpay().items({ sceneCode: BETTING, billerId: 'NOPE' })).rejects.toThrow(
      ProviderError,
    );
    await expect(palmpay().billers('airtime')).rejects.toThrow(/SBP\.INVALID_SCENE_CODE/);
  });
});

describe('PalmPay bill orders: every magic betting account', () => {
  it.each(Object.entries(MAGIC_BET_ACCOUNTS))('account %s (%s)', async (scenario, account) => {
    const outOrderNo = `bet_${randomUUID()}`;
    const create = await bet(account, { outOrderNo });
    const query = await palmpay().queryBillOrder(outOrderNo);
    t.advance(SETTLE_AFTER_MS);
    const settled = await palmpay().queryBillOrder(outOrderNo);
    expect({ pay: create.status, requery: query.status, settled: settled.status }).toEqual({
      ...EXPECTED[scenario],
      ...PALMPAY_EXPECTED[scenario],
    });
  });

  it('delivers with PalmPay’s orderNo as the provider reference', async () => {
    const outcome = await bet(MAGIC_BET_ACCOUNTS.delivered);
    expect(outcome).toMatchObject({ status: 'delivered', providerReference: /^BP\d+$/ });
    expect((outcome.raw as { respCode: string }).respCode).toBe('00000000');
  });

  it('any other account is delivered at once', async () => {
    expect((await bet('my-bet-id-42')).status).toBe('delivered');
  });

  it('keeps an order lost without a reply pending: an error from order/query proves nothing', async () => {
    const outOrderNo = `bet_${randomUUID()}`;
    const create = await bet(MAGIC_BET_ACCOUNTS.noReply, { outOrderNo });
    expect(create.description).toMatch(/network error/);
    const query = await palmpay().queryBillOrder(outOrderNo);
    expect(query).toMatchObject({ status: 'pending', description: /SBP\.ORDER_NOT_EXIST/ });
  });

  it('counts a held call as pending after the adapter timeout; the query finds it delivered', async () => {
    const started = Date.now();
    const outOrderNo = `bet_${randomUUID()}`;
    const create = await t.providers.palmpay.createBillOrder({
      outOrderNo,
      sceneCode: BETTING,
      amountKobo: 1_000_00,
      notifyUrl: NOTIFY_URL,
      billerId: 'BET9JA',
      itemId: 'BET9JA_TOPUP',
      rechargeAccount: MAGIC_BET_ACCOUNTS.timeout,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(create).toMatchObject({ status: 'pending', description: /1000 ms/ });
    expect((await palmpay().queryBillOrder(outOrderNo)).status).toBe('delivered');
  });
});

describe('PalmPay bill orders: what the simulator refuses', () => {
  const failedWith = (outcome: PurchaseOutcome, code: string, alert = false) => {
    expect(outcome.status).toBe('failed');
    expect(outcome.description).toContain(code);
    expect(outcome.status === 'failed' && outcome.alert !== undefined).toBe(alert);
  };

  it('fails amounts outside the item’s limits (SBP.AMOUNT_BELOW_MIN_LIMIT / ABOVE_MAX)', async () => {
    failedWith(await bet('12345', { amountKobo: 9_999 }), 'SBP.AMOUNT_BELOW_MIN_LIMIT');
    failedWith(await bet('12345', { amountKobo: 50_000_001 }), 'SBP.AMOUNT_ABOVE_MAX_LIMIT');
    // NairaBet: ₦200 minimum and ₦100,000 maximum.
    const nairabet = { billerId: 'NAIRABET', itemId: 'NAIRABET_TOPUP' };
    failedWith(await bet('12345', { ...nairabet, amountKobo: 15_000 }), 'SBP.AMOUNT_BELOW_MIN');
    failedWith(await bet('12345', { ...nairabet, amountKobo: 10_000_100 }), 'SBP.AMOUNT_ABOVE');
    expect((await bet('12345', { ...nairabet, amountKobo: 20_000 })).status).toBe('delivered');
    expect((await bet('12345', { ...nairabet, amountKobo: 10_000_000 })).status).toBe('delivered');
  });

  it('fails an unknown biller, a mismatched item, a missing account; alerts on the scene', async () => {
    failedWith(await bet('12345', { billerId: 'NOPE' }), 'SBP.BILLER_DISABLE');
    failedWith(await bet('12345', { itemId: 'SPORTYBET_TOPUP' }), 'SBP.BILLER_ITEM_MISMATCH');
    failedWith(await bet('   '), 'SBP.INVALID_PARAMETER');
    failedWith(await bet('1234567890123456'), 'SBP.INVALID_PARAMETER');
    failedWith(await bet('12345', { sceneCode: 'airtime' }), 'SBP.INVALID_SCENE_CODE', true);
  });

  it('fails with an operator alert when our merchant account is the problem', async () => {
    const low = await bet(PALMPAY_REFUSAL_ACCOUNTS.merchantBalanceNotEnough);
    failedWith(low, 'SBP.MERCHANT_ACCOUNT_BALANCE_NOT_ENOUGH', true);
    expect(low).toMatchObject({ alert: /balance/i });
    failedWith(
      await bet(PALMPAY_REFUSAL_ACCOUNTS.merchantAccountStatusError),
      'SBP.MERCHANT_ACCOUNT_STATUS_ERROR',
      true,
    );
    failedWith(await bet(PALMPAY_REFUSAL_ACCOUNTS.itemDisabled), 'SBP.ITEM_DISABLE');
  });

  it('keeps a repeated outOrderNo pending (SBP.TRADE_HAD_DEAL: an order exists; query it)', async () => {
    const outOrderNo = `bet_${randomUUID()}`;
    expect((await bet(MAGIC_BET_ACCOUNTS.failed, { outOrderNo })).status).toBe('failed');
    const again = await bet('12345', { outOrderNo });
    expect(again).toMatchObject({ status: 'pending', description: /SBP\.TRADE_HAD_DEAL/ });
    expect((await palmpay().queryBillOrder(outOrderNo)).status).toBe('failed');

    // An earlier attempt got through: the duplicate answer, then the query finds it delivered.
    const earlier = `bet_${randomUUID()}`;
    const dup = await bet(PALMPAY_REFUSAL_ACCOUNTS.tradeHadDeal, { outOrderNo: earlier });
    expect(dup.status).toBe('pending');
    expect(await palmpay().queryBillOrder(earlier)).toMatchObject({
      status: 'delivered',
      providerReference: /^BP\d+$/,
    });
  });

  it('fails every call signed with the wrong key (OPEN_GW_000008) and throws on reads', async () => {
    const wrong = createPalmPayClient({
      baseUrl: t.sandbox.baseUrls.palmpay,
      timeoutMs: 2_000,
      keys: {
        appId: SANDBOX_KEYS.palmpay.appId,
        // PalmPay's key in place of ours: a valid key, just not the one PalmPay has on file.
        merchantPrivateKey: SANDBOX_KEYS.palmpay.platformPrivateKey,
        palmpayPublicKey: SANDBOX_KEYS.palmpay.platformPublicKey,
      },
    });
    const outcome = await wrong.createBillOrder({
      outOrderNo: `bet_${randomUUID()}`,
      sceneCode: BETTING,
      amountKobo: 1_000_00,
      notifyUrl: NOTIFY_URL,
      billerId: 'BET9JA',
      itemId: 'BET9JA_TOPUP',
      rechargeAccount: '12345',
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      description: /OPEN_GW_000008 sign error/,
      alert: /signature/,
    });
    await expect(wrong.billers(BETTING)).rejects.toThrow(/OPEN_GW_000008/);
    expect(
      await wrong.createVirtualAccount({
        identityType: 'personal',
        licenseNumber: '22222222222',
        virtualAccountName: 'Owo-Ada Obi',
        customerName: 'Ada Obi',
        email: 'ada@example.com',
        accountReference: `va_${randomUUID()}`,
      }),
    ).toMatchObject({ ok: false, reason: 'unavailable', description: /OPEN_GW_000008/ });
  });
});

describe('PalmPay virtual accounts', () => {
  const request = (accountReference: string, licenseNumber = '22222222222') =>
    palmpay().createVirtualAccount({
      identityType: 'personal_nin',
      licenseNumber,
      virtualAccountName: 'Owo-Chiamaka Okafor',
      customerName: 'Chiamaka Okafor',
      email: 'chiamaka@example.com',
      accountReference,
    });

  it('creates a 10-digit account, and the same reference gives the same account again', async () => {
    const reference = `va_${randomUUID()}`;
    const first = await request(reference);
    expect(first).toEqual({
      ok: true,
      value: {
        virtualAccountNo: expect.stringMatching(/^\d{10}$/),
        virtualAccountName: 'Owo-Chiamaka Okafor',
        status: 'Enabled',
      },
    });
    expect(await request(reference)).toEqual(first);
    const other = await request(`va_${randomUUID()}`);
    expect(other.ok && first.ok && other.value.virtualAccountNo).not.toBe(
      first.ok && first.value.virtualAccountNo,
    );
  });

  it('is refused for the magic licence number (AC100007) and unavailable on HTTP 500', async () => {
    expect(await request(`va_${randomUUID()}`, MAGIC_LICENSE_NUMBERS.refused)).toEqual({
      ok: false,
      reason: 'rejected',
      description: 'PalmPay AC100007 LicenseNumber verification failed',
    });
    expect(await request(`va_${randomUUID()}`, MAGIC_LICENSE_NUMBERS.http500)).toMatchObject({
      ok: false,
      reason: 'unavailable',
      description: /HTTP 500/,
    });
    // A malformed request is refused by the gateway as a parameter error.
    expect(await request(`va_${randomUUID()}`, '123')).toMatchObject({
      ok: false,
      reason: 'rejected',
      description: /OPEN_GW_000020/,
    });
  });
});

describe('PalmPay bank-transfer checkout', () => {
  const create = (orderId: string, amountKobo = 5_000_00, expireSeconds = 1_800) =>
    palmpay().createCheckout({
      orderId,
      amountKobo,
      notifyUrl: NOTIFY_URL,
      callBackUrl: CALLBACK_URL,
      expireSeconds,
      title: 'Wallet funding',
      userId: 'user-1',
    });

  it('creates an order with a transfer account, pending until paid', async () => {
    const orderId = `dep${Date.now()}`;
    const before = Date.now();
    const result = await create(orderId);
    expect(result).toEqual({
      ok: true,
      value: {
        orderNo: expect.stringMatching(/^PC\d+$/),
        orderStatus: 1,
        payerBankName: 'PalmPay',
        payerAccountName: 'Owo Payments',
        payerVirtualAccNo: expect.stringMatching(/^\d{10}$/),
        sdkSessionId: expect.any(String),
        expiresAtMs: expect.any(Number),
      },
    });
    if (!result.ok) return;
    expect(result.value.expiresAtMs).toBeGreaterThanOrEqual(before + 1_800_000);
    expect(await palmpay().queryCheckout(orderId)).toEqual({
      orderStatus: 1,
      amountKobo: 5_000_00,
    });

    const paid = await transfer(result.value.payerVirtualAccNo, 5_000_00);
    expect(paid).toMatchObject({ status: 200, body: { ok: true, orderNo: result.value.orderNo } });
    expect(await palmpay().queryCheckout(orderId)).toEqual({
      orderStatus: 2,
      amountKobo: 5_000_00,
    });
  });

  it('reads as cancelled (4) after expiry, and as paid after a late transfer', async () => {
    const orderId = `dep${Date.now()}x`;
    const result = await create(orderId, 10_000, 1_800);
    if (!result.ok) throw new Error(result.description);
    t.advance(1_800_000);
    expect(await palmpay().queryCheckout(orderId)).toEqual({ orderStatus: 4, amountKobo: 10_000 });
    const late = await transfer(result.value.payerVirtualAccNo, 10_000);
    expect(late.status).toBe(200);
    expect(await palmpay().queryCheckout(orderId)).toEqual({ orderStatus: 2, amountKobo: 10_000 });
  });

  it('is refused outside PalmPay’s expiry bounds, 1,800–86,400 s (OPEN_GW_000020)', async () => {
    for (const seconds of [600, 1_799, 86_401]) {
      expect(await create(`dep${Date.now()}e${seconds}`, 10_000, seconds)).toMatchObject({
        ok: false,
        reason: 'rejected',
        description: /OPEN_GW_000020/,
      });
    }
    expect((await create(`dep${Date.now()}e`, 10_000, 86_400)).ok).toBe(true);
  });

  it('refuses below ₦100 without calling PalmPay, and a repeated orderId (MC100000)', async () => {
    expect(await create(`dep${Date.now()}y`, 9_999)).toMatchObject({
      ok: false,
      reason: 'rejected',
    });
    const orderId = `dep${Date.now()}z`;
    expect((await create(orderId)).ok).toBe(true);
    expect(await create(orderId)).toMatchObject({
      ok: false,
      reason: 'rejected',
      description: /MC100000/,
    });
  });

  it('answers null for an order PalmPay does not know', async () => {
    expect(await palmpay().queryCheckout('never-created')).toBeNull();
  });
});

describe('PalmPay webhooks through the adapter', () => {
  it('parses the signed notification of a transfer into a virtual account', async () => {
    const accountReference = `va_${randomUUID()}`;
    const account = await palmpay().createVirtualAccount({
      identityType: 'personal',
      licenseNumber: '22222222223',
      virtualAccountName: 'Owo-Ibrahim Musa',
      customerName: 'Ibrahim Musa',
      email: 'ibrahim@example.com',
      accountReference,
    });
    if (!account.ok) throw new Error(account.description);
    const { body } = await transfer(account.value.virtualAccountNo, 2_500_00);
    // No notify URL is configured in this sandbox, so nothing was delivered.
    expect(body).toMatchObject({ ok: true, delivered: false });
    const raw = JSON.stringify(body.notification);
    const parsed = palmpay().parseWebhook(raw);
    expect(parsed).toMatchObject({
      kind: 'virtual_account',
      eventId: `virtual_account:${String(body.orderNo)}:1`,
      orderNo: body.orderNo,
      orderStatus: 1,
      paid: true,
      virtualAccountNo: account.value.virtualAccountNo,
      accountReference,
      amountKobo: 2_500_00,
      payerAccountNo: '0123456789',
      payerAccountName: 'Adebayo Oluwaseun Adeyemi',
      payerBankName: 'Access Bank',
    });
    // The same body replayed is the same event.
    expect(palmpay().parseWebhook(raw)?.eventId).toBe(parsed?.eventId);

    // The pending status of the same order is read, but is not money.
    const pendingFirst = await transfer(account.value.virtualAccountNo, 1_000_00, {
      orderStatus: 2,
    });
    expect(palmpay().parseWebhook(JSON.stringify(pendingFirst.body.notification))).toMatchObject({
      kind: 'virtual_account',
      orderStatus: 2,
      paid: false,
    });
  });

  it('refuses a tampered amount, a forged signature, bad JSON and unknown shapes', async () => {
    const result = await palmpay().createCheckout({
      orderId: `dep${Date.now()}w`,
      amountKobo: 1_000_00,
      notifyUrl: NOTIFY_URL,
      callBackUrl: CALLBACK_URL,
      expireSeconds: 1_800,
      title: 'Wallet funding',
      userId: 'user-2',
    });
    if (!result.ok) throw new Error(result.description);
    const { body } = await transfer(result.value.payerVirtualAccNo, 1_000_00);
    const notification = body.notification as Record<string, unknown>;
    expect(palmpay().parseWebhook(JSON.stringify(notification))).toMatchObject({
      kind: 'checkout',
      orderStatus: 2,
      amountKobo: 1_000_00,
    });
    expect(
      palmpay().parseWebhook(JSON.stringify({ ...notification, amount: 1_000_000_00 })),
    ).toBeNull();
    expect(palmpay().parseWebhook(JSON.stringify({ ...notification, sign: 'AAAA' }))).toBeNull();
    expect(palmpay().parseWebhook(JSON.stringify({ ...notification, sign: undefined }))).toBeNull();
    expect(palmpay().parseWebhook('{"orderId":')).toBeNull();
    expect(palmpay().parseWebhook('[]')).toBeNull();
  });
});
