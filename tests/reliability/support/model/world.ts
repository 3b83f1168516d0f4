import { MAGIC_BET_ACCOUNTS } from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { verifiedCustomer } from '../../../../apps/api/test/deposit-support';
import {
  createTestApp,
  customer,
  fund,
  PIN,
  setPin,
  type TestApp,
} from '../../../../apps/api/test/harness';
import { signInAdmin } from '../../../../apps/api/test/airtime-swap-support';
import {
  ELECTRICITY_NAIRA,
  kind,
  loadPlans,
  magicValue,
  type MagicField,
} from '../../../../apps/api/test/purchase-support';
import { electricityPrice } from '../../../../apps/api/src/modules/settings/utility-discount';
import { USERS, VERIFIED, type Product, type Scenario } from './operations';

/**
 * The world a run plays in: one app on a fresh database (listening, so PalmPay's signed
 * notifications reach it over HTTP), USERS customers with a PIN and a starting balance (the first
 * VERIFIED of them through the real KYC flow, with a permanent PalmPay account), one admin, and
 * every purchase route with the body and the price the customer pays.
 */

export interface Customer {
  id: string;
  email: string;
  token: string;
  /** The permanent PalmPay account number (verified users only). */
  virtualAccount?: string;
}

export interface Route {
  url: string;
  /** What the customer pays (kobo), read from the catalogue and settings at setup. */
  priceKobo: number;
  body(scenario: Scenario): Record<string, unknown>;
}

export interface World {
  t: TestApp;
  users: Customer[];
  admin: { id: string; token: string };
  routes: Record<Product, Route>;
  /** Each user's balance before the first operation (operator credit). */
  startKobo: number[];
}

/** Each customer starts with this (naira), credited the operator's way. */
export const START_NAIRA = 40_000;

/**
 * Limits far above what a run moves: the test is about conservation under concurrency, so
 * refusals should come from balances (insufficient funds), not from the daily limit. The
 * supplier timeout is longer than the harness's 1 s (200 requests in flight slow every call) and
 * still shorter than the sandbox's 5 s hold, so the "timeout" numbers still time out.
 */
const ENV = {
  PROVIDER_TIMEOUT_MS: '4000',
  LIMIT_UNVERIFIED_DAILY_NAIRA: '100000000',
  LIMIT_UNVERIFIED_BALANCE_NAIRA: '100000000',
  LIMIT_VERIFIED_DAILY_NAIRA: '100000000',
  LIMIT_VERIFIED_BALANCE_NAIRA: '100000000',
};

const MAGIC_OF: Record<Product, MagicField> = {
  'in-house airtime': 'phone',
  'in-house data': 'phone',
  'Ogdams data': 'phone',
  'in-house cable': 'card',
  'in-house electricity': 'meter',
  'VTpass data': 'phone',
  'VTpass airtime': 'phone',
  'VTpass TV': 'card',
  'VTpass electricity': 'meter',
  'services airtime': 'phone',
  'services data': 'phone',
  'services cable-tv': 'card',
  'services utility': 'meter',
};

function magic(product: Product, scenario: Scenario): string {
  const value = magicValue(MAGIC_OF[product], scenario);
  if (!value) throw new Error(`no magic ${MAGIC_OF[product]} for ${scenario}`);
  return value;
}

export function betAccount(scenario: Scenario): string {
  return MAGIC_BET_ACCOUNTS[scenario];
}

/** The cheapest fixed-price Safe Haven product of a category, as the customer lists it. */
async function cheapestBundle(t: TestApp, token: string, categoryId: string) {
  const res = await t.request({
    method: 'GET',
    url: `/api/services/categories/${categoryId}/products`,
    token,
  });
  if (res.statusCode !== 200) throw new Error(`products ${categoryId}: ${res.body}`);
  const [cheapest] = (res.json().data as { bundleCode: string; amount: number | null }[])
    .filter((p) => p.amount !== null)
    .sort((a, b) => a.amount! - b.amount!);
  if (!cheapest) throw new Error(`no fixed-price product in ${categoryId}`);
  return { bundleCode: cheapest.bundleCode, priceKobo: Math.round(cheapest.amount! * 100) };
}

