/**
 * What the supplier-fault matrix buys and asks: every money-moving call per adapter (its route, the
 * body for a magic number, the supplier paths of its pay call and its requery) and the calls that
 * move no money. Shared by supplier-faults.test.ts; the plans come from the customer's own
 * catalogue endpoints, as in the API tests.
 */
import type { LightMyRequestResponse } from 'fastify';
import {
  MAGIC_BET_ACCOUNTS,
  MAGIC_METERS,
  MAGIC_PHONES,
  MAGIC_SMARTCARDS,
} from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import type { TestApp } from '../../../apps/api/test/harness';
import {
  PIN,
  PURCHASE_KINDS,
  loadPlans,
  type MagicField,
  type Plans,
} from '../../../apps/api/test/purchase-support';
import type { RequestMatch, SupplierName } from './fault-proxy';

/** The simulator scenarios the matrix uses (docs/sandbox.md). */
export type Scenario = 'delivered' | 'failed' | 'pendingThenDelivered' | 'pendingThenReversed';

export interface MoneyCall {
  name: string;
  supplier: SupplierName;
  /** The supplier call that moves money, and the one that asks what became of it. */
  pay: RequestMatch;
  requery: RequestMatch;
  priceKobo(): number;
  number(scenario: Scenario): string;
  send(t: TestApp, token: string, number: string): Promise<LightMyRequestResponse>;
  /** Catalogue look-ups a purchase needs, made while the supplier still answers (cached). */
  warm(t: TestApp, token: string): Promise<void>;
}

/** Each supplier's pay and requery paths, relative to its base URL. */
const PATHS: Record<SupplierName, { pay: RequestMatch; requery: RequestMatch }> = {
  vtpass: { pay: { method: 'POST', path: 'pay' }, requery: { method: 'POST', path: 'requery' } },
  // Every DataStation purchase is a POST under api/<kind>/; the requery is a GET on the same
  // kind: by DataStation's id (api/<kind>/<id>) or, without one, its order list (api/<kind>/).
  datastation: {
    pay: { method: 'POST', path: 'api/' },
    requery: { method: 'GET', path: 'api/' },
  },
  // Ogdams documents no lookup (its outcomes come by webhook): the requery makes no call.
  ogdams: {
    pay: { method: 'POST', path: 'vend/' },
    requery: { method: 'GET', path: 'no-lookup/' },
  },
  palmpay: {
    pay: { method: 'POST', path: 'api/v2/bill-payment/order/create' },
    requery: { method: 'POST', path: 'api/v2/bill-payment/order/query' },
  },
  safehaven: {
    pay: { method: 'POST', path: 'vas/pay/' },
    requery: { method: 'GET', path: 'vas/transaction/' },
  },
};

const MAGIC: Record<MagicField, Record<Scenario, string>> = {
  phone: MAGIC_PHONES,
  meter: MAGIC_METERS,
  card: MAGIC_SMARTCARDS,
};

