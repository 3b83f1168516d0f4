import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { ledgerTransfers, purchases, transactions } from '../src/db/schema';
import { PIN, type TestApp } from './harness';

/**
 * What the purchase test files share: the nine purchase kinds (route, body, the field that carries
 * the sandbox's magic value), the plans they buy (read from the customer catalogue endpoints) and
 * direct reads of the order, its history row and its transfers.
 */

export { PIN };
/** An ordinary number: delivered by every simulator (used where the magic value is elsewhere). */
export const PLAIN_PHONE = '08031234567';

export type MagicField = 'phone' | 'meter' | 'card';

export interface Plans {
  /** In-house (DataStation) MTN data plan. */
  inhouseData: { dataId: number; networkId: number; priceKobo: number; size: string };
  ogdams: { planId: string; priceKobo: number; name: string };
  vtpassData: { variationCode: string; priceKobo: number };
  /** In-house GOtv bouquet. */
  inhouseCable: { cablePlanId: number; priceKobo: number };
  vtpassTv: { variationCode: string; priceKobo: number };
}

const toKobo = (naira: number) => Math.round(naira * 100);

async function getData<T>(t: TestApp, token: string, url: string): Promise<T[]> {
  const res = await t.request({ method: 'GET', url, token });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T[];
}

/** The cheapest plan of each kind, as a customer sees it. */
export async function loadPlans(t: TestApp, token: string): Promise<Plans> {
  const cheapest = <T extends { sellingPrice: number }>(list: T[], what: string): T => {
    const sorted = [...list].sort((a, b) => a.sellingPrice - b.sellingPrice);
    if (!sorted[0]) throw new Error(`no ${what} in the catalogue`);
    return sorted[0];
  };
  type DataPlan = {
    data_id: number | string;
    network_id: number;
    sellingPrice: number;
    source: string;
    network: string;
    size: string;
  };
  const inhouse = cheapest(
    (await getData<DataPlan>(t, token, '/api/transactions/data-plans')).filter(
      (p) => p.source === 'datastation' && p.network === 'MTN',
    ),
    'in-house MTN data plan',
  );
  const ogdams = cheapest(
    await getData<{ planId: string; sellingPrice: number; name: string }>(
      t,
      token,
      '/api/transactions/data-plans/ogdams',
    ),
    'Ogdams plan',
  );
  const vtpassData = cheapest(
    await getData<{ variation_code: string; sellingPrice: number }>(
      t,
      token,
      '/api/vtpass/data?serviceID=mtn-data',
    ),
    'VTpass MTN data variation',
  );
  const cable = cheapest(
    await getData<{ cablePlanID: number; sellingPrice: number }>(
      t,
      token,
      '/api/transactions/cable-plans?cablename=GOTV',
    ),
    'GOtv plan',
  );
  const tv = cheapest(
    await getData<{ variation_code: string; sellingPrice: number }>(
      t,
      token,
      '/api/vtpass/tv?serviceID=gotv',
    ),
    'VTpass GOtv variation',
  );
  return {
    inhouseData: {
      dataId: Number(inhouse.data_id),
      networkId: inhouse.network_id,
      priceKobo: toKobo(inhouse.sellingPrice),
      size: inhouse.size,
    },
    ogdams: { planId: ogdams.planId, priceKobo: toKobo(ogdams.sellingPrice), name: ogdams.name },
    vtpassData: {
      variationCode: vtpassData.variation_code,
      priceKobo: toKobo(vtpassData.sellingPrice),
    },
    inhouseCable: { cablePlanId: cable.cablePlanID, priceKobo: toKobo(cable.sellingPrice) },
    vtpassTv: { variationCode: tv.variation_code, priceKobo: toKobo(tv.sellingPrice) },
  };
}

export interface PurchaseKind {
  name: string;
  url: string;
  magic: MagicField;
  serviceType: 'airtime' | 'data' | 'cable' | 'electricity';
  /** The supplier the order goes to first. */
  supplier: 'vtpass' | 'datastation' | 'ogdams';
  priceKobo(plans: Plans): number;
  body(value: string, plans: Plans, pin?: string): Record<string, unknown>;
}

/** Airtime and electricity are bought at these face values in the tables. */
export const AIRTIME_NAIRA = 100;
export const ELECTRICITY_NAIRA = 1000;

