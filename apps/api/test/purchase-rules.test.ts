import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { plans as plansTable, serviceSwitches } from '../src/db/schema';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  fund,
  signUp,
  type TestApp,
} from './harness';
import {
  PURCHASE_KINDS,
  countRows,
  kind,
  loadPlans,
  purchase,
  type MagicField,
  type Plans,
  type PurchaseKind,
} from './purchase-support';
import { markVerified } from './transfers-support';

/**
 * Every refusal of a purchase: the reply (status, code, the spec's words), and that nothing
 * happened: same balance, no history row, a consistent ledger.
 */

type Reply = Awaited<ReturnType<TestApp['request']>>;
type User = Awaited<ReturnType<typeof customer>>;

let t: TestApp;
let plans: Plans;
/** A funded customer for refusals that never reach the PIN. */
let rich: User;

beforeAll(async () => {
  t = await createTestApp();
  rich = await customer(t, 200_000);
  plans = await loadPlans(t, rich.token);
});
afterAll(async () => {
  await t?.close();
});

const DELIVERED: Record<MagicField, string> = {
  phone: MAGIC_PHONES.delivered,
  meter: MAGIC_METERS.delivered,
  card: MAGIC_SMARTCARDS.delivered,
};

/** Sends a request that must be refused, and checks that it changed nothing. */
async function expectRefused(
  user: User,
  send: () => Promise<Reply>,
  expected: { status: number; code: string; message?: string },
): Promise<Reply> {
  const balance = await balanceKobo(t, user.token);
  const rows = await countRows(t, user.id);
  const res = await send();
  expect(res.statusCode, res.body).toBe(expected.status);
  expect(res.json()).toMatchObject({ success: false, code: expected.code });
  if (expected.message) {
    expect(res.json().message).toBe(expected.message);
    expect(res.json().data.message).toBe(expected.message);
  }
  expect(await balanceKobo(t, user.token)).toBe(balance);
  expect(await countRows(t, user.id)).toBe(rows);
  await expectLedgerConsistent(t);
  return res;
}

