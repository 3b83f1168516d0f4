import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAGIC_BET_ACCOUNTS, SETTLE_AFTER_MS } from '../sandbox/magic';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { sandboxPalmPay, startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type { PalmPayClient, PalmPayWebhook } from '../types';
import { PALMPAY_PATHS } from './protocol';
import { loadPrivateKey, signParams } from './signing';
import { simulateTransferUrl } from './simulator';

/** The merchant's webhook endpoint: records bodies, answers `success` unless told otherwise. */
const received: string[] = [];
let answer = { status: 200, body: 'success' };
let merchant: Server;
let merchantUrl = '';
/** The virtual-account notify URL the sandbox reads at each delivery. */
let vaNotifyUrl: string | undefined;

let t: TestSandbox;
beforeAll(async () => {
  merchant = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      received.push(text);
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/api/webhooks/palmpay`;
  t = await startTestSandbox({
    palmpayNotifyUrl: () => vaNotifyUrl,
    palmpayTickMs: 20,
    palmpayWebhookRetryDelaysMs: [30, 30],
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => merchant.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  answer = { status: 200, body: 'success' };
  vaNotifyUrl = merchantUrl;
});

/**
 * The adapter with a timeout that a loaded 2-core machine cannot trip by accident; the shared
 * test timeout (200 ms) is kept for the calls that test timing out.
 */
let relaxed: PalmPayClient | undefined;
const palmpay = () => (relaxed ??= sandboxPalmPay(t.sandbox.baseUrls.palmpay, 1_500));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 3_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** The notifications received so far, verified and parsed by the adapter. */
function parsed(): (PalmPayWebhook | null)[] {
  return received.map((body) => palmpay().parseWebhook(body));
}

function bet(rechargeAccount: string, outOrderNo = `bet_${randomUUID()}`) {
  return palmpay().createBillOrder({
    outOrderNo,
    sceneCode: 'betting',
    amountKobo: 2_000_00,
    notifyUrl: merchantUrl,
    billerId: 'BETKING',
    itemId: 'BETKING_TOPUP',
    rechargeAccount,
  });
}

async function transfer(body: Record<string, unknown>) {
  const response = await fetch(simulateTransferUrl(t.sandbox.baseUrls), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A request signed by hand, to reach what the adapter never sends. */
async function rawPost(
  path: string,
  params: Record<string, unknown>,
  headers: Record<string, string | undefined> = {},
) {
  const body = { requestTime: Date.now(), nonceStr: 'n0nce', version: 'V1.1', ...params };
  const key = loadPrivateKey(SANDBOX_KEYS.palmpay.merchantPrivateKey);
  const all: Record<string, string | undefined> = {
    'content-type': 'application/json',
    authorization: `Bearer ${SANDBOX_KEYS.palmpay.appId}`,
    signature: signParams(body, key),
    countrycode: 'NG',
    ...headers,
  };
  const response = await fetch(new URL(path, t.sandbox.baseUrls.palmpay), {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
    ),
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('PalmPay simulator: bill notifications', () => {
  it('notifies an order that ends at once, signed, with the bill fields', async () => {
    const outOrderNo = `bet_${randomUUID()}`;
    const outcome = await bet('my-id-7', outOrderNo);
    expect(outcome.status).toBe('delivered');
    await until(() => received.length === 1);
    const body = JSON.parse(received[0]!) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'amount',
        'appId',
        'completedTime',
        'country',
        'errorMsg',
        'orderNo',
        'orderStatus',
        'outOrderNo',
        'rechargeAccount',
        'sign',
      ].sort(),
    );
    // PalmPay URL-encodes the signature.
    expect(String(body.sign)).toMatch(/%[0-9A-F]{2}/);
    expect(parsed()).toEqual([
      {
        kind: 'bill',
        eventId: `bill:${outcome.status === 'delivered' ? outcome.providerReference : ''}:2`,
        outOrderNo,
        orderNo: expect.stringMatching(/^BP/),
        amountKobo: 2_000_00,
        rechargeAccount: 'my-id-7',
        orderStatus: 2,
        errorMsg: '',
        raw: body,
      },
    ]);
  });

  it('notifies a failed order with orderStatus 3 and an errorMsg', async () => {
    await bet(MAGIC_BET_ACCOUNTS.failed);
    await until(() => received.length === 1);
    expect(parsed()[0]).toMatchObject({ kind: 'bill', orderStatus: 3, errorMsg: /failed/ });
  });

  it('notifies a pending order once, when the sandbox clock settles it', async () => {
    const outOrderNo = `bet_${randomUUID()}`;
    expect((await bet(MAGIC_BET_ACCOUNTS.pendingThenDelivered, outOrderNo)).status).toBe('pending');
    await sleep(100);
    expect(received).toHaveLength(0);
    t.advance(SETTLE_AFTER_MS);
    await until(() => received.length === 1);
    await sleep(100);
    expect(received).toHaveLength(1);
    expect(parsed()[0]).toMatchObject({ kind: 'bill', outOrderNo, orderStatus: 2 });
  });

  it('notifies pending-then-failed as failed, and pending-forever never', async () => {
    const reversed = `bet_${randomUUID()}`;
    await bet(MAGIC_BET_ACCOUNTS.pendingThenReversed, reversed);
    await bet(MAGIC_BET_ACCOUNTS.pendingForever);
    t.advance(SETTLE_AFTER_MS);
    await until(() => received.length === 1);
    await sleep(100);
    expect(parsed()).toEqual([expect.objectContaining({ outOrderNo: reversed, orderStatus: 3 })]);
  });

  it('notifies the HTTP-500 order as failed and the malformed one as delivered; not the lost one', async () => {
    const http500 = `bet_${randomUUID()}`;
    const malformed = `bet_${randomUUID()}`;
    expect((await bet(MAGIC_BET_ACCOUNTS.http500, http500)).status).toBe('pending');
    expect((await bet(MAGIC_BET_ACCOUNTS.malformed, malformed)).status).toBe('pending');
    expect((await bet(MAGIC_BET_ACCOUNTS.noReply)).status).toBe('pending');
    await until(() => received.length === 2);
    await sleep(100);
    const byOrder = Object.fromEntries(
      parsed().map((w) => [
        w?.kind === 'bill' ? w.outOrderNo : '',
        w?.kind === 'bill' && w.orderStatus,
      ]),
    );
    expect(byOrder).toEqual({ [http500]: 3, [malformed]: 2 });
  });

  it('retries a notification the merchant did not acknowledge', async () => {
    answer = { status: 500, body: 'busy' };
    await bet('retry-me');
    await until(() => received.length === 2);
    answer = { status: 200, body: 'success' };
    await until(() => received.length === 3);
    await sleep(100);
    expect(received).toHaveLength(3);
    expect(new Set(received).size).toBe(1);
  });
});

describe('PalmPay simulator: simulate-transfer', () => {
  async function newAccount() {
    const accountReference = `va_${randomUUID()}`;
    const result = await palmpay().createVirtualAccount({
      identityType: 'personal',
      licenseNumber: '22222222224',
      virtualAccountName: 'Owo-Ngozi Eze',
      customerName: 'Ngozi Eze',
      email: 'ngozi@example.com',
      accountReference,
    });
    if (!result.ok) throw new Error(result.description);
    return { accountReference, accountNo: result.value.virtualAccountNo };
  }

  it('posts the signed virtual-account notification to the configured URL', async () => {
    const { accountReference, accountNo } = await newAccount();
    const reply = await transfer({
      accountNumber: accountNo,
      amountKobo: 7_500_00,
      payerAccountName: 'Tunde Bakare',
      payerBankName: 'GTBank',
      payerAccountNo: '0234567891',
    });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        ok: true,
        kind: 'virtual_account',
        orderNo: expect.stringMatching(/^VA/),
        delivered: true,
      },
    });
    // The reply carries exactly what was sent, so a test can replay it.
    expect(received).toEqual([JSON.stringify(reply.body.notification)]);
    expect(parsed()[0]).toMatchObject({
      kind: 'virtual_account',
      eventId: `virtual_account:${String(reply.body.orderNo)}:1`,
      virtualAccountNo: accountNo,
      accountReference,
      amountKobo: 7_500_00,
      payerAccountNo: '0234567891',
      payerAccountName: 'Tunde Bakare',
      payerBankName: 'GTBank',
    });
  });

  it('answers delivered:false at once and keeps retrying in the background', async () => {
    const { accountNo } = await newAccount();
    vaNotifyUrl = undefined;
    const reply = await transfer({ accountNumber: accountNo, amountKobo: 1_000_00 });
    expect(reply.body).toMatchObject({ ok: true, delivered: false });
    // The URL appears (an app starts listening): the next retry reaches it.
    vaNotifyUrl = merchantUrl;
    await until(() => received.length === 1);
    expect(received[0]).toBe(JSON.stringify(reply.body.notification));
  });

  it('gives each transfer into a virtual account its own order number', async () => {
    const { accountNo } = await newAccount();
    const first = await transfer({ accountNumber: accountNo, amountKobo: 1_000_00 });
    const second = await transfer({ accountNumber: accountNo, amountKobo: 1_000_00 });
    expect(first.body.orderNo).not.toBe(second.body.orderNo);
  });

  it('posts the checkout notification to the order’s notifyUrl, once per checkout account', async () => {
    const orderId = `dep${Date.now()}`;
    const checkout = await palmpay().createCheckout({
      orderId,
      amountKobo: 3_000_00,
      notifyUrl: merchantUrl,
      callBackUrl: 'http://127.0.0.1:9/home',
      expireSeconds: 1_800,
      title: 'Wallet funding',
      userId: 'u1',
    });
    if (!checkout.ok) throw new Error(checkout.description);
    const reply = await transfer({
      accountNumber: checkout.value.payerVirtualAccNo,
      amountKobo: 3_000_00,
    });
    expect(reply.body).toMatchObject({ ok: true, kind: 'checkout', delivered: true });
    expect(parsed()).toEqual([
      expect.objectContaining({
        kind: 'checkout',
        eventId: `checkout:${checkout.value.orderNo}:2`,
        orderId,
        orderStatus: 2,
        amountKobo: 3_000_00,
      }),
    ]);
    const again = await transfer({
      accountNumber: checkout.value.payerVirtualAccNo,
      amountKobo: 3_000_00,
    });
    expect(again).toMatchObject({ status: 409, body: { ok: false } });
  });

  it('still notifies a transfer into an expired checkout account', async () => {
    const orderId = `dep${Date.now()}late`.slice(0, 32);
    const checkout = await palmpay().createCheckout({
      orderId,
      amountKobo: 1_000_00,
      notifyUrl: merchantUrl,
      callBackUrl: 'http://127.0.0.1:9/home',
      expireSeconds: 1_800,
      title: 'Wallet funding',
      userId: 'u1',
    });
    if (!checkout.ok) throw new Error(checkout.description);
    t.advance(1_801_000);
    expect((await palmpay().queryCheckout(orderId))?.orderStatus).toBe(4);
    const reply = await transfer({
      accountNumber: checkout.value.payerVirtualAccNo,
      amountKobo: 1_000_00,
    });
    expect(reply.body).toMatchObject({ ok: true, delivered: true });
    expect(parsed()[0]).toMatchObject({ kind: 'checkout', orderId, orderStatus: 2 });
  });

  it('answers 404 for an unknown account and 400 for bad input', async () => {
    expect(await transfer({ accountNumber: '1234567890', amountKobo: 100 })).toMatchObject({
      status: 404,
      body: { ok: false },
    });
    expect((await transfer({ accountNumber: '12345', amountKobo: 100 })).status).toBe(400);
    expect((await transfer({ accountNumber: '1234567890', amountKobo: 0 })).status).toBe(400);
    expect((await transfer({ accountNumber: '1234567890', amountKobo: 1.5 })).status).toBe(400);
    expect(received).toHaveLength(0);
  });
});

describe('PalmPay simulator: the gateway’s checks', () => {
  it('accepts a request signed by hand', async () => {
    const reply = await rawPost(PALMPAY_PATHS.billerQuery, { sceneCode: 'betting' });
    expect(reply.body).toMatchObject({ respCode: '00000000', data: expect.any(Array) });
  });

  it('answers sign error for a wrong app id, a missing or wrong signature', async () => {
    const signError = { respCode: 'OPEN_GW_000008', respMsg: 'sign error', data: null };
    expect(
      (
        await rawPost(
          PALMPAY_PATHS.billerQuery,
          { sceneCode: 'betting' },
          { authorization: 'Bearer L2' },
        )
      ).body,
    ).toEqual(signError);
    expect(
      (await rawPost(PALMPAY_PATHS.billerQuery, { sceneCode: 'betting' }, { signature: undefined }))
        .body,
    ).toEqual(signError);
    expect(
      (await rawPost(PALMPAY_PATHS.billerQuery, { sceneCode: 'betting' }, { signature: 'AAAA' }))
        .body,
    ).toEqual(signError);
  });

  it('requires CountryCode and the common fields', async () => {
    expect(
      (
        await rawPost(
          PALMPAY_PATHS.billerQuery,
          { sceneCode: 'betting' },
          { countrycode: undefined },
        )
      ).body,
    ).toMatchObject({ respCode: 'OPEN_GW_000002' });
    expect(
      (await rawPost(PALMPAY_PATHS.billerQuery, { sceneCode: 'betting', nonceStr: '' })).body,
    ).toMatchObject({ respCode: 'OPEN_GW_000002' });
  });

  it('answers invalid url router for an unknown path', async () => {
    expect(await rawPost('api/v2/nothing/here', {})).toMatchObject({
      status: 404,
      body: { respCode: 'OPEN_GW_000022' },
    });
  });

  it('refuses a checkout below ₦100, another productType, or an expiry out of range', async () => {
    const base = {
      orderId: `dep${Date.now()}r`,
      amount: 10_000,
      currency: 'NGN',
      productType: 'bank_transfer',
      notifyUrl: merchantUrl,
      callBackUrl: 'http://127.0.0.1:9/home',
      orderExpireTime: 1_800,
      version: 'V1.1',
    };
    const code = async (params: Record<string, unknown>) =>
      (await rawPost(PALMPAY_PATHS.checkoutCreate, params)).body.respCode;
    expect(await code({ ...base, amount: 9_999 })).toBe('OPEN_GW_000020');
    expect(await code({ ...base, productType: 'pay_wallet' })).toBe('OPEN_GW_000020');
    expect(await code({ ...base, orderExpireTime: 600 })).toBe('OPEN_GW_000020');
    expect(await code({ ...base, orderExpireTime: 90_000 })).toBe('OPEN_GW_000020');
    expect(await code({ ...base, orderId: 'x'.repeat(33) })).toBe('OPEN_GW_000020');
    // callBackUrl is required (the adapter used to leave it out).
    expect(await code({ ...base, callBackUrl: undefined })).toBe('OPEN_GW_000002');
    expect(await code(base)).toBe('00000000');
  });

  it('answers the merchant balance', async () => {
    const reply = await rawPost(PALMPAY_PATHS.merchantBalance, { merchantId: 'L1' });
    expect(reply.body).toMatchObject({
      respCode: '00000000',
      data: { availableBalance: expect.any(Number) },
    });
  });
});
