/**
 * Every documented PalmPay reply (fixtures/*.json, sources in SOURCES.md) served over HTTP to the
 * real adapter, and what the adapter makes of it: the classification the money rule asks for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '../sandbox/keys';
import type { PalmPayClient, PurchaseOutcome } from '../types';
import { createPalmPayClient } from './client';
import { loadPrivateKey, signParams } from './signing';

const FIXTURES = new URL('./fixtures/', import.meta.url);

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** What the next request is answered with, and the paths asked. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
const asked: { path: string; body: Record<string, unknown> }[] = [];
let server: Server;
let client: PalmPayClient;

function serve(name: string, status = 200) {
  answer = { status, body: JSON.stringify(fixture(name)) };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      asked.push({ path: request.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createPalmPayClient({
    baseUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 2_000,
    keys: {
      appId: SANDBOX_KEYS.palmpay.appId,
      merchantPrivateKey: SANDBOX_KEYS.palmpay.merchantPrivateKey,
      palmpayPublicKey: SANDBOX_KEYS.palmpay.platformPublicKey,
    },
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const order = {
  outOrderNo: 'BET0001',
  sceneCode: 'betting',
  amountKobo: 100_000,
  notifyUrl: 'https://owo.example/api/webhooks/palmpay',
  billerId: 'BET9JA',
  itemId: 'BET9JA_TOPUP',
  rechargeAccount: '55554444',
};

type Expected = 'delivered' | 'failed' | 'failed+alert' | 'pending';

function classify(outcome: PurchaseOutcome): Expected {
  if (outcome.status === 'failed' && outcome.alert) return 'failed+alert';
  return outcome.status;
}

/** order/create: every documented reply, and what it means for our order. */
const CREATE: Record<string, Expected> = {
  'bill-order-create-success': 'delivered',
  'bill-order-create-pending': 'pending',
  // PalmPay's documented example: 10000 asked, 8800 charged, still processing (another order's
  // outOrderNo than ours here: pending either way).
  'bill-order-create-charged-less': 'pending',
  'bill-order-create-failed': 'failed',
  'bill-order-create-invalid-parameter': 'failed',
  'bill-order-create-biller-disable': 'failed',
  'bill-order-create-item-disable': 'failed',
  'bill-order-create-biller-item-mismatch': 'failed',
  'bill-order-create-amount-above-max-limit': 'failed',
  'bill-order-create-amount-below-min-limit': 'failed',
  'bill-order-create-amount-mismatch': 'failed',
  'bill-order-create-invalid-scene-code': 'failed+alert',
  'bill-order-create-merchant-error': 'failed+alert',
  'bill-order-create-merchant-account-error': 'failed+alert',
  'bill-order-create-merchant-account-status-error': 'failed+alert',
  'bill-order-create-merchant-account-balance-not-enough': 'failed+alert',
  'bill-order-create-trade-had-deal': 'pending',
  'bill-order-create-unknown-code': 'pending',
  'gateway-sign-error': 'failed+alert',
  'gateway-ip-not-whitelisted': 'failed+alert',
  'gateway-missing-parameter': 'failed+alert',
  'gateway-param-error': 'failed+alert',
  'gateway-no-such-path': 'pending',
};

/** order/query: only a documented order status decides; any error answer is pending. */
const QUERY: Record<string, Expected> = {
  'bill-order-query-success': 'delivered',
  'bill-order-query-pending': 'pending',
  'bill-order-query-failed': 'failed',
  'bill-order-query-not-found': 'pending',
  'bill-order-create-invalid-parameter': 'pending',
  'bill-order-create-merchant-account-balance-not-enough': 'pending',
  'gateway-sign-error': 'pending',
};