async function expectBought(user: User, k: PurchaseKind, body: Record<string, unknown>) {
  const before = await balanceKobo(t, user.token);
  const res = await purchase(t, k, user.token, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(await balanceKobo(t, user.token)).toBe(before - Math.round(res.json().data.amount * 100));
  await expectLedgerConsistent(t);
  return res;
}

const deliveredBody = (k: PurchaseKind, pin?: string) => k.body(DELIVERED[k.magic], plans, pin);

describe('the transaction PIN', () => {
  it.each(PURCHASE_KINDS)(
    '$name: a wrong PIN is refused (400) and moves nothing; the right one then buys',
    async (k) => {
      const user = await customer(t, 20_000);
      await expectRefused(user, () => purchase(t, k, user.token, deliveredBody(k, '9999')), {
        status: 400,
        code: 'PIN_INCORRECT',
        message: messages.pinIncorrect,
      });
      await expectBought(user, k, deliveredBody(k));
    },
  );

  it(`locks after ${PIN_MAX_FAILURES} wrong PINs (423), even for the right PIN, until the lock ends`, async () => {
    const user = await customer(t, 5_000);
    const k = kind('in-house airtime');
    for (let i = 1; i < PIN_MAX_FAILURES; i += 1) {
      await expectRefused(user, () => purchase(t, k, user.token, deliveredBody(k, '0000')), {
        status: 400,
        code: 'PIN_INCORRECT',
      });
    }
    await expectRefused(user, () => purchase(t, k, user.token, deliveredBody(k, '0000')), {
      status: 423,
      code: 'PIN_LOCKED',
      message: messages.pinLocked,
    });
    await expectRefused(user, () => purchase(t, k, user.token, deliveredBody(k)), {
      status: 423,
      code: 'PIN_LOCKED',
      message: messages.pinLocked,
    });
    t.clock.advance(PIN_LOCK_MS + 1_000);
    await expectBought(user, k, deliveredBody(k));
  });

  it('refuses a purchase when no PIN is set', async () => {
    const user = await signUp(t);
    await fund(t, user.id, 5_000);
    const k = kind('VTpass airtime');
    await expectRefused(user, () => purchase(t, k, user.token, deliveredBody(k)), {
      status: 400,
      code: 'PIN_NOT_SET',
      message: messages.setTransactionPin,
    });
  });
});

describe('validation of the number', () => {
  const BAD: Record<MagicField, { value: string; message: string }> = {
    phone: { value: '0801234', message: messages.invalidPhone },
    meter: { value: '12345abc', message: messages.invalidMeterNumber },
    card: { value: '12-34', message: messages.invalidCardNumber },
  };
  it.each(PURCHASE_KINDS)('$name: a bad $magic is refused with the spec message', async (k) => {
    await expectRefused(rich, () => purchase(t, k, rich.token, k.body(BAD[k.magic].value, plans)), {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: BAD[k.magic].message,
    });
  });

  it('a bad phone on a TV purchase (the card is fine) is refused too', async () => {
    const k = kind('VTpass TV');
    await expectRefused(
      rich,
      () => purchase(t, k, rich.token, { ...deliveredBody(k), phone: '12345' }),
      { status: 400, code: 'VALIDATION_FAILED', message: messages.invalidPhone },
    );
  });
});

describe('meters and cards are verified before any money moves', () => {
  const NOT_FOUND = {
    meter: {
      value: MAGIC_METERS.invalidAccount,
      code: 'METER_NOT_FOUND',
      message: messages.meterNotFound,
    },
    card: {
      value: MAGIC_SMARTCARDS.invalidAccount,
      code: 'CARD_NOT_FOUND',
      message: messages.cardNotFound,
    },
  } as const;
  const verified = PURCHASE_KINDS.filter((k) => k.magic !== 'phone');

  it.each(verified)('$name: a $magic the supplier does not know is refused (400)', async (k) => {
    const bad = NOT_FOUND[k.magic as 'meter' | 'card'];
    await expectRefused(rich, () => purchase(t, k, rich.token, k.body(bad.value, plans)), {
      status: 400,
      code: bad.code,
      message: bad.message,
    });
  });

  it.each(verified)('$name: the customer name on the $magic is kept with the order', async (k) => {
    const res = await expectBought(rich, k, deliveredBody(k));
    const name = res.json().data.metadata.customerName;
    expect(typeof name).toBe('string');
    expect(name.length).toBeGreaterThan(2);
  });
});

/** The fixed-price plans: how to name an unknown one, and where the plan is stored and listed. */
interface PlanCase {
  kind: string;
  unknown: Record<string, unknown>;
  where(p: Plans): { supplier: 'datastation' | 'ogdams' | 'vtpass'; externalId: string };
  list: string;
  listed(item: Record<string, unknown>, p: Plans): boolean;
  price(p: Plans): number;
}

const PLAN_CASES: PlanCase[] = [
  {
    kind: 'in-house data',
    unknown: { plan: 987654 },
    where: (p) => ({ supplier: 'datastation', externalId: String(p.inhouseData.dataId) }),
    list: '/api/transactions/data-plans',
    listed: (x, p) => x.source === 'datastation' && Number(x.data_id) === p.inhouseData.dataId,
    price: (p) => p.inhouseData.priceKobo,
  },
  {
    kind: 'Ogdams data',
    unknown: { planId: 'no-such-plan' },
    where: (p) => ({ supplier: 'ogdams', externalId: p.ogdams.planId }),
    list: '/api/transactions/data-plans/ogdams',
    listed: (x, p) => x.planId === p.ogdams.planId,
    price: (p) => p.ogdams.priceKobo,
  },
  {
    kind: 'VTpass data',
    unknown: { variation_code: 'no-such-variation' },
    where: (p) => ({ supplier: 'vtpass', externalId: p.vtpassData.variationCode }),
    list: '/api/vtpass/data?serviceID=mtn-data',
    listed: (x, p) => x.variation_code === p.vtpassData.variationCode,
    price: (p) => p.vtpassData.priceKobo,
  },
  {
    kind: 'in-house cable',
    unknown: { cableplan: 987654 },
    where: (p) => ({ supplier: 'datastation', externalId: String(p.inhouseCable.cablePlanId) }),
    list: '/api/transactions/cable-plans?cablename=GOTV',
    listed: (x, p) => x.cablePlanID === p.inhouseCable.cablePlanId,
    price: (p) => p.inhouseCable.priceKobo,
  },
  {
    kind: 'VTpass TV',
    unknown: { variation_code: 'no-such-bouquet' },
    where: (p) => ({ supplier: 'vtpass', externalId: p.vtpassTv.variationCode }),
    list: '/api/vtpass/tv?serviceID=gotv',
    listed: (x, p) => x.variation_code === p.vtpassTv.variationCode,
    price: (p) => p.vtpassTv.priceKobo,
  },
];

describe.each(PLAN_CASES)('plans: $kind', (c) => {
  const k = kind(c.kind);

  async function listed(): Promise<boolean> {
    const res = await t.request({ method: 'GET', url: c.list, token: rich.token });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Record<string, unknown>[]).some((x) => c.listed(x, plans));
  }

  async function setAvailable(isAvailable: boolean) {
    const { supplier, externalId } = c.where(plans);
    const updated = await t.deps.database.db
      .update(plansTable)
      .set({ isAvailable })
      .where(and(eq(plansTable.supplier, supplier), eq(plansTable.externalId, externalId)))
      .returning({ id: plansTable.id });
    expect(updated.length).toBeGreaterThan(0);
  }

  it('an unknown plan is refused (404 PLAN_NOT_FOUND)', async () => {
    await expectRefused(
      rich,
      () => purchase(t, k, rich.token, { ...deliveredBody(k), ...c.unknown }),
      { status: 404, code: 'PLAN_NOT_FOUND', message: messages.planNotFound },
    );
  });

  it('an unavailable plan is refused (409) and leaves the customer list', async () => {
    expect(await listed()).toBe(true);
    await setAvailable(false);
    try {
      await expectRefused(rich, () => purchase(t, k, rich.token, deliveredBody(k)), {
        status: 409,
        code: 'PLAN_UNAVAILABLE',
        message: messages.planUnavailable,
      });
      expect(await listed()).toBe(false);
    } finally {
      await setAvailable(true);
    }
    expect(await listed()).toBe(true);
  });

  it('a client amount that disagrees with the plan price is refused (409); the right one buys', async () => {
    const price = c.price(plans);
    await expectRefused(
      rich,
      () => purchase(t, k, rich.token, { ...deliveredBody(k), amount: price / 100 + 1 }),
      { status: 409, code: 'AMOUNT_MISMATCH', message: messages.amountMismatch },
    );
    await expectRefused(
      rich,
      () => purchase(t, k, rich.token, { ...deliveredBody(k), amount: price / 100 - 1 }),
      { status: 409, code: 'AMOUNT_MISMATCH' },
    );
    const res = await expectBought(rich, k, { ...deliveredBody(k), amount: price / 100 });
    expect(res.json().data.amount).toBe(price / 100);
  });
});