async function loadRoutes(t: TestApp, token: string): Promise<Record<Product, Route>> {
  const plans = await loadPlans(t, token);
  const electricity = (await electricityPrice(t.deps.database.db, ELECTRICITY_NAIRA * 100))
    .sellingKobo;
  const fromSupport = (name: Product): Route => {
    const k = kind(name);
    return {
      url: k.url,
      priceKobo: k.serviceType === 'electricity' ? electricity : k.priceKobo(plans),
      body: (scenario) => k.body(magic(name, scenario), plans, PIN),
    };
  };
  const data = await cheapestBundle(t, token, SAFEHAVEN_CATEGORY_IDS.data.MTN);
  const cable = await cheapestBundle(t, token, SAFEHAVEN_CATEGORY_IDS.cable.GOTV);
  return {
    'in-house airtime': fromSupport('in-house airtime'),
    'in-house data': fromSupport('in-house data'),
    'Ogdams data': fromSupport('Ogdams data'),
    'in-house cable': fromSupport('in-house cable'),
    'in-house electricity': fromSupport('in-house electricity'),
    'VTpass data': fromSupport('VTpass data'),
    'VTpass airtime': fromSupport('VTpass airtime'),
    'VTpass TV': fromSupport('VTpass TV'),
    'VTpass electricity': fromSupport('VTpass electricity'),
    'services airtime': {
      url: '/api/services/pay/airtime',
      priceKobo: 20_000,
      body: (scenario) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
        amount: 200,
        phoneNumber: magic('services airtime', scenario),
        transactionPin: PIN,
      }),
    },
    'services data': {
      url: '/api/services/pay/data',
      priceKobo: data.priceKobo,
      body: (scenario) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.data.MTN,
        bundleCode: data.bundleCode,
        phoneNumber: magic('services data', scenario),
        transactionPin: PIN,
      }),
    },
    'services cable-tv': {
      url: '/api/services/pay/cable-tv',
      priceKobo: cable.priceKobo,
      body: (scenario) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.cable.GOTV,
        bundleCode: cable.bundleCode,
        cardNumber: magic('services cable-tv', scenario),
        transactionPin: PIN,
      }),
    },
    'services utility': {
      url: '/api/services/pay/utility',
      priceKobo: electricity,
      body: (scenario) => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
        meterNumber: magic('services utility', scenario),
        amount: ELECTRICITY_NAIRA,
        vendType: 'prepaid',
        transactionPin: PIN,
      }),
    },
  };
}

/**
 * Fills the app's supplier-list caches (betting billers and items, Safe Haven categories) before
 * the first wave: 200 operations start at once, and a cold cache makes them all share one fetch,
 * so one slow answer would refuse every one of them.
 */
async function warmCatalogues(t: TestApp, token: string) {
  const calls = [
    { method: 'POST' as const, url: '/api/biller', payload: { sceneCode: 'betting' } },
    { method: 'POST' as const, url: '/api/biller/item', payload: { billerId: 'BET9JA' } },
    ...['AIRTIME', 'DATA', 'CABLETV', 'UTILITY'].map((service) => ({
      method: 'GET' as const,
      url: `/api/services/categories?service=${service}`,
    })),
  ];
  for (const call of calls) {
    const res = await t.request({ ...call, token });
    if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
  }
}

/** A fresh app and its people. The caller closes `t`. */
export async function createWorld(): Promise<World> {
  const t = await createTestApp(ENV, { listen: true });
  try {
    // Signed up side by side (password hashing is the slow part of the setup).
    const users: Customer[] = await Promise.all(
      Array.from({ length: USERS }, async (_, i): Promise<Customer> => {
        if (i < VERIFIED) {
          const u = await verifiedCustomer(t);
          await setPin(t, u.token);
          return { id: u.id, email: u.email, token: u.token };
        }
        const u = await customer(t);
        return { id: u.id, email: u.email, token: u.token };
      }),
    );
    // The permanent account deposits arrive in is the PalmPay one (not the Safe Haven one).
    for (const u of users.slice(0, VERIFIED)) {
      const res = await t.request({
        method: 'POST',
        url: '/api/deposit',
        token: u.token,
        payload: { amount: 100 },
      });
      if (res.statusCode !== 200) throw new Error(`virtual account: ${res.body}`);
      u.virtualAccount = res.json().data.virtualAccountNo as string;
    }
    for (const u of users) await fund(t, u.id, START_NAIRA);
    const admin = await signInAdmin(t);
    const routes = await loadRoutes(t, users[0]!.token);
    await warmCatalogues(t, users[0]!.token);
    return { t, users, admin, routes, startKobo: users.map(() => START_NAIRA * 100) };
  } catch (error) {
    await t.close();
    throw error;
  }
}
