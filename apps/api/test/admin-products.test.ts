import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@owo/shared/admin-messages';
import { messages } from '@owo/shared/messages';
import { auditLog, plans } from '../src/db/schema';
import { withAdminApp, type Admin } from './admin-support';
import { type Reply } from './airtime-swap-support';
import { balanceKobo, customer, expectLedgerConsistent, PIN, type TestApp } from './harness';
import { latestDebit } from './purchase-support';

/**
 * Admin products and prices (spec 2 §2 Manage Services, §7 Admin products): the fetches, the
 * lists, price and availability edits, hand-added plans; what customers then see and pay; the
 * audit entries every change writes.
 */

let t: TestApp;
let admin: Admin;
let user: Awaited<ReturnType<typeof customer>>;

withAdminApp(async (app) => {
  ({ t, admin } = app);
  user = await customer(t, 50_000);
});

const call = (
  method: 'GET' | 'PATCH' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token = admin.token,
) => t.request({ method, url: `/api/admin/products/${url}`, token, payload });

/** The customer buys an MTN data plan (by its data_id) with their PIN. */
const buyData = (dataId: number) =>
  t.request({
    method: 'POST',
    url: '/api/transactions/data',
    token: user.token,
    payload: {
      network: 1,
      mobile_number: '08031234567',
      plan: dataId,
      Ported_number: true,
      transactionPin: PIN,
    },
  });

/** An admin-screen refusal: status, message, and the same text at data.errors[0].message. */
function expectRefusal(res: Reply, status: number, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.message).toMatch(message);
  expect(body.data.errors[0].message).toMatch(message);
}

async function planRow(id: string) {
  const [row] = await t.deps.database.db.select().from(plans).where(eq(plans.id, id));
  if (!row) throw new Error(`no plan ${id}`);
  return row;
}

async function auditOf(entityId: string, action?: string) {
  return t.deps.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), action ? eq(auditLog.action, action) : undefined));
}

type AdminDataPlan = {
  _id: string;
  data_id: number;
  network: string;
  network_id: number;
  amount: number;
  sellingPrice: number;
  isAvailable: boolean;
  size: string;
  planType: string;
  validity: string;
};