async function get(t: TestApp, token: string, url: string) {
  const res = await t.request({ method: 'GET', url, token });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const nothingToWarm = async () => {};

/** Builds the list once the plans (cheapest of each kind) are known. */
export async function moneyCalls(t: TestApp, token: string): Promise<MoneyCall[]> {
  const plans: Plans = await loadPlans(t, token);
  const cheapestFixed = async (categoryId: string) => {
    const body = await get(t, token, `/api/services/categories/${categoryId}/products`);
    const list = (body.data as { bundleCode: string; amount: number | null }[])
      .filter((p) => p.amount !== null)
      .sort((a, b) => a.amount! - b.amount!);
    return { bundleCode: list[0]!.bundleCode, priceKobo: Math.round(list[0]!.amount! * 100) };
  };
  const shData = await cheapestFixed(SAFEHAVEN_CATEGORY_IDS.data.MTN);
  const shCable = await cheapestFixed(SAFEHAVEN_CATEGORY_IDS.cable.GOTV);

  const calls: MoneyCall[] = PURCHASE_KINDS.map((k) => ({
    name: k.name,
    supplier: k.supplier,
    ...PATHS[k.supplier],
    priceKobo: () => k.priceKobo(plans),
    number: (scenario) => MAGIC[k.magic][scenario],
    send: (app, tok, number) =>
      app.request({ method: 'POST', url: k.url, token: tok, payload: k.body(number, plans) }),
    warm: nothingToWarm,
  }));

  calls.push({
    name: 'PalmPay betting',
    supplier: 'palmpay',
    ...PATHS.palmpay,
    priceKobo: () => 100_000,
    number: (scenario) => MAGIC_BET_ACCOUNTS[scenario],
    send: (app, tok, account) =>
      app.request({
        method: 'POST',
        url: '/api/biller/betting',
        token: tok,
        payload: {
          billerId: 'BET9JA',
          itemId: 'BET9JA_TOPUP',
          amount: 1_000,
          rechargeAccount: account,
          transactionPin: PIN,
        },
      }),
    // Billers and items are cached for minutes; a refused port must not stop the order first.
    async warm(app, tok) {
      for (const [url, payload] of [
        ['/api/biller', { sceneCode: 'betting' }],
        ['/api/biller/item', { billerId: 'BET9JA' }],
      ] as const) {
        const res = await app.request({ method: 'POST', url, token: tok, payload });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
    },
  });

  const warmSafeHaven = async (app: TestApp, tok: string) => {
    for (const service of ['AIRTIME', 'DATA', 'CABLETV', 'UTILITY']) {
      await get(app, tok, `/api/services/categories?service=${service}`);
    }
    await get(app, tok, `/api/services/categories/${SAFEHAVEN_CATEGORY_IDS.data.MTN}/products`);
    await get(app, tok, `/api/services/categories/${SAFEHAVEN_CATEGORY_IDS.cable.GOTV}/products`);
  };
  const safeHaven = (
    kind: 'airtime' | 'data' | 'cable-tv' | 'utility',
    magic: MagicField,
    priceKobo: () => number,
    body: (n: string) => Record<string, unknown>,
  ): MoneyCall => ({
    name: `Safe Haven ${kind}`,
    supplier: 'safehaven',
    ...PATHS.safehaven,
    priceKobo,
    number: (scenario) => MAGIC[magic][scenario],
    send: (app, tok, n) =>
      app.request({
        method: 'POST',
        url: `/api/services/pay/${kind}`,
        token: tok,
        payload: { ...body(n), transactionPin: PIN },
      }),
    warm: warmSafeHaven,
  });
  calls.push(
    safeHaven(
      'airtime',
      'phone',
      () => 20_000,
      (phone) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
        amount: 200,
        phoneNumber: phone,
      }),
    ),
    safeHaven(
      'data',
      'phone',
      () => shData.priceKobo,
      (phone) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.data.MTN,
        bundleCode: shData.bundleCode,
        amount: shData.priceKobo / 100,
        phoneNumber: phone,
      }),
    ),
    safeHaven(
      'cable-tv',
      'card',
      () => shCable.priceKobo,
      (card) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.cable.GOTV,
        bundleCode: shCable.bundleCode,
        cardNumber: card,
      }),
    ),
    safeHaven(
      'utility',
      'meter',
      () => 100_000,
      (meter) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
        meterNumber: meter,
        amount: 1_000,
        vendType: 'prepaid',
      }),
    ),
  );
  return calls;
}

/** A call that moves no money: what it asks of which supplier, and the error it must answer. */
export interface ReadCall {
  name: string;
  supplier: SupplierName;
  match: RequestMatch;
  /** The API's error code when the supplier's answer is lost. */
  code: string;
  /** Clock to move first, so a cached answer (banks, billers) or a throttle does not stand in. */
  advanceMs: number;
  send(t: TestApp, token: string): Promise<LightMyRequestResponse>;
}

