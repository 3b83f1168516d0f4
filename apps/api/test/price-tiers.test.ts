import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { auditLog, ledgerTransfers, plans, users } from '../src/db/schema';
import { tierPriceKobo } from '../src/modules/price-tiers/tier-price';
import { withAdminApp, type Admin } from './admin-support';
import { balanceKobo, customer, expectLedgerConsistent, type TestApp } from './harness';
import { kind, latestDebit, orderRow, purchase } from './purchase-support';

/**
 * Reseller price tiers (decision 0090): the tier's discount comes off our selling price, never
 * below our cost, in the catalogue a customer sees and in what they pay; admins set tiers and
 * discounts (audited), support staff only read.
 */

type User = Awaited<ReturnType<typeof customer>>;

let t: TestApp;
let admin: Admin;
let reseller: User;
let standard: User;
let support: User;
/** The cheapest available in-house MTN plan: its id, our selling price and its cost (kobo). */
let plan: { dataId: number; networkId: number; sellingKobo: number; costKobo: number };

withAdminApp(async (app) => {
  ({ t, admin } = app);
});

beforeAll(async () => {
  reseller = await customer(t, 20_000);
  standard = await customer(t, 20_000);
  support = await customer(t);
  await t.deps.database.db.update(users).set({ role: 'support' }).where(eq(users.id, support.id));
  const rows = await t.deps.database.db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.supplier, 'datastation'),
        eq(plans.category, 'data'),
        eq(plans.service, 'MTN'),
        eq(plans.isAvailable, true),
      ),
    );
  const cheapest = rows.sort((a, b) => a.sellingKobo - b.sellingKobo)[0]!;
  plan = {
    dataId: Number(cheapest.externalId),
    networkId: cheapest.networkId!,
    sellingKobo: cheapest.sellingKobo,
    costKobo: cheapest.costKobo,
  };
  // The in-house markup leaves room for the seeded 2% (the assertions below depend on it).
  expect(plan.sellingKobo).toBeGreaterThan(plan.costKobo);
});

const DATA = kind('in-house data');

function setTier(token: string, userId: string, tier: string) {
  return t.request({
    method: 'PATCH',
    url: `/api/admin/users/${userId}/price-tier`,
    token,
    payload: { tier },
  });
}

function setDiscounts(token: string, code: string, data: number) {
  return t.request({
    method: 'PATCH',
    url: `/api/admin/price-tiers/${code}`,
    token,
    payload: { discountsBps: { data, airtime: 0, cable: 0, electricity: 0, betting: 0 } },
  });
}

/** The plan's price in the catalogue as this customer sees it (kobo). */
async function cataloguePriceKobo(token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/transactions/data-plans', token });
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().data as { data_id: number; source: string; sellingPrice: number }[]).find(
    (p) => p.source === 'datastation' && p.data_id === plan.dataId,
  );
  return Math.round(row!.sellingPrice * 100);
}

function buyData(user: User, amountKobo?: number) {
  return purchase(t, DATA, user.token, {
    network: plan.networkId,
    mobile_number: MAGIC_PHONES.delivered,
    plan: plan.dataId,
    Ported_number: true,
    transactionPin: '1234',
    ...(amountKobo === undefined ? {} : { amount: amountKobo / 100 }),
  });
}

async function marginOf(transactionId: string) {
  const rows = await t.deps.database.db
    .select({ code: ledgerTransfers.code, amountKobo: ledgerTransfers.amountKobo })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.transactionId, transactionId));
  const sum = (code: string) =>
    rows.filter((r) => r.code === code).reduce((n, r) => n + r.amountKobo, 0);
  return sum('purchase_margin') - sum('purchase_margin_loss');
}

describe('the tier price', () => {
  it('comes off the selling price, never below cost, and never raises a price', () => {
    expect(tierPriceKobo(10_500, 10_000, 200)).toBe(10_290);
    expect(tierPriceKobo(10_500, 10_000, 1_000)).toBe(10_000);
    expect(tierPriceKobo(10_000, 10_000, 500)).toBe(10_000);
    // Electricity under the utility discount sells below cost: the tier leaves it.
    expect(tierPriceKobo(9_800, 10_000, 500)).toBe(9_800);
    expect(tierPriceKobo(10_500, 10_000, 0)).toBe(10_500);
  });
});