async function adminDataPlans(network = 'MTN'): Promise<AdminDataPlan[]> {
  const res = await call('GET', `data-plans?network=${network}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function customerDataPlans(token = user.token) {
  const res = await t.request({ method: 'GET', url: '/api/transactions/data-plans', token });
  expect(res.statusCode).toBe(200);
  return res.json().data as { _id: string; sellingPrice: number; source: string }[];
}

/** A DataStation MTN plan no other test touches. */
let nextPlan = 0;
async function freshMtnPlan(): Promise<AdminDataPlan> {
  const list = (await adminDataPlans()).filter((p) => p.isAvailable);
  const plan = list[nextPlan++];
  if (!plan) throw new Error('ran out of MTN plans');
  return plan;
}

describe('who may call', () => {
  const calls: [string, 'GET' | 'PATCH' | 'POST' | 'PUT', string, object?][] = [
    ['fetch DataStation', 'GET', 'update-data'],
    ['fetch Ogdams', 'GET', 'update-ogdams'],
    ['fetch VTpass data', 'GET', 'vtpass/data-plans'],
    ['fetch VTpass TV', 'GET', 'tv-plans/update'],
    ['list data plans', 'GET', 'data-plans?network=MTN'],
    ['list Ogdams plans', 'GET', 'ogdams-plans'],
    ['list VTpass data plans', 'GET', 'vtpass/data-plans/list?serviceID=mtn-data'],
    ['list cable plans', 'GET', 'cable-plans?cablename=GOTV'],
    ['list VTpass TV plans', 'GET', 'vtpass/tv-plans?serviceID=gotv'],
    ['read the utility discount', 'GET', 'utility-discount'],
    [
      'edit a data plan',
      'PATCH',
      'data-plans/00000000-0000-4000-8000-000000000000',
      { isAvailable: false },
    ],
    [
      'edit an Ogdams plan',
      'PATCH',
      'update-ogdams/00000000-0000-4000-8000-000000000000',
      { isAvailable: false },
    ],
    [
      'edit a cable plan',
      'PATCH',
      'cable-plans/00000000-0000-4000-8000-000000000000',
      { isAvailable: false },
    ],
    [
      'edit a VTpass data plan',
      'PATCH',
      'vtpass/data-plans/00000000-0000-4000-8000-000000000000',
      { isAvailable: false },
    ],
    [
      'edit a VTpass TV plan',
      'PATCH',
      'vtpass/tv-plans/00000000-0000-4000-8000-000000000000',
      { isAvailable: false },
    ],
    [
      'add a data plan',
      'POST',
      'data-plans/',
      {
        data_id: 9001,
        network: 'MTN',
        planType: 'SME',
        size: '1GB',
        validity: '30 days',
        amount: 200,
        sellingPrice: 250,
      },
    ],
    [
      'add a cable plan',
      'POST',
      'cable-plans/',
      { cablename: 'GOTV', cablePlanID: 9001, package: 'X', amount: 200, sellingPrice: 250 },
    ],
    ['set the utility discount', 'PUT', 'utility-discount', { percentage: 5 }],
  ];

  it.each(calls)(
    '%s: a regular user gets 403 and nothing changes',
    async (_name, method, url, payload) => {
      const before = await t.deps.database.db.select().from(auditLog);
      const res = await call(method, url, payload, user.token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: messages.forbidden });
      expect(await t.deps.database.db.select().from(auditLog)).toHaveLength(before.length);
    },
  );

  it.each(calls)('%s: without a token 401', async (_name, method, url, payload) => {
    const res = await t.request({ method, url: `/api/admin/products/${url}`, payload });
    expect(res.statusCode).toBe(401);
  });
});

describe('lists', () => {
  it('data plans: every DataStation plan of a network with its cost, unavailable ones too', async () => {
    const list = await adminDataPlans('MTN');
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p).toMatchObject({ network: 'MTN', network_id: 1 });
      expect(p.amount).toBeGreaterThan(0);
      expect(p.sellingPrice).toBeGreaterThanOrEqual(p.amount);
      expect(typeof p.data_id).toBe('number');
    }
    const all = await call('GET', 'data-plans');
    expect(all.statusCode).toBe(200);
    expect(new Set(all.json().data.map((p: AdminDataPlan) => p.network)).size).toBeGreaterThan(1);
    // lower case is read as the network name
    expect((await call('GET', 'data-plans?network=mtn')).json().data).toHaveLength(list.length);
  });

  it('an unknown network, cable or service is a 400 with a clear message', async () => {
    expectRefusal(
      await call('GET', 'data-plans?network=VODAFONE'),
      400,
      adminMessages.unknownNetwork,
    );
    expectRefusal(
      await call('GET', 'cable-plans?cablename=NETFLIX'),
      400,
      adminMessages.unknownCable,
    );
    expectRefusal(
      await call('GET', 'vtpass/data-plans/list?serviceID=dstv'),
      400,
      adminMessages.unknownService,
    );
    expectRefusal(
      await call('GET', 'vtpass/tv-plans?serviceID=mtn-data'),
      400,
      adminMessages.unknownService,
    );
  });

  it('Ogdams, VTpass data, cable and VTpass TV plans come in their admin shapes', async () => {
    const ogdams = (await call('GET', 'ogdams-plans')).json();
    expect(ogdams.success).toBe(true);
    expect(ogdams.data[0]).toEqual({
      _id: expect.any(String),
      planId: expect.any(String),
      networkId: expect.any(Number),
      name: expect.any(String),
      amount: expect.any(Number),
      sellingPrice: expect.any(Number),
      validity: expect.any(String),
      isAvailable: true,
    });
    const vtData = (await call('GET', 'vtpass/data-plans/list?serviceID=mtn-data')).json().data;
    expect(vtData.length).toBeGreaterThan(0);
    expect(vtData.every((p: { serviceID: string }) => p.serviceID === 'mtn-data')).toBe(true);
    expect(vtData[0]).toEqual({
      _id: expect.any(String),
      variation_code: expect.any(String),
      name: expect.any(String),
      amount: expect.any(Number),
      sellingPrice: expect.any(Number),
      isAvailable: true,
      serviceID: 'mtn-data',
    });
    const allVt = (await call('GET', 'vtpass/data-plans/list')).json().data;
    expect(allVt.length).toBeGreaterThan(vtData.length);
    const cable = (await call('GET', 'cable-plans?cablename=GOTV')).json().data;
    expect(cable.length).toBeGreaterThan(0);
    expect(cable[0]).toEqual({
      _id: expect.any(String),
      cablename: 'GOTV',
      cablePlanID: expect.any(Number),
      package: expect.any(String),
      amount: expect.any(Number),
      sellingPrice: expect.any(Number),
      isAvailable: true,
    });
    const tv = (await call('GET', 'vtpass/tv-plans?serviceID=gotv')).json().data;
    expect(tv.length).toBeGreaterThan(0);
    expect(tv[0]).toEqual({
      _id: expect.any(String),
      serviceID: 'gotv',
      name: expect.any(String),
      variation_code: expect.any(String),
      variation_amount: expect.any(Number),
      sellingPrice: expect.any(Number),
      isAvailable: true,
    });
  });
});

describe('editing a plan', () => {
  it('a price below cost is refused and nothing changes', async () => {
    const plan = await freshMtnPlan();
    const res = await call('PATCH', `data-plans/${plan._id}`, {
      sellingPrice: plan.amount - 1,
      isAvailable: false,
    });
    expectRefusal(res, 400, adminMessages.priceBelowCost);
    const row = await planRow(plan._id);
    expect(row.sellingKobo).toBe(Math.round(plan.sellingPrice * 100));
    expect(row.isAvailable).toBe(true);
    expect(await auditOf(plan._id)).toHaveLength(0);
  });

  it('bad bodies and ids: 400 for an empty or wrong body, 404 for an unknown or malformed id', async () => {
    const plan = await freshMtnPlan();
    expectRefusal(
      await call('PATCH', `data-plans/${plan._id}`, {}),
      400,
      adminMessages.invalidPrice,
    );
    expectRefusal(
      await call('PATCH', `data-plans/${plan._id}`, { sellingPrice: 'abc' }),
      400,
      adminMessages.invalidPrice,
    );
    expectRefusal(
      await call('PATCH', `data-plans/${plan._id}`, { sellingPrice: 0 }),
      400,
      adminMessages.invalidPrice,
    );
    expectRefusal(
      await call('PATCH', `data-plans/${plan._id}`, { isAvailable: 'yes' }),
      400,
      /isAvailable/,
    );
    expectRefusal(await call('PATCH', `data-plans/${plan._id}`, { cost: 1 }), 400, /Unknown field/);
    expectRefusal(
      await call('PATCH', 'data-plans/not-a-uuid', { isAvailable: false }),
      404,
      messages.planNotFound,
    );
    expectRefusal(
      await call('PATCH', 'data-plans/00000000-0000-4000-8000-000000000000', {
        isAvailable: false,
      }),
      404,
      messages.planNotFound,
    );
    // a data plan's id on the other routes names no plan of theirs
    for (const route of ['cable-plans', 'update-ogdams', 'vtpass/data-plans', 'vtpass/tv-plans']) {
      expectRefusal(
        await call('PATCH', `${route}/${plan._id}`, { isAvailable: false }),
        404,
        messages.planNotFound,
      );
    }
    expect(await planRow(plan._id)).toMatchObject({ isAvailable: true });
    expect(await auditOf(plan._id)).toHaveLength(0);
  });

  it('availability off: customers no longer see it, a purchase of it is refused and nothing is debited', async () => {
    const plan = await freshMtnPlan();
    const res = await call('PATCH', `data-plans/${plan._id}`, { isAvailable: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: adminMessages.planUpdated,
      data: {
        _id: plan._id,
        isAvailable: false,
        sellingPrice: plan.sellingPrice,
        amount: plan.amount,
      },
    });
    expect((await customerDataPlans()).some((p) => p._id === plan._id)).toBe(false);
    // the admin still sees it
    expect((await adminDataPlans()).find((p) => p._id === plan._id)?.isAvailable).toBe(false);

    const before = await balanceKobo(t, user.token);
    const buy = await buyData(plan.data_id);
    expect(buy.statusCode, buy.body).toBe(409);
    expect(buy.json()).toMatchObject({
      code: 'PLAN_UNAVAILABLE',
      message: messages.planUnavailable,
    });
    expect(await balanceKobo(t, user.token)).toBe(before);

    const [entry] = await auditOf(plan._id, 'plan.availability');
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      entity: 'plan',
      before: { isAvailable: true },
      after: { isAvailable: false },
    });
    expect(await auditOf(plan._id, 'plan.price')).toHaveLength(0);

    // and back on
    expect((await call('PATCH', `data-plans/${plan._id}`, { isAvailable: true })).statusCode).toBe(
      200,
    );
    expect((await customerDataPlans()).some((p) => p._id === plan._id)).toBe(true);
    expect(await auditOf(plan._id, 'plan.availability')).toHaveLength(2);
  });

  it('a new price: customers see it at once and are charged it', async () => {
    const plan = await freshMtnPlan();
    const newPrice = Math.ceil(plan.sellingPrice) + 7;
    const res = await call('PATCH', `data-plans/${plan._id}`, { sellingPrice: String(newPrice) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sellingPrice: newPrice, isAvailable: true });
    expect((await customerDataPlans()).find((p) => p._id === plan._id)?.sellingPrice).toBe(
      newPrice,
    );

    const before = await balanceKobo(t, user.token);
    const buy = await buyData(plan.data_id);
    expect(buy.statusCode, buy.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(before - newPrice * 100);
    expect((await latestDebit(t, user.id))?.amountKobo).toBe(newPrice * 100);
    await expectLedgerConsistent(t);

    const [entry] = await auditOf(plan._id, 'plan.price');
    expect(entry).toMatchObject({
      before: { sellingPrice: plan.sellingPrice },
      after: { sellingPrice: newPrice },
    });
    // the same price again changes nothing and records nothing
    expect(
      (await call('PATCH', `data-plans/${plan._id}`, { sellingPrice: newPrice })).statusCode,
    ).toBe(200);
    expect(await auditOf(plan._id, 'plan.price')).toHaveLength(1);
  });

  it('price and availability together write two entries; turning on a plan priced below cost is refused', async () => {
    const plan = await freshMtnPlan();
    const res = await call('PATCH', `data-plans/${plan._id}`, {
      sellingPrice: plan.amount,
      isAvailable: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sellingPrice: plan.amount, isAvailable: false });
    expect(await auditOf(plan._id)).toHaveLength(2);
    // the supplier's cost rises above our price (as a fetch may do)
    await t.deps.database.db
      .update(plans)
      .set({ costKobo: Math.round(plan.amount * 100) + 500 })
      .where(eq(plans.id, plan._id));
    expectRefusal(
      await call('PATCH', `data-plans/${plan._id}`, { isAvailable: true }),
      400,
      adminMessages.priceBelowCost,
    );
    expect((await planRow(plan._id)).isAvailable).toBe(false);
  });

  it('each other route edits its own kind of plan', async () => {
    const cases: [string, string, (d: Record<string, unknown>) => unknown][] = [
      ['ogdams-plans', 'update-ogdams', (d) => d.planId],
      ['cable-plans?cablename=GOTV', 'cable-plans', (d) => d.cablePlanID],
      ['vtpass/data-plans/list?serviceID=mtn-data', 'vtpass/data-plans', (d) => d.variation_code],
      ['vtpass/tv-plans?serviceID=gotv', 'vtpass/tv-plans', (d) => d.variation_code],
    ];
    for (const [listUrl, route, idOf] of cases) {
      const [plan] = (await call('GET', listUrl)).json().data as Record<string, unknown>[];
      const cost = (plan!.amount ?? plan!.variation_amount) as number;
      const price = Math.ceil(cost) + 10;
      expectRefusal(
        await call('PATCH', `${route}/${plan!._id}`, { sellingPrice: cost - 0.5 }),
        400,
        adminMessages.priceBelowCost,
      );
      const res = await call('PATCH', `${route}/${plan!._id}`, {
        sellingPrice: price,
        isAvailable: false,
      });
      expect(res.statusCode, `${route}: ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({
        _id: plan!._id,
        sellingPrice: price,
        isAvailable: false,
      });
      expect(idOf(res.json().data)).toBe(idOf(plan!));
      const row = await planRow(plan!._id as string);
      expect(row).toMatchObject({ sellingKobo: price * 100, isAvailable: false });
      expect(await auditOf(plan!._id as string)).toHaveLength(2);
    }
  });
});