describe('PalmPay fixtures: bill order create', () => {
  it('has a classification for every bill-order-create fixture on disk', () => {
    const onDisk = readdirSync(FIXTURES)
      .filter((f) => f.startsWith('bill-order-create-'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(onDisk.filter((name) => !(name in CREATE))).toEqual([]);
  });

  it.each(Object.entries(CREATE))('%s → %s', async (name, expected) => {
    serve(name);
    const outcome = await client.createBillOrder(order);
    expect(classify(outcome)).toBe(expected);
    expect(asked.at(-1)).toMatchObject({
      path: '/api/v2/bill-payment/order/create',
      body: { version: 'V2', outOrderNo: 'BET0001', amount: 100_000, sceneCode: 'betting' },
    });
  });

  it('carries PalmPay’s orderNo on delivered and pending replies', async () => {
    serve('bill-order-create-success');
    expect(await client.createBillOrder(order)).toMatchObject({
      providerReference: 'BP1700000000000000001',
    });
    serve('bill-order-create-pending');
    expect(await client.createBillOrder(order)).toMatchObject({
      status: 'pending',
      providerReference: 'BP1700000000000000001',
    });
  });

  it('PalmPay’s documented example (8,800 charged for 10,000) is pending with its orderNo', async () => {
    serve('bill-order-create-charged-less');
    const outcome = await client.createBillOrder({
      ...order,
      outOrderNo: 'P86iMr6AGr2Mzx84QnNP3HC636pFcA10',
      amountKobo: 10_000,
    });
    expect(outcome).toMatchObject({ status: 'pending', providerReference: 'y421t3k8000' });
    expect(JSON.stringify(outcome.raw)).toMatch(/"amount":8800/);
  });

  it('keeps a success body under HTTP 500, a non-JSON body, or another order pending', async () => {
    serve('bill-order-create-failed', 500);
    expect((await client.createBillOrder(order)).status).toBe('pending');
    answer = { status: 200, body: '<html>gateway</html>' };
    expect((await client.createBillOrder(order)).status).toBe('pending');
    serve('bill-order-create-failed');
    expect((await client.createBillOrder({ ...order, outOrderNo: 'BET0002' })).status).toBe(
      'pending',
    );
  });
});

describe('PalmPay fixtures: bill order query', () => {
  it.each(Object.entries(QUERY))('%s → %s', async (name, expected) => {
    serve(name);
    expect(classify(await client.queryBillOrder('BET0001'))).toBe(expected);
    expect(asked.at(-1)).toMatchObject({
      path: '/api/v2/bill-payment/order/query',
      body: { version: 'V2', outOrderNo: 'BET0001', sceneCode: 'betting' },
    });
  });
});

describe('PalmPay fixtures: billers and items', () => {
  it('reads billers and items, an item without limits with null bounds', async () => {
    serve('biller-query-success');
    expect(await client.billers('betting')).toEqual([
      {
        billerId: 'BET9JA',
        billerName: 'Bet9ja',
        billerIcon: 'https://cdn.example.ng/billers/bet9ja.png',
      },
    ]);
    expect(asked.at(-1)?.body).toMatchObject({ version: 'V2', sceneCode: 'betting' });
    serve('item-query-success');
    expect(await client.items({ sceneCode: 'betting', billerId: 'BET9JA' })).toEqual([
      {
        itemId: 'BET9JA_TOPUP',
        itemName: 'Bet9ja Wallet Top-up',
        minAmountKobo: 10_000,
        maxAmountKobo: 50_000_000,
        isFixAmount: false,
      },
    ]);
    serve('item-query-null-bounds');
    expect(await client.items({ sceneCode: 'betting', billerId: 'BETKING' })).toEqual([
      {
        itemId: 'BETKING_TOPUP',
        itemName: 'BetKing Adaptable Amount',
        minAmountKobo: null,
        maxAmountKobo: null,
        isFixAmount: false,
      },
    ]);
  });

  it('throws on a refusal', async () => {
    serve('biller-query-invalid-scene');
    await expect(client.billers('betting')).rejects.toThrow(/SBP\.INVALID_SCENE_CODE/);
    serve('item-query-biller-disabled');
    await expect(client.items({ sceneCode: 'betting', billerId: 'X' })).rejects.toThrow(
      /SBP\.BILLER_DISABLE/,
    );
  });
});

describe('PalmPay fixtures: checkout, virtual accounts, balance', () => {
  const checkout = {
    orderId: 'DEP0001',
    amountKobo: 150_000,
    notifyUrl: 'https://owo.example/api/webhooks/palmpay',
    callBackUrl: 'https://owo.example/home',
    expireSeconds: 1_800,
    title: 'Owo wallet deposit',
    userId: 'u1',
  };

  it('creates a checkout, sending callBackUrl, the expiry and version V1.1', async () => {
    serve('checkout-create-success');
    expect(await client.createCheckout(checkout)).toMatchObject({
      ok: true,
      value: { orderNo: 'PC1700000000000000001', payerVirtualAccNo: '9900000001' },
    });
    expect(asked.at(-1)).toMatchObject({
      path: '/api/v2/payment/merchant/createorder',
      body: {
        version: 'V1.1',
        callBackUrl: 'https://owo.example/home',
        orderExpireTime: 1_800,
        productType: 'bank_transfer',
      },
    });
    serve('checkout-create-duplicate');
    expect(await client.createCheckout(checkout)).toMatchObject({
      ok: false,
      reason: 'rejected',
      description: /MC100000/,
    });
    serve('checkout-create-param-error');
    expect(await client.createCheckout(checkout)).toMatchObject({
      ok: false,
      reason: 'rejected',
    });
    serve('gateway-sign-error');
    expect(await client.createCheckout(checkout)).toMatchObject({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('queries a checkout: paid, pending, and null for MC100004', async () => {
    serve('checkout-query-paid');
    expect(await client.queryCheckout('DEP0001')).toEqual({ orderStatus: 2, amountKobo: 150_000 });
    serve('checkout-query-pending');
    expect(await client.queryCheckout('DEP0001')).toEqual({ orderStatus: 1, amountKobo: 150_000 });
    serve('checkout-query-not-found');
    expect(await client.queryCheckout('DEP0001')).toBeNull();
  });

  it('creates a virtual account with version V2.0; refusals are rejected', async () => {
    const input = {
      identityType: 'personal' as const,
      licenseNumber: '22222222222',
      virtualAccountName: 'Owo-Adebayo Adeyemi',
      customerName: 'Adebayo Adeyemi',
      email: 'ade@example.com',
      accountReference: 'VA0001',
    };
    serve('virtual-account-create-success');
    expect(await client.createVirtualAccount(input)).toEqual({
      ok: true,
      value: {
        virtualAccountNo: '6600000001',
        virtualAccountName: 'Owo-Adebayo Adeyemi',
        status: 'Enabled',
      },
    });
    expect(asked.at(-1)?.body).toMatchObject({ version: 'V2.0' });
    serve('virtual-account-create-license-refused');
    expect(await client.createVirtualAccount(input)).toMatchObject({
      ok: false,
      reason: 'rejected',
    });
    serve('virtual-account-create-license-duplicate');
    expect(await client.createVirtualAccount(input)).toMatchObject({
      ok: false,
      reason: 'rejected',
    });
  });

  it('reads the merchant balance', async () => {
    serve('merchant-balance-success');
    expect(await client.balance()).toEqual({
      availableKobo: 2_500_000_000,
      frozenKobo: 0,
      currentKobo: 2_500_000_000,
    });
    expect(asked.at(-1)).toMatchObject({
      path: '/api/v2/merchant/manage/account/queryBalance',
      body: { merchantId: SANDBOX_KEYS.palmpay.appId },
    });
  });
});

describe('PalmPay fixtures: notifications', () => {
  const platformKey = loadPrivateKey(SANDBOX_KEYS.palmpay.platformPrivateKey);
  function signed(name: string): string {
    const { sign: _blank, ...body } = fixture(name);
    return JSON.stringify({ ...body, sign: encodeURIComponent(signParams(body, platformKey)) });
  }

  it('reads bill notifications: success and failure', () => {
    expect(client.parseWebhook(signed('bill-notify-success'))).toMatchObject({
      kind: 'bill',
      outOrderNo: 'BET0001',
      orderStatus: 2,
      amountKobo: 100_000,
    });
    expect(client.parseWebhook(signed('bill-notify-failed'))).toMatchObject({
      kind: 'bill',
      orderStatus: 3,
      errorMsg: 'Recharge failed, the amount is refunded',
    });
  });

  it('reads a bill notification carrying what PalmPay charged, not the order amount', () => {
    expect(client.parseWebhook(signed('bill-notify-charged-less'))).toMatchObject({
      kind: 'bill',
      outOrderNo: 'P86iMr6AGr2Mzx84QnNP3HC636pFcA10',
      orderStatus: 2,
      amountKobo: 8_800,
    });
  });

  it('reads a paid checkout notification', () => {
    expect(client.parseWebhook(signed('checkout-notify-paid'))).toMatchObject({
      kind: 'checkout',
      orderId: 'DEP0001',
      orderStatus: 2,
      amountKobo: 150_000,
    });
  });

  it('marks only the documented success status of a virtual-account notification as paid', () => {
    expect(client.parseWebhook(signed('virtual-account-notify-paid'))).toMatchObject({
      kind: 'virtual_account',
      orderStatus: 1,
      paid: true,
      amountKobo: 500_000,
      accountReference: 'VA0001',
    });
    expect(client.parseWebhook(signed('virtual-account-notify-pending'))).toMatchObject({
      kind: 'virtual_account',
      orderStatus: 2,
      paid: false,
    });
  });
});