describe('money', () => {
  it.each(PURCHASE_KINDS)('$name: insufficient funds → 402, nothing moved', async (k) => {
    const user = await customer(t, 20);
    expect(k.priceKobo(plans)).toBeGreaterThan(2_000);
    await expectRefused(user, () => purchase(t, k, user.token, deliveredBody(k)), {
      status: 402,
      code: 'INSUFFICIENT_FUNDS',
      message: messages.insufficientFunds,
    });
  });

  it('a wallet with exactly the price buys and ends at zero', async () => {
    const k = kind('in-house data');
    const user = await customer(t, plans.inhouseData.priceKobo / 100);
    await expectBought(user, k, deliveredBody(k));
    expect(await balanceKobo(t, user.token)).toBe(0);
  });

  const AIRTIME_LIMITS = [
    { amount: 49, message: messages.airtimeMinimum },
    { amount: 49.99, message: messages.airtimeMinimum },
    { amount: 50_001, message: messages.airtimeMaximum },
    { amount: 0, message: messages.invalidAmount },
    { amount: 'ten', message: messages.invalidAmount },
  ];
  describe.each(['in-house airtime', 'VTpass airtime'])('%s limits', (name) => {
    const k = kind(name);
    it.each(AIRTIME_LIMITS)('₦$amount is refused', async ({ amount, message }) => {
      await expectRefused(rich, () => purchase(t, k, rich.token, { ...deliveredBody(k), amount }), {
        status: 400,
        code: 'VALIDATION_FAILED',
        message,
      });
    });
    it('₦50 and ₦50,000 are accepted', async () => {
      // Both on one day pass the unverified daily limit (₦50,000): a verified buyer (0011).
      const buyer = await customer(t, 60_000);
      await markVerified(t, buyer.id);
      await expectBought(buyer, k, { ...deliveredBody(k), amount: 50 });
      await expectBought(buyer, k, { ...deliveredBody(k), amount: 50_000 });
    });
  });

  describe.each(['in-house electricity', 'VTpass electricity'])('%s limits', (name) => {
    const k = kind(name);
    it.each([
      { amount: 499, message: messages.electricityMinimum },
      { amount: 500_001, message: messages.electricityMaximum },
    ])('₦$amount is refused', async ({ amount, message }) => {
      await expectRefused(rich, () => purchase(t, k, rich.token, { ...deliveredBody(k), amount }), {
        status: 400,
        code: 'VALIDATION_FAILED',
        message,
      });
    });
  });
});