describe('adding a plan by hand', () => {
  const dataBody = {
    data_id: 7777,
    network: 'glo',
    planType: 'SME',
    size: '2.0GB',
    validity: '30 days',
    amount: 500,
    sellingPrice: 540,
  };

  it('a data plan is added (unavailable unless asked), listed for the admin, refused twice', async () => {
    expectRefusal(
      await call('POST', 'data-plans/', { ...dataBody, sellingPrice: 499 }),
      400,
      adminMessages.priceBelowCost,
    );
    expectRefusal(
      await call('POST', 'data-plans/', { ...dataBody, network: 'ORANGE' }),
      400,
      adminMessages.unknownNetwork,
    );
    expect((await call('POST', 'data-plans/', { ...dataBody, amount: 'x' })).statusCode).toBe(400);
    expect((await call('POST', 'data-plans/', {})).statusCode).toBe(400);

    const res = await call('POST', 'data-plans/', dataBody);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json().data;
    expect(plan).toMatchObject({
      data_id: 7777,
      network: 'GLO',
      network_id: 2,
      planType: 'SME',
      size: '2.0GB',
      amount: 500,
      sellingPrice: 540,
      isAvailable: false,
    });
    expect((await adminDataPlans('GLO')).some((p) => p._id === plan._id)).toBe(true);
    expect((await customerDataPlans()).some((p) => p._id === plan._id)).toBe(false);
    const [entry] = await auditOf(plan._id, 'plan.create');
    expect(entry?.after).toMatchObject({ cost: 500, sellingPrice: 540, isAvailable: false });

    const again = await call('POST', 'data-plans', { ...dataBody, network: 'MTN' });
    expectRefusal(again, 409, adminMessages.planExists);
    // an existing supplier plan id is refused too
    const known = await freshMtnPlan();
    expectRefusal(
      await call('POST', 'data-plans/', { ...dataBody, data_id: known.data_id }),
      409,
      adminMessages.planExists,
    );
  });

  it('a cable plan is added and sells once made available', async () => {
    const body = {
      cablename: 'dstv',
      cablePlanID: 8888,
      package: 'DStv Test',
      amount: 1000,
      sellingPrice: 1000,
      isAvailable: true,
    };
    expectRefusal(
      await call('POST', 'cable-plans/', { ...body, cablename: 'NETFLIX' }),
      400,
      adminMessages.unknownCable,
    );
    const res = await call('POST', 'cable-plans/', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      cablename: 'DSTV',
      cablePlanID: 8888,
      package: 'DStv Test',
      amount: 1000,
      sellingPrice: 1000,
      isAvailable: true,
    });
    const customerList = await t.request({
      method: 'GET',
      url: '/api/transactions/cable-plans?cablename=DSTV',
      token: user.token,
    });
    expect(
      customerList.json().data.some((p: { cablePlanID: number }) => p.cablePlanID === 8888),
    ).toBe(true);
    expectRefusal(await call('POST', 'cable-plans/', body), 409, adminMessages.planExists);
  });
});