let identityCounter = 0;
/** A fresh 11-digit NIN the Safe Haven simulator would verify. */
function identityNumber(): string {
  identityCounter += 1;
  return `222${`${Date.now() % 1_000_000}${identityCounter}`.slice(-8).padStart(8, '0')}`;
}

export const READ_CALLS: ReadCall[] = [
  {
    name: 'VTpass meter verify',
    supplier: 'vtpass',
    match: { method: 'POST', path: 'merchant-verify' },
    code: 'VERIFICATION_UNAVAILABLE',
    advanceMs: 0,
    send: (t, token) =>
      t.request({
        method: 'POST',
        url: '/api/vtpass/verify-meter-number',
        token,
        payload: {
          serviceID: 'ikeja-electric',
          billersCode: MAGIC_METERS.delivered,
          type: 'prepaid',
        },
      }),
  },
  {
    name: 'VTpass smart-card verify',
    supplier: 'vtpass',
    match: { method: 'POST', path: 'merchant-verify' },
    code: 'VERIFICATION_UNAVAILABLE',
    advanceMs: 0,
    send: (t, token) =>
      t.request({
        method: 'POST',
        url: '/api/vtpass/smartcard-verify',
        token,
        payload: { serviceID: 'gotv', billersCode: MAGIC_SMARTCARDS.delivered },
      }),
  },
  {
    name: 'Safe Haven meter verify',
    supplier: 'safehaven',
    match: { method: 'POST', path: 'vas/verify' },
    code: 'SERVICES_UNAVAILABLE',
    advanceMs: 0,
    send: (t, token) =>
      t.request({
        method: 'POST',
        url: '/api/services/verify',
        token,
        payload: {
          serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
          entityNumber: MAGIC_METERS.delivered,
        },
      }),
  },
  {
    name: 'Safe Haven name enquiry',
    supplier: 'safehaven',
    match: { method: 'POST', path: 'transfers/name-enquiry' },
    code: 'BANK_UNAVAILABLE',
    advanceMs: 0,
    send: (t, token) =>
      t.request({
        method: 'POST',
        url: '/api/transfers/verify',
        token,
        payload: { bankCode: '000013', accountNumber: '0123456789' },
      }),
  },
  {
    name: 'Safe Haven banks',
    supplier: 'safehaven',
    match: { method: 'GET', path: 'transfers/banks' },
    code: 'BANK_UNAVAILABLE',
    // Past the bank list's 10-minute cache.
    advanceMs: 11 * 60_000,
    send: (t, token) => t.request({ method: 'GET', url: '/api/transfers/banks', token }),
  },
  {
    name: 'Safe Haven KYC initiate',
    supplier: 'safehaven',
    match: { method: 'POST', path: 'identity/v2' },
    code: 'KYC_UNAVAILABLE',
    // Past the hourly initiate throttle.
    advanceMs: 61 * 60_000,
    send: (t, token) =>
      t.request({
        method: 'POST',
        url: '/api/verification/initiate',
        token,
        payload: { type: 'NIN', number: identityNumber() },
      }),
  },
  {
    name: 'PalmPay betting billers',
    supplier: 'palmpay',
    match: { method: 'POST', path: 'api/v2/bill-payment/biller/query' },
    code: 'BILLERS_UNAVAILABLE',
    // Past the billers' 5-minute cache.
    advanceMs: 6 * 60_000,
    send: (t, token) =>
      t.request({ method: 'POST', url: '/api/biller', token, payload: { sceneCode: 'betting' } }),
  },
  {
    name: 'PalmPay deposit checkout',
    supplier: 'palmpay',
    match: { method: 'POST', path: 'api/v2/payment/merchant/createorder' },
    code: 'DEPOSIT_GATEWAY_ERROR',
    advanceMs: 0,
    send: (t, token) =>
      t.request({
        method: 'POST',
        url: '/api/deposit/bank-transfer',
        token,
        payload: { amount: 1_000 },
      }),
  },
];
