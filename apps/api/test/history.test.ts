import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_METERS, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { HISTORY_PAGE_SIZE } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import {
  STRONG_PASSWORD,
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  uniqueEmail,
  type TestApp,
} from './harness';
import { countRows, kind, loadPlans, purchase, type Plans } from './purchase-support';
import { transactionsRepository } from '../src/modules/transactions/repository';

/** GET /api/transactions (the history), and the operator credit that shows in it. */

interface Dto {
  _id: string;
  type: 'debit' | 'credit';
  serviceType: string;
  currency: string;
  amount: number;
  status: string;
  reference: string;
  description: string;
  createdAt: string;
  metadata: Record<string, unknown> & { plan?: Record<string, unknown> };
}

type User = Awaited<ReturnType<typeof customer>>;

let t: TestApp;
let plans: Plans;
/** The year the scenario plays in: next year, so the clock only moves forward. */
let year: number;

/** Moves the test clock (forward only) to an instant. */
function setClock(iso: string) {
  const delta = Date.parse(iso) - t.clock.now().getTime();
  expect(delta, `clock to ${iso}`).toBeGreaterThanOrEqual(0);
  t.clock.advance(delta);
}
const at = (monthDayTime: string) => `${year}-${monthDayTime}`;

async function history(user: { token: string }, query = '') {
  const res = await t.request({
    method: 'GET',
    url: `/api/transactions${query}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ success: true, message: messages.transactionsFetched });
  return body as {
    transactions: Dto[];
    pagination: { page: number; limit: number; total: number; pages: number };
  };
}
const ids = (list: { transactions: Dto[] }) => list.transactions.map((x) => x._id);

// The scenario: one customer, funded on the evening of 31 March, then four purchases.
const PHONE_AIRTIME = '08031110001';
const PHONE_DATA = '08032220002';
let alice: User;
let bob: User;
const bought: Record<'airtime' | 'data' | 'electricity' | 'cable', Dto> = {} as never;
let funding: Dto;

beforeAll(async () => {
  t = await createTestApp();
  year = t.clock.now().getUTCFullYear() + 1;
  setClock(at('03-31T19:00:00.000Z'));
  alice = await customer(t, 50_000);
  bob = await customer(t);
  plans = await loadPlans(t, alice.token);
  funding = (await history(alice)).transactions[0]!;

  const buy = async (when: string, name: string, body: Record<string, unknown>) => {
    setClock(at(when));
    const res = await purchase(t, kind(name), alice.token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Dto;
  };
  // 21:59 in Lagos on 31 March: March.
  bought.airtime = await buy('03-31T20:59:00.000Z', 'in-house airtime', {
    ...kind('in-house airtime').body(PHONE_AIRTIME, plans),
    amount: 200,
  });
  // 00:30 in Lagos on 1 April (23:30 UTC on 31 March): April.
  bought.data = await buy(
    '03-31T23:30:00.000Z',
    'in-house data',
    kind('in-house data').body(PHONE_DATA, plans),
  );
  bought.electricity = await buy(
    '04-01T09:15:00.000Z',
    'in-house electricity',
    kind('in-house electricity').body(MAGIC_METERS.delivered, plans),
  );
  bought.cable = await buy(
    '04-02T08:45:00.000Z',
    'in-house cable',
    kind('in-house cable').body(MAGIC_SMARTCARDS.delivered, plans),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/transactions', () => {
  it('lists newest first, with the default page size', async () => {
    const list = await history(alice);
    expect(ids(list)).toEqual([
      bought.cable._id,
      bought.electricity._id,
      bought.data._id,
      bought.airtime._id,
      funding._id,
    ]);
    const times = list.transactions.map((x) => Date.parse(x.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.pagination).toEqual({ page: 1, limit: HISTORY_PAGE_SIZE, total: 5, pages: 1 });
  });

  it('paginates: page, limit, total, pages', async () => {
    const all = ids(await history(alice));
    const pages = await Promise.all([1, 2, 3, 4].map((p) => history(alice, `?page=${p}&limit=2`)));
    expect(pages.map((p) => p.pagination)).toEqual([
      { page: 1, limit: 2, total: 5, pages: 3 },
      { page: 2, limit: 2, total: 5, pages: 3 },
      { page: 3, limit: 2, total: 5, pages: 3 },
      { page: 4, limit: 2, total: 5, pages: 3 },
    ]);
    expect(pages.map((p) => ids(p))).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4), []]);
  });

  it.each(['?limit=0', '?limit=101', '?page=0', '?page=abc', '?month=13&year=2030', '?year=99'])(
    'refuses a bad query (%s) with 400',
    async (query) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/transactions${query}`,
        token: alice.token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    },
  );

  it('filters by year and by month in Lagos time', async () => {
    expect(ids(await history(alice, `?year=${year}`))).toHaveLength(5);
    expect(ids(await history(alice, `?year=${year - 1}`))).toEqual([]);
    // 23:30 UTC on 31 March is 00:30 on 1 April in Lagos: the data purchase is April's.
    expect(ids(await history(alice, `?year=${year}&month=3`))).toEqual([
      bought.airtime._id,
      funding._id,
    ]);
    const april = await history(alice, `?year=${year}&month=4`);
    expect(ids(april)).toEqual([bought.cable._id, bought.electricity._id, bought.data._id]);
    expect(april.pagination.total).toBe(3);
    expect(ids(await history(alice, `?year=${year}&month=5`))).toEqual([]);
  });

  it.each([
    ['debit', () => [bought.cable, bought.electricity, bought.data, bought.airtime]],
    ['credit', () => [funding]],
    ['DEBIT', () => [bought.cable, bought.electricity, bought.data, bought.airtime]],
  ] as const)('searches by type: "%s"', async (text, expected) => {
    expect(ids(await history(alice, `?search=${text}`))).toEqual(expected().map((x) => x._id));
  });

  it('searches the title the row shows: "funding" finds "Wallet funding", "credit" the adjustment', async () => {
    // The scenario's funding is an operator credit, shown as "Wallet credit".
    expect(funding).toMatchObject({ type: 'credit', serviceType: 'adjustment' });
    expect(ids(await history(alice, '?search=wallet%20credit'))).toEqual([funding._id]);
    expect(ids(await history(alice, '?search=funding'))).toEqual([]);

    // A deposit row as the deposit credit writes it: its stored texts never say "funding".
    const carol = await customer(t);
    const deposit = await transactionsRepository.insert(t.deps.database.db, {
      userId: carol.id,
      type: 'credit',
      serviceType: 'deposit',
      amountKobo: 150_000,
      status: 'success',
      reference: `PP-${carol.id}`,
      description: 'Bank transfer',
    });
    for (const text of ['funding', 'Wallet%20funding', 'WALLET%20FUND']) {
      expect(ids(await history(carol, `?search=${text}`)), text).toEqual([deposit.id]);
    }
    expect(ids(await history(carol, '?search=transfer%20received'))).toEqual([]);
  });

  it('names a data purchase by the size the plan card prints ("1GB", not "1.0GB")', async () => {
    expect(bought.data.description).not.toMatch(/\d\.0[KMGT]B/);
    expect(
      ids(await history(alice, `?search=${encodeURIComponent(bought.data.description)}`)),
    ).toEqual([bought.data._id]);
  });

  it('searches by phone number (whole or part)', async () => {
    expect(ids(await history(alice, `?search=${PHONE_AIRTIME}`))).toEqual([bought.airtime._id]);
    expect(ids(await history(alice, `?search=${PHONE_DATA}`))).toEqual([bought.data._id]);
    expect(ids(await history(alice, '?search=2220002'))).toEqual([bought.data._id]);
  });

  it('searches by meter and smart-card number', async () => {
    expect(ids(await history(alice, `?search=${MAGIC_METERS.delivered}`))).toEqual([
      bought.electricity._id,
    ]);
    expect(ids(await history(alice, `?search=${MAGIC_SMARTCARDS.delivered}`))).toEqual([
      bought.cable._id,
    ]);
  });

  it('searches by amount: "200" finds the ₦200 airtime, "1,000" the electricity', async () => {
    const found = (await history(alice, '?search=200')).transactions;
    expect(found.map((x) => x._id)).toContain(bought.airtime._id);
    // Anything else found must contain the text (a reference, a number), never another amount.
    for (const x of found.filter((y) => y._id !== bought.airtime._id)) {
      expect(JSON.stringify([x.reference, x.description, x.metadata])).toContain('200');
    }
    const thousand = ids(await history(alice, '?search=1,000'));
    expect(thousand).toContain(bought.electricity._id);
    expect(thousand).not.toContain(bought.airtime._id);
  });

  it('treats % and _ in the search text literally', async () => {
    expect(ids(await history(alice, '?search=%25'))).toEqual([]);
    expect(ids(await history(alice, '?search=_'))).toEqual([]);
  });

  it('answers the spec Transaction shape for every kind', async () => {
    const list = await history(alice);
    const byId = new Map(list.transactions.map((x) => [x._id, x]));
    for (const x of list.transactions) {
      expect(Object.keys(x).sort()).toEqual(
        [
          '_id',
          'amount',
          'createdAt',
          'currency',
          'description',
          'metadata',
          'reference',
          'serviceType',
          'status',
          'type',
        ].sort(),
      );
      expect(x.currency).toBe('NGN');
      expect(new Date(x.createdAt).toISOString()).toBe(x.createdAt);
      expect(x.reference).toMatch(/\S{8,}/);
    }
    expect(byId.get(bought.airtime._id)).toMatchObject({
      type: 'debit',
      serviceType: 'airtime',
      amount: 200,
      status: 'success',
      createdAt: at('03-31T20:59:00.000Z'),
      metadata: { network: 'MTN', mobile_number: PHONE_AIRTIME, phone: PHONE_AIRTIME },
    });
    expect(byId.get(bought.data._id)).toMatchObject({
      type: 'debit',
      serviceType: 'data',
      amount: plans.inhouseData.priceKobo / 100,
      status: 'success',
      metadata: {
        plan: { size: plans.inhouseData.size },
        mobile_number: PHONE_DATA,
        phone: PHONE_DATA,
      },
    });
    const power = byId.get(bought.electricity._id)!;
    expect(power).toMatchObject({
      type: 'debit',
      serviceType: 'electricity',
      amount: 1000,
      status: 'success',
      metadata: { meter_number: MAGIC_METERS.delivered, meterType: 'prepaid' },
    });
    expect(power.metadata.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    // DataStation's electricity reply carries a token and no units (datastation/SOURCES.md).
    expect(power.metadata.units).toBeUndefined();
    expect(byId.get(bought.cable._id)).toMatchObject({
      type: 'debit',
      serviceType: 'cable',
      amount: plans.inhouseCable.priceKobo / 100,
      metadata: { smart_card_number: MAGIC_SMARTCARDS.delivered, cablename: 'GOTV' },
    });
    expect(byId.get(funding._id)).toMatchObject({
      type: 'credit',
      serviceType: 'adjustment',
      amount: 50_000,
      status: 'success',
      metadata: { note: 'test funding' },
    });
    // The history agrees with the wallet.
    const spent = [bought.airtime, bought.data, bought.electricity, bought.cable].reduce(
      (n, x) => n + Math.round(x.amount * 100),
      0,
    );
    expect(await balanceKobo(t, alice.token)).toBe(5_000_000 - spent);
    await expectLedgerConsistent(t);
  });

  it("another customer sees none of it, not even by searching the first one's numbers", async () => {
    expect(await history(bob)).toMatchObject({
      transactions: [],
      pagination: { page: 1, total: 0, pages: 0 },
    });
    for (const search of [PHONE_AIRTIME, PHONE_DATA, MAGIC_METERS.delivered, 'debit', '200']) {
      expect((await history(bob, `?search=${search}`)).transactions).toEqual([]);
    }
    expect((await history(bob, `?year=${year}&month=4`)).transactions).toEqual([]);
  });

  it('needs a session (401)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/transactions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/admin/users/:id/credit', () => {
  let admin: { token: string; email: string };
  /** The second admin who approves (four eyes, decision 0047). */
  let checker: { token: string; email: string };
  beforeAll(async () => {
    const signIn = async () => {
      const email = uniqueEmail('admin');
      await createAdminCommands(t.deps).createAdmin(email, STRONG_PASSWORD);
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      return { email, token: res.json().token as string };
    };
    admin = await signIn();
    checker = await signIn();
  });

  const credit = (token: string | undefined, id: string, payload: unknown) =>
    t.request({
      method: 'POST',
      url: `/api/admin/users/${id}/credit`,
      token,
      payload: payload as object,
    });

  it('an approved credit is a history row (adjustment, credit, the reason as note)', async () => {
    const user = await customer(t);
    const reason = 'Refund for ticket #4521';
    const res = await credit(admin.token, user.id, { amount: '2,500.50', reason });
    expect(res.statusCode, res.body).toBe(202);
    expect(await history(user)).toMatchObject({ transactions: [] });
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/adjustments/${res.json().data._id}/approve`,
      token: checker.token,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      success: true,
      message: 'Credit of ₦2,500.50 approved and posted.',
      data: { status: 'approved', amount: 2500.5, balance: 2500.5 },
    });
    expect(await balanceKobo(t, user.token)).toBe(250_050);
    const list = await history(user);
    expect(list.transactions).toHaveLength(1);
    expect(list.transactions[0]).toMatchObject({
      reference: approved.json().data.reference,
      type: 'credit',
      serviceType: 'adjustment',
      amount: 2500.5,
      status: 'success',
      metadata: { note: reason, creditedBy: checker.email, requestedBy: admin.email },
    });
    await expectLedgerConsistent(t);
  });

  it.each([
    ['a customer', 403, 'FORBIDDEN'],
    ['no session', 401, 'UNAUTHORIZED'],
  ] as const)('refuses %s (%i), nothing moved', async (who, status, code) => {
    const user = await customer(t);
    const token = who === 'a customer' ? user.token : undefined;
    const res = await credit(token, user.id, { amount: 1000, reason: 'free money' });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await balanceKobo(t, user.token)).toBe(0);
    expect(await countRows(t, user.id)).toBe(0);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['a system account id', 'in_flight'],
  ])('answers 404 for %s', async (_what, id) => {
    const res = await credit(admin.token, id, { amount: 1000, reason: 'whoever' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    await expectLedgerConsistent(t);
  });

  it.each([
    [{ amount: 0, reason: 'zero' }, messages.invalidAmount],
    [{ amount: -5, reason: 'negative' }, messages.invalidAmount],
    [{ amount: 'lots', reason: 'words' }, messages.invalidAmount],
    [
      { amount: 1_000_001, reason: 'above the per-request ceiling' },
      'One request may move at most ₦1,000,000.00.',
    ],
    [{ amount: 100 }, 'A reason is required.'],
    [{ amount: 100, reason: '   ' }, 'A reason is required.'],
  ])('refuses a bad body %j with 400, nothing moved', async (body, message) => {
    const user = await customer(t);
    const res = await credit(admin.token, user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await balanceKobo(t, user.token)).toBe(0);
    expect(await countRows(t, user.id)).toBe(0);
  });
});

describe('year boundaries', () => {
  it('a purchase at 23:30 UTC on 31 December belongs to the next year in Lagos', async () => {
    setClock(at('12-31T22:00:00.000Z'));
    const carol = await customer(t, 1_000);
    setClock(at('12-31T23:30:00.000Z'));
    const res = await purchase(t, kind('VTpass airtime'), carol.token, {
      ...kind('VTpass airtime').body('08035550005', plans),
      amount: 150,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data._id;
    expect(ids(await history(carol, `?year=${year + 1}`))).toEqual([id]);
    expect(ids(await history(carol, `?year=${year + 1}&month=1`))).toEqual([id]);
    expect(ids(await history(carol, `?year=${year}`))).not.toContain(id);
    expect((await history(carol, `?year=${year}&month=12`)).transactions).toHaveLength(1);
  });
});