describe('fetching from the suppliers', () => {
  it('refreshes the supplier side, keeps our price and availability, adds new plans unavailable', async () => {
    // earlier tests moved costs; one fetch first puts the supplier's side back
    expect((await call('GET', 'update-data')).statusCode).toBe(200);
    const [edited, dropped] = (await adminDataPlans('AIRTEL')).filter((p) => p.isAvailable);
    // our side: a price and availability the fetch must keep
    await call('PATCH', `data-plans/${edited!._id}`, {
      sellingPrice: Math.ceil(edited!.sellingPrice) + 50,
      isAvailable: false,
    });
    // the supplier's side drifts in our copy: the fetch restores it
    await t.deps.database.db
      .update(plans)
      .set({ costKobo: 1, validity: 'stale' })
      .where(eq(plans.id, edited!._id));
    // a plan we never had: the fetch adds it
    await t.deps.database.db.delete(plans).where(eq(plans.id, dropped!._id));

    const res = await call('GET', 'update-data');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: adminMessages.plansFetched });
    const { fetched, added, updated } = res.json().data;
    expect(added).toBe(1);
    expect(updated).toBe(1);
    expect(fetched).toBeGreaterThan(10);

    const after = await adminDataPlans('AIRTEL');
    const refreshed = after.find((p) => p._id === edited!._id)!;
    expect(refreshed).toMatchObject({
      amount: edited!.amount,
      validity: edited!.validity,
      sellingPrice: Math.ceil(edited!.sellingPrice) + 50,
      isAvailable: false,
    });
    const back = after.find((p) => p.data_id === dropped!.data_id)!;
    // new: unavailable at cost + PLAN_DEFAULT_MARGIN_PERCENT (5), rounded up to the naira
    expect(back).toMatchObject({ amount: dropped!.amount, isAvailable: false });
    expect(back.sellingPrice).toBe(Math.ceil((dropped!.amount * 105) / 100));
    expect((await customerDataPlans()).some((p) => p._id === back._id)).toBe(false);

    expect(await auditOf('datastation', 'plans.fetch')).toContainEqual(
      expect.objectContaining({
        actorId: admin.id,
        entity: 'plans',
        after: expect.objectContaining({ fetched, added: 1, updated: 1, marginPercent: 5 }),
      }),
    );

    // a second fetch finds nothing new
    const again = (await call('GET', 'update-data')).json().data;
    expect(again).toMatchObject({ fetched, added: 0, updated: 0 });
  });

  it.each([
    ['update-ogdams', 'ogdams'],
    ['vtpass/data-plans', 'vtpass-data'],
    ['tv-plans/update', 'vtpass-tv'],
  ])('%s fetches and records it', async (url, feed) => {
    const res = await call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ added: 0, updated: 0 });
    expect(res.json().data.fetched).toBeGreaterThan(0);
    expect(await auditOf(feed, 'plans.fetch')).toHaveLength(1);
  });

  it('a supplier that fails: 502 naming it, nothing written', async () => {
    const [plan] = await adminDataPlans('MTN');
    await t.deps.database.db.update(plans).set({ costKobo: 3 }).where(eq(plans.id, plan!._id));
    const before = (await auditOf('datastation', 'plans.fetch')).length;
    const spy = vi
      .spyOn(t.deps.providers.datastation, 'catalogue')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    try {
      const res = await call('GET', 'update-data');
      expectRefusal(res, 502, 'Could not fetch plans from DataStation. Please try again.');
      expect(res.json().code).toBe('PLANS_FETCH_FAILED');
    } finally {
      spy.mockRestore();
    }
    expect((await planRow(plan!._id)).costKobo).toBe(3);
    expect(await auditOf('datastation', 'plans.fetch')).toHaveLength(before);
    // restore the cost for the tests that follow
    await call('GET', 'update-data');
    expect((await planRow(plan!._id)).costKobo).toBe(Math.round(plan!.amount * 100));
  });
});
