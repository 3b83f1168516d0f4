import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAGIC_METERS,
  MAGIC_PHONES,
  MAGIC_SMARTCARDS,
  SAFEHAVEN_VERIFY_UNAVAILABLE,
} from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { messages } from '@owo/shared/messages';
import { serviceSwitches } from '../src/db/schema';
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
  type MagicField,
} from './purchase-support';
import { PIN, newKey } from './transfers-support';

/**
 * The alternative service-category family (spec §7 services/verify, services/pay/*) through Safe
 * Haven: each kind delivered, failed and refunded once, pending and resolved by requery; prices
 * from the server; the client's debit account and status URL ignored.
 */

let t: TestApp;
let dataBundle: { bundleCode: string; priceKobo: number };
let cablePackage: { bundleCode: string; priceKobo: number };
beforeAll(async () => {
  t = await createTestApp(TIMEOUT_SCENARIO);
  const user = await customer(t);
  const cheapestFixed = async (categoryId: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/services/categories/${categoryId}/products`,
      token: user.token,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const list = (res.json().data as { bundleCode: string; amount: number | null }[])
      .filter((p) => p.amount !== null)
      .sort((a, b) => a.amount! - b.amount!);
    return { bundleCode: list[0]!.bundleCode, priceKobo: Math.round(list[0]!.amount! * 100) };
  };
  dataBundle = await cheapestFixed(SAFEHAVEN_CATEGORY_IDS.data.MTN);
  cablePackage = await cheapestFixed(SAFEHAVEN_CATEGORY_IDS.cable.GOTV);
});
afterAll(async () => {
  await t?.close();
});

interface PayKind {
  name: 'airtime' | 'data' | 'cable-tv' | 'utility';
  magic: MagicField;
  serviceType: string;
  product: string;
  priceKobo(): number;
  body(value: string): Record<string, unknown>;
}

/** What the spec's client sends, including the fields we ignore. */
const clientExtras = {
  channel: 'WEB',
  debitAccountNumber: '9999999999',
  statusUrl: 'https://attacker.example/status',
};

const KINDS: PayKind[] = [
  {
    name: 'airtime',
    magic: 'phone',
    serviceType: 'airtime',
    product: 'airtime',
    priceKobo: () => 20_000,
    body: (phone) => ({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      amount: 200,
      phoneNumber: phone,
      transactionPin: PIN,
      ...clientExtras,
    }),
  },
  {
    name: 'data',
    magic: 'phone',
    serviceType: 'data',
    product: 'data',
    priceKobo: () => dataBundle.priceKobo,
    body: (phone) => ({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.data.MTN,
      bundleCode: dataBundle.bundleCode,
      amount: dataBundle.priceKobo / 100,
      phoneNumber: phone,
      transactionPin: PIN,
      ...clientExtras,
    }),
  },
  {
    name: 'cable-tv',
    magic: 'card',
    serviceType: 'cable',
    product: 'cable',
    priceKobo: () => cablePackage.priceKobo,
    body: (card) => ({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.cable.GOTV,
      bundleCode: cablePackage.bundleCode,
      cardNumber: card,
      transactionPin: PIN,
      ...clientExtras,
    }),
  },
  {
    name: 'utility',
    magic: 'meter',
    serviceType: 'electricity',
    product: 'electricity',
    priceKobo: () => 100_000,
    body: (meter) => ({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      meterNumber: meter,
      amount: 1_000,
      vendType: 'prepaid',
      transactionPin: PIN,
      ...clientExtras,
    }),
  },
];

const MAGIC = { phone: MAGIC_PHONES, card: MAGIC_SMARTCARDS, meter: MAGIC_METERS } as const;
const magic = (k: PayKind, scenario: keyof typeof MAGIC_PHONES) => MAGIC[k.magic][scenario];

function pay(k: PayKind, token: string, body: Record<string, unknown>, headers = {}) {
  return t.request({
    method: 'POST',
    url: `/api/services/pay/${k.name}`,
    token,
    payload: body,
    headers,
  });
}

const FUNDING_KOBO = 10_000_00;

describe.each(KINDS)('services/pay/$name', (k) => {
  it('delivered: 200, priced by the server, paid through Safe Haven', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const res = await pay(k, user.token, k.body(magic(k, 'delivered')));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: messages.purchaseSuccessful,
      status: 'success',
      data: {
        type: 'debit',
        serviceType: k.serviceType,
        amount: k.priceKobo() / 100,
        status: 'success',
        metadata: { supplier: 'safehaven' },
      },
    });
    const order = await orderRow(t, body.data._id);
    expect(order).toMatchObject({
      supplier: 'safehaven',
      product: k.product,
      state: 'delivered',
      sellingKobo: k.priceKobo(),
    });
    // Our own debit account, not the client's; no status URL of theirs.
    expect(JSON.stringify(order?.request)).not.toContain('9999999999');
    expect(JSON.stringify(order?.request)).not.toContain('attacker');
    if (k.name === 'utility') {
      expect(body.data.metadata.token).toMatch(/\d/);
      expect(body.data.metadata.customerName).toBeTruthy();
    }
    if (k.name === 'cable-tv') expect(body.data.metadata.customerName).toBeTruthy();
    expectOneOutcome(await transferCodes(t, body.data._id), 'delivered');
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - k.priceKobo());
    await expectLedgerConsistent(t);
  });

  it('failed: 422, refunded exactly once', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const res = await pay(k, user.token, k.body(magic(k, 'failed')));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('PURCHASE_FAILED');
    const order = await latestDebit(t, user.id);
    t.clock.advance(10 * 60_000);
    await t.services.reconciler.runOnce();
    expectOneOutcome(await transferCodes(t, order!.id), 'failed');
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO);
    await expectLedgerConsistent(t);
  });

  // Safe Haven documents one status, "successful": any other status it reports ("reversed"
  // included) is not an authoritative failure, and a pay reply that never came leaves no Safe
  // Haven id to look up. Both stay open, debited, for an admin's decision (decision 0018).
  it.each([
    ['pendingThenDelivered', 'delivered'],
    ['pendingThenReversed', 'open'],
    ['timeout', 'open'],
  ] as const)('%s: 202, then requeried (%s)', async (scenario, final) => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const res = await pay(k, user.token, k.body(magic(k, scenario)));
    expect(res.statusCode, res.body).toBe(202);
    const id = (await latestDebit(t, user.id))!.id;
    expect((await orderRow(t, id))?.state).toBe('pending');
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - k.priceKobo());
    t.clock.advance(10 * 60_000);
    await t.services.reconciler.runOnce();
    expect((await orderRow(t, id))?.state).toBe(final === 'open' ? 'pending' : final);
    expectOneOutcome(await transferCodes(t, id), final);
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - k.priceKobo());
    // Another pass changes nothing.
    t.clock.advance(60 * 60_000);
    await t.services.reconciler.runOnce();
    expectOneOutcome(await transferCodes(t, id), final);
    await expectLedgerConsistent(t);
  });

  it('a wrong PIN → 400, nothing written; a key replays the first reply', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const wrong = await pay(k, user.token, {
      ...k.body(magic(k, 'delivered')),
      transactionPin: '9999',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PIN_INCORRECT');
    expect(await countRows(t, user.id)).toBe(1);
    const key = newKey();
    const first = await pay(k, user.token, k.body(magic(k, 'delivered')), {
      'idempotency-key': key,
    });
    const again = await pay(k, user.token, k.body(magic(k, 'delivered')), {
      'idempotency-key': key,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - k.priceKobo());
  });

  it('its shutdown switch stops it', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const service = {
      airtime: 'airtime',
      data: 'data',
      'cable-tv': 'cable-tv',
      utility: 'utility',
    }[k.name];
    await t.deps.database.db
      .insert(serviceSwitches)
      .values({ service, shutdownUntil: new Date(t.clock.now().getTime() + 60_000) });
    try {
      const res = await pay(k, user.token, k.body(magic(k, 'delivered')));
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await t.deps.database.db.delete(serviceSwitches).where(eq(serviceSwitches.service, service));
    }
    expect(await countRows(t, user.id)).toBe(1);
  });
});

describe('prices and rules', () => {
  it('a data amount that is not the bundle price → 409 AMOUNT_MISMATCH, nothing written', async () => {
    const user = await customer(t, 1_000);
    const res = await pay(KINDS[1]!, user.token, {
      ...KINDS[1]!.body(MAGIC_PHONES.delivered),
      amount: dataBundle.priceKobo / 100 - 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('AMOUNT_MISMATCH');
    expect(await countRows(t, user.id)).toBe(1);
  });

  it('an unknown bundle → 404; a category of another service → 400', async () => {
    const user = await customer(t, 1_000);
    const unknown = await pay(KINDS[1]!, user.token, {
      ...KINDS[1]!.body(MAGIC_PHONES.delivered),
      bundleCode: 'NO-SUCH-BUNDLE',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PLAN_NOT_FOUND');
    const wrongService = await pay(KINDS[0]!, user.token, {
      ...KINDS[0]!.body(MAGIC_PHONES.delivered),
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.data.MTN,
    });
    expect(wrongService.statusCode).toBe(400);
    expect(wrongService.json().message).toBe(messages.serviceCategoryInvalid);
    expect(await countRows(t, user.id)).toBe(1);
  });

  it.each([
    ['airtime', { amount: 49 }, messages.airtimeMinimum],
    ['airtime', { amount: 50_001 }, messages.airtimeMaximum],
    ['utility', { amount: 499 }, messages.electricityMinimum],
    ['utility', { vendType: 'SOMETIMES' }, messages.selectMeterType],
    ['utility', { meterNumber: '12' }, messages.invalidMeterNumber],
    ['cable-tv', { cardNumber: 'abc' }, messages.invalidCardNumber],
    ['data', { phoneNumber: '123' }, messages.invalidPhone],
  ] as const)('%s %j → "%s"', async (name, change, message) => {
    const user = await customer(t, 1_000);
    const k = KINDS.find((x) => x.name === name)!;
    const res = await pay(k, user.token, { ...k.body(magic(k, 'delivered')), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countRows(t, user.id)).toBe(1);
  });

  it('a meter or card Safe Haven does not know is refused before any money moves', async () => {
    const user = await customer(t, 5_000);
    const meter = await pay(KINDS[3]!, user.token, KINDS[3]!.body(MAGIC_METERS.invalidAccount));
    expect(meter.statusCode).toBe(400);
    expect(meter.json().code).toBe('METER_NOT_FOUND');
    const card = await pay(KINDS[2]!, user.token, KINDS[2]!.body(MAGIC_SMARTCARDS.invalidAccount));
    expect(card.statusCode).toBe(400);
    expect(card.json().code).toBe('CARD_NOT_FOUND');
    expect(await countRows(t, user.id)).toBe(1);
  });

  it('an open-amount cable package (top-up) takes the amount the customer names', async () => {
    const user = await customer(t, 5_000);
    const base = KINDS[2]!.body(MAGIC_SMARTCARDS.delivered);
    const missing = await pay(KINDS[2]!, user.token, { ...base, bundleCode: 'TOP_UP' });
    expect(missing.statusCode).toBe(400);
    const res = await pay(KINDS[2]!, user.token, { ...base, bundleCode: 'TOP_UP', amount: 1_500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(500_000 - 150_000);
  });

  it('the daily limit applies (unverified ₦50,000)', async () => {
    const user = await customer(t, 60_000);
    const k = KINDS[0]!;
    const full = await pay(k, user.token, { ...k.body(MAGIC_PHONES.delivered), amount: 50_000 });
    expect(full.statusCode, full.body).toBe(200);
    const over = await pay(k, user.token, { ...k.body(MAGIC_PHONES.delivered), amount: 50 });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('LIMIT_EXCEEDED');
    expect(await balanceKobo(t, user.token)).toBe(10_000_00);
  });
});

describe('services/verify and the catalogue', () => {
  const verify = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/services/verify', token, payload });

  it('names the customer of a meter and of a card', async () => {
    const user = await customer(t);
    const meter = await verify(user.token, {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      entityNumber: MAGIC_METERS.delivered,
    });
    expect(meter.statusCode, meter.body).toBe(200);
    expect(meter.json()).toMatchObject({
      success: true,
      message: messages.entityVerified,
      data: {
        entityNumber: MAGIC_METERS.delivered,
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      },
    });
    expect(meter.json().data.customerName).toMatch(/\w/);
    const card = await verify(user.token, {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.cable.GOTV,
      entityNumber: MAGIC_SMARTCARDS.delivered,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.customerName).toMatch(/\w/);
  });

  it('a wrong number → 400; verification down → 502; an unknown category → 400', async () => {
    const user = await customer(t);
    const wrong = await verify(user.token, {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      entityNumber: MAGIC_METERS.invalidAccount,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      message: messages.entityNotFound,
    });
    const down = await verify(user.token, {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      entityNumber: SAFEHAVEN_VERIFY_UNAVAILABLE.meter,
    });
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('SERVICES_UNAVAILABLE');
    const unknown = await verify(user.token, {
      serviceCategoryId: 'nope',
      entityNumber: MAGIC_METERS.delivered,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(messages.serviceCategoryInvalid);
  });

  it('lists categories by service and products by category (naira)', async () => {
    const user = await customer(t);
    const get = (url: string) => t.request({ method: 'GET', url, token: user.token });
    const data = await get('/api/services/categories?service=data');
    expect(data.statusCode, data.body).toBe(200);
    const ids = data.json().data.map((c: { serviceCategoryId: string }) => c.serviceCategoryId);
    expect(ids).toContain(SAFEHAVEN_CATEGORY_IDS.data.MTN);
    expect((await get('/api/services/categories?service=bets')).statusCode).toBe(400);

    const products = await get(
      `/api/services/categories/${SAFEHAVEN_CATEGORY_IDS.cable.DSTV}/products`,
    );
    expect(products.statusCode).toBe(200);
    const list = products.json().data as { amount: number | null; bundleCode: string }[];
    expect(list.some((p) => p.amount === null)).toBe(true);
    expect(list.some((p) => typeof p.amount === 'number' && p.amount > 1000)).toBe(true);
    // An airtime category has no products here; an unknown id neither.
    expect(
      (await get(`/api/services/categories/${SAFEHAVEN_CATEGORY_IDS.airtime.MTN}/products`))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/services/categories/nope/products')).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/services/categories?service=DATA' })).statusCode,
    ).toBe(401);
  });
});