export const PURCHASE_KINDS: PurchaseKind[] = [
  {
    name: 'in-house airtime',
    url: '/api/transactions/airtime',
    magic: 'phone',
    serviceType: 'airtime',
    supplier: 'datastation',
    priceKobo: () => AIRTIME_NAIRA * 100,
    body: (phone, _p, pin = PIN) => ({
      network: 1,
      mobile_number: phone,
      airtime_type: 'VTU',
      Ported_number: true,
      amount: AIRTIME_NAIRA,
      transactionPin: pin,
    }),
  },
  {
    name: 'in-house data',
    url: '/api/transactions/data',
    magic: 'phone',
    serviceType: 'data',
    supplier: 'datastation',
    priceKobo: (p) => p.inhouseData.priceKobo,
    body: (phone, p, pin = PIN) => ({
      network: p.inhouseData.networkId,
      mobile_number: phone,
      plan: p.inhouseData.dataId,
      Ported_number: true,
      transactionPin: pin,
    }),
  },
  {
    name: 'Ogdams data',
    url: '/api/transactions/data/ogdams',
    magic: 'phone',
    serviceType: 'data',
    supplier: 'ogdams',
    priceKobo: (p) => p.ogdams.priceKobo,
    body: (phone, p, pin = PIN) => ({
      phoneNumber: phone,
      planId: p.ogdams.planId,
      transactionPin: pin,
    }),
  },
  {
    name: 'in-house cable',
    url: '/api/transactions/cable-tv',
    magic: 'card',
    serviceType: 'cable',
    supplier: 'datastation',
    priceKobo: (p) => p.inhouseCable.priceKobo,
    body: (card, p, pin = PIN) => ({
      cablename: 'GOTV',
      cableplan: p.inhouseCable.cablePlanId,
      smart_card_number: card,
      transactionPin: pin,
    }),
  },
  {
    name: 'in-house electricity',
    url: '/api/transactions/utility',
    magic: 'meter',
    serviceType: 'electricity',
    supplier: 'datastation',
    priceKobo: () => ELECTRICITY_NAIRA * 100,
    body: (meter, _p, pin = PIN) => ({
      amount: ELECTRICITY_NAIRA,
      disco_name: 1,
      meter_number: meter,
      meterType: 'prepaid',
      transactionPin: pin,
    }),
  },
  {
    name: 'VTpass data',
    url: '/api/vtpass/data',
    magic: 'phone',
    serviceType: 'data',
    supplier: 'vtpass',
    priceKobo: (p) => p.vtpassData.priceKobo,
    body: (phone, p, pin = PIN) => ({
      phone,
      serviceID: 'mtn-data',
      variation_code: p.vtpassData.variationCode,
      transactionPin: pin,
    }),
  },
  {
    name: 'VTpass airtime',
    url: '/api/vtpass/airtime',
    magic: 'phone',
    serviceType: 'airtime',
    supplier: 'vtpass',
    priceKobo: () => AIRTIME_NAIRA * 100,
    body: (phone, _p, pin = PIN) => ({
      serviceID: 'mtn',
      phone,
      amount: AIRTIME_NAIRA,
      transactionPin: pin,
    }),
  },
  {
    name: 'VTpass TV',
    url: '/api/vtpass/tv-plans',
    magic: 'card',
    serviceType: 'cable',
    supplier: 'vtpass',
    priceKobo: (p) => p.vtpassTv.priceKobo,
    body: (card, p, pin = PIN) => ({
      serviceID: 'gotv',
      variation_code: p.vtpassTv.variationCode,
      phone: PLAIN_PHONE,
      billersCode: card,
      transactionPin: pin,
    }),
  },
  {
    name: 'VTpass electricity',
    url: '/api/vtpass/utility',
    magic: 'meter',
    serviceType: 'electricity',
    supplier: 'vtpass',
    priceKobo: () => ELECTRICITY_NAIRA * 100,
    body: (meter, _p, pin = PIN) => ({
      serviceID: 'ikeja-electric',
      phone: PLAIN_PHONE,
      billersCode: meter,
      amount: ELECTRICITY_NAIRA,
      variation_code: 'prepaid',
      transactionPin: pin,
    }),
  },
];

export function kind(name: string): PurchaseKind {
  const found = PURCHASE_KINDS.find((k) => k.name === name);
  if (!found) throw new Error(`no purchase kind ${name}`);
  return found;
}

const MAGIC_TABLES: Record<MagicField, Record<string, string>> = {
  phone: MAGIC_PHONES,
  meter: MAGIC_METERS,
  card: MAGIC_SMARTCARDS,
};

/** The magic value of a scenario for a kind's field, or undefined when that field has none. */
export function magicValue(field: MagicField, scenario: string): string | undefined {
  return MAGIC_TABLES[field][scenario];
}

export function purchase(
  t: TestApp,
  k: PurchaseKind,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.request({ method: 'POST', url: k.url, token, payload: body, headers });
}

// ------------------------------------------------------------------ direct reads

export async function orderRow(t: TestApp, transactionId: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(purchases)
    .where(eq(purchases.transactionId, transactionId));
  return row;
}

export async function historyRow(t: TestApp, transactionId: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row;
}

/** The user's newest debit row (a 422 reply carries no id). */
export async function latestDebit(t: TestApp, userId: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'debit')))
    // Tests run on a clock that stands still: orders made in one instant are told apart by the
    // transaction that last wrote them (a test's orders are written one after another).
    .orderBy(desc(transactions.createdAt), desc(sql`${transactions}.xmin::text::bigint`))
    .limit(1);
  return row;
}

export async function countRows(t: TestApp, userId: string) {
  const [row] = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return row?.n ?? 0;
}

/** How many transfers of each code belong to one order. */
export async function transferCodes(t: TestApp, transactionId: string) {
  const rows = await t.deps.database.db
    .select({ code: ledgerTransfers.code, n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.transactionId, transactionId))
    .groupBy(ledgerTransfers.code);
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.code] = r.n;
  return counts;
}

/** Exactly one reservation, and then one post (with its margin) or one void, or nothing yet. */
export function expectOneOutcome(
  codes: Record<string, number>,
  outcome: 'delivered' | 'failed' | 'open',
) {
  expect(codes.purchase_reserve).toBe(1);
  expect(codes.purchase_cost ?? 0).toBe(outcome === 'delivered' ? 1 : 0);
  expect(codes.purchase_void ?? 0).toBe(outcome === 'failed' ? 1 : 0);
  expect((codes.purchase_margin ?? 0) + (codes.purchase_margin_loss ?? 0)).toBeLessThanOrEqual(
    outcome === 'delivered' ? 1 : 0,
  );
}