describe('the catalogue', () => {
  const URLS = [
    '/api/transactions/networks',
    '/api/transactions/data-plans',
    '/api/transactions/data-plans/ogdams',
    '/api/transactions/data-plans/datastation',
    '/api/transactions/cable-list',
    '/api/transactions/cable-plans',
    '/api/transactions/cable-plans?cablename=GOTV',
    '/api/transactions/utility-providers',
    '/api/vtpass/data?serviceID=mtn-data',
    '/api/vtpass/data?serviceID=glo-data',
    '/api/vtpass/tv?serviceID=gotv',
    '/api/vtpass/tv?serviceID=dstv',
  ];
  const keysOf = (value: unknown, into = new Set<string>()): Set<string> => {
    if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        into.add(key);
        keysOf(v, into);
      }
    }
    return into;
  };
  it.each(URLS)('%s never exposes the supplier cost', async (url) => {
    const res = await t.request({ method: 'GET', url, token: rich.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    const keys = [...keysOf(res.json())];
    expect(keys.filter((key) => /cost/i.test(key))).toEqual([]);
  });

  it('in-house data sells above cost, so the cost would be visible if it leaked', async () => {
    // The cheapest in-house plan's selling price is the cost + 5 % rounded up: never equal.
    const [row] = await t.deps.database.db
      .select()
      .from(plansTable)
      .where(
        and(
          eq(plansTable.supplier, 'datastation'),
          eq(plansTable.externalId, String(plans.inhouseData.dataId)),
        ),
      );
    expect(row!.sellingKobo).toBe(plans.inhouseData.priceKobo);
    expect(row!.costKobo).toBeLessThan(row!.sellingKobo);
    const res = await t.request({
      method: 'GET',
      url: '/api/transactions/data-plans',
      token: rich.token,
    });
    const plan = res
      .json()
      .data.find(
        (x: { source: string; data_id: number }) =>
          x.source === 'datastation' && x.data_id === plans.inhouseData.dataId,
      );
    expect(Object.values(plan)).not.toContain(row!.costKobo / 100);
  });
});

describe('service switches', () => {
  async function switchOff(service: string, forMs: number) {
    await t.deps.database.db
      .insert(serviceSwitches)
      .values({ service, shutdownUntil: new Date(t.clock.now().getTime() + forMs) })
      .onConflictDoUpdate({
        target: serviceSwitches.service,
        set: { shutdownUntil: new Date(t.clock.now().getTime() + forMs) },
      });
  }
  const status = async () => {
    const res = await t.request({ method: 'GET', url: '/api/system/services', token: rich.token });
    expect(res.statusCode).toBe(200);
    return res.json().data as Record<string, boolean>;
  };

  it('airtime switched off: both airtime routes answer 503, data still sells, and it ends by itself', async () => {
    await switchOff('airtime', 60 * 60_000);
    expect(await status()).toMatchObject({ system: true, airtime: false, data: true });
    for (const name of ['in-house airtime', 'VTpass airtime']) {
      const k = kind(name);
      await expectRefused(rich, () => purchase(t, k, rich.token, deliveredBody(k)), {
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: messages.serviceShutdown,
      });
    }
    await expectBought(rich, kind('in-house data'), deliveredBody(kind('in-house data')));
    t.clock.advance(60 * 60_000 + 1_000);
    expect((await status()).airtime).toBe(true);
    await expectBought(rich, kind('in-house airtime'), deliveredBody(kind('in-house airtime')));
  });

  it('the system switch turns every service off', async () => {
    await switchOff('system', 60_000);
    try {
      expect(await status()).toEqual({
        system: false,
        airtime: false,
        data: false,
        'cable-tv': false,
        utility: false,
      });
      for (const k of [kind('VTpass data'), kind('in-house cable'), kind('VTpass electricity')]) {
        await expectRefused(rich, () => purchase(t, k, rich.token, deliveredBody(k)), {
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
        });
      }
    } finally {
      await t.deps.database.db.delete(serviceSwitches).where(eq(serviceSwitches.service, 'system'));
    }
    expect((await status()).system).toBe(true);
  });
});

describe('authentication', () => {
  it.each(PURCHASE_KINDS)('$name without a session → 401', async (k) => {
    for (const token of [undefined, 'not-a-real-session-token-at-all']) {
      await expectRefused(rich, () => purchase(t, k, token as string, deliveredBody(k)), {
        status: 401,
        code: 'UNAUTHORIZED',
        message: messages.unauthorized,
      });
    }
  });
});