describe('admin sets a customer tier', () => {
  it('is refused to support staff (403) and changes nothing', async () => {
    const res = await setTier(support.token, reseller.id, 'reseller');
    expect(res.statusCode, res.body).toBe(403);
    const again = await setDiscounts(support.token, 'reseller', 100);
    expect(again.statusCode, again.body).toBe(403);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, reseller.id));
    expect(row!.priceTier).toBe('standard');
  });

  it('support staff read the tiers', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/price-tiers',
      token: support.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const codes = (res.json().data as { code: string }[]).map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['standard', 'reseller', 'api_partner']));
    expect(codes[0]).toBe('standard');
  });

  it('refuses an unknown tier (400), an unknown customer (404) and a bad discount (400)', async () => {
    expect((await setTier(admin.token, reseller.id, 'gold')).statusCode).toBe(400);
    expect(
      (await setTier(admin.token, '00000000-0000-4000-8000-000000000000', 'reseller')).statusCode,
    ).toBe(404);
    expect((await setDiscounts(admin.token, 'reseller', 5_001)).statusCode).toBe(400);
    expect((await setDiscounts(admin.token, 'reseller', 1.5)).statusCode).toBe(400);
    expect((await setDiscounts(admin.token, 'gold', 100)).statusCode).toBe(404);
  });

  it('moves the customer and writes the audit log with before and after', async () => {
    const res = await setTier(admin.token, reseller.id, 'reseller');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      userId: reseller.id,
      tier: { code: 'reseller', name: 'Reseller' },
    });
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.price_tier'), eq(auditLog.entityId, reseller.id)))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({
      actorId: admin.id,
      entity: 'user',
      before: { priceTier: 'standard' },
      after: { priceTier: 'reseller' },
    });
    const profile = await t.request({
      method: 'GET',
      url: `/api/admin/users/${reseller.id}`,
      token: support.token,
    });
    expect(profile.json().data.priceTier).toEqual({ code: 'reseller', name: 'Reseller' });
  });

  it('audits a change of discounts', async () => {
    const res = await setDiscounts(admin.token, 'reseller', 200);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'reseller', discountsBps: { data: 200 } });
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'price_tier.discounts'), eq(auditLog.entityId, 'reseller')))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({
      actorId: admin.id,
      entity: 'price_tier',
      after: { dataDiscount: 2, airtimeDiscount: 0 },
    });
  });
});

describe('a reseller-tier customer', () => {
  const tierPrice = () => tierPriceKobo(plan.sellingKobo, plan.costKobo, 200);

  it('sees the tier price in the catalogue, while a standard customer sees ours', async () => {
    expect(tierPrice()).toBeLessThan(plan.sellingKobo);
    // One app, one process: the replies alternate and each keeps its own customer's price.
    expect(await cataloguePriceKobo(reseller.token)).toBe(tierPrice());
    expect(await cataloguePriceKobo(standard.token)).toBe(plan.sellingKobo);
    expect(await cataloguePriceKobo(reseller.token)).toBe(tierPrice());
  });

  it('must send the tier price when it sends an amount (409 for ours), and nothing moves', async () => {
    const before = await balanceKobo(t, reseller.token);
    const res = await buyData(reseller, plan.sellingKobo);
    expect(res.statusCode, res.body).toBe(409);
    expect(await balanceKobo(t, reseller.token)).toBe(before);
  });

  it('pays the tier price: wallet debited by it, revenue = tier price − cost', async () => {
    const before = await balanceKobo(t, reseller.token);
    const res = await buyData(reseller, tierPrice());
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, reseller.token)).toBe(before - tierPrice());
    const debit = await latestDebit(t, reseller.id);
    expect(debit!.amountKobo).toBe(tierPrice());
    const order = await orderRow(t, debit!.id);
    expect(order).toMatchObject({
      sellingKobo: tierPrice(),
      costKobo: plan.costKobo,
      priceTier: 'reseller',
    });
    expect(await marginOf(debit!.id)).toBe(tierPrice() - plan.costKobo);
  });

  it('never pays below cost, however deep the discount', async () => {
    expect((await setDiscounts(admin.token, 'reseller', 5_000)).statusCode).toBe(200);
    expect(await cataloguePriceKobo(reseller.token)).toBe(plan.costKobo);
    const before = await balanceKobo(t, reseller.token);
    const res = await buyData(reseller);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, reseller.token)).toBe(before - plan.costKobo);
    const debit = await latestDebit(t, reseller.id);
    expect(await orderRow(t, debit!.id)).toMatchObject({ sellingKobo: plan.costKobo });
    expect(await marginOf(debit!.id)).toBe(0);
    expect((await setDiscounts(admin.token, 'reseller', 200)).statusCode).toBe(200);
  });
});

describe('a standard customer', () => {
  it('pays our selling price as before, and the order says standard', async () => {
    const before = await balanceKobo(t, standard.token);
    const res = await buyData(standard, plan.sellingKobo);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, standard.token)).toBe(before - plan.sellingKobo);
    const debit = await latestDebit(t, standard.id);
    expect(await orderRow(t, debit!.id)).toMatchObject({
      sellingKobo: plan.sellingKobo,
      priceTier: 'standard',
    });
    expect(await marginOf(debit!.id)).toBe(plan.sellingKobo - plan.costKobo);
    await expectLedgerConsistent(t);
  });
});

describe('the dashboard', () => {
  it('breaks the margin figures down by tier (revenue, cost, margin, orders)', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/analytics/profits?range=daily',
      token: support.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const byTier = res.json().data.byTier as {
      code: string;
      orders: number;
      revenue: number;
      cost: number;
      margin: number;
    }[];
    expect(byTier.map((r) => r.code)[0]).toBe('standard');
    const tierPrice = tierPriceKobo(plan.sellingKobo, plan.costKobo, 200);
    // The reseller's two orders: one at the 2% price, one clamped at cost.
    expect(byTier.find((r) => r.code === 'reseller')).toEqual({
      code: 'reseller',
      name: 'Reseller',
      orders: 2,
      revenue: (tierPrice + plan.costKobo) / 100,
      cost: (2 * plan.costKobo) / 100,
      margin: (tierPrice - plan.costKobo) / 100,
    });
    expect(byTier.find((r) => r.code === 'standard')).toMatchObject({
      orders: 1,
      revenue: plan.sellingKobo / 100,
      margin: (plan.sellingKobo - plan.costKobo) / 100,
    });
    expect(byTier.find((r) => r.code === 'api_partner')).toMatchObject({ orders: 0, revenue: 0 });
  });
});
