import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_BET_ACCOUNTS } from '@owo/providers/sandbox/magic';
import type { BettingStatsReply, BettingStatsTransaction } from '@owo/shared/api-types';
import { BETTING_STATS_PAGE_SIZE } from '@owo/shared/constants';
import { purchases, transactions, users } from '../src/db/schema';
import { createTestApp, customer, PIN, type TestApp } from './harness';
import { expectError, signInAdmin } from './airtime-swap-support';

/**
 * Admin betting statistics (spec 2 §2/§3/§5, GET admin/analytics/betting): the tiles over every
 * betting order, compared with sums the test makes from the rows themselves; the server-side
 * search and status filter; the pages; who may call.
 */

type User = Awaited<ReturnType<typeof customer>>;
type Admin = Awaited<ReturnType<typeof signInAdmin>>;

let t: TestApp;
let admin: Admin;
let chinedu: User;
let zainab: User;

const BET9JA = { billerId: 'BET9JA', itemId: 'BET9JA_TOPUP' };
const NAIRABET = { billerId: 'NAIRABET', itemId: 'NAIRABET_TOPUP' };

/** Orders placed, oldest first, with what the test expects to find. */
const placed: { user: User; account: string; amount: number; biller: string }[] = [];

async function rename(user: User, firstName: string, lastName: string) {
  const res = await t.request({
    method: 'PATCH',
    url: '/api/user/update',
    token: user.token,
    payload: { firstName, lastName },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function bet(user: User, account: string, amount: number, platform = BET9JA) {
  // A minute apart, so "newest first" has one right answer.
  t.clock.advance(60_000);
  const res = await t.request({
    method: 'POST',
    url: '/api/biller/betting',
    token: user.token,
    payload: { ...platform, amount, rechargeAccount: account, transactionPin: PIN },
  });
  // A failed order is refunded at once (422), a pending one accepted (202); both are listed.
  const expected =
    account === MAGIC_BET_ACCOUNTS.failed
      ? 422
      : account === MAGIC_BET_ACCOUNTS.pendingForever
        ? 202
        : 200;
  expect(res.statusCode, res.body).toBe(expected);
  placed.push({
    user,
    account,
    amount,
    biller: platform === BET9JA ? 'Bet9ja' : 'NairaBet',
  });
}

function stats(token: string | undefined, query = '') {
  return t.request({ method: 'GET', url: `/api/admin/analytics/betting${query}`, token });
}

async function statsOk(query = ''): Promise<BettingStatsReply['data']> {
  const res = await stats(admin.token, query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as BettingStatsReply;
  expect(body.success).toBe(true);
  return body.data;
}

/** Every page of a query, in order. */
async function allOf(query: Record<string, string>): Promise<BettingStatsTransaction[]> {
  const rows: BettingStatsTransaction[] = [];
  for (let page = 1; ; page++) {
    const data = await statsOk(`?${new URLSearchParams({ ...query, page: String(page) })}`);
    rows.push(...data.transactions);
    if (page >= data.pagination.totalPages) return rows;
  }
}

/** The betting orders as stored, read without the code under test. */
async function storedOrders() {
  return t.deps.database.db
    .select({
      id: transactions.id,
      reference: transactions.reference,
      status: transactions.status,
      amountKobo: transactions.amountKobo,
      serviceType: transactions.serviceType,
      sellingKobo: purchases.sellingKobo,
      costKobo: purchases.costKobo,
      resolvedAt: purchases.resolvedAt,
    })
    .from(purchases)
    .innerJoin(transactions, eq(transactions.id, purchases.transactionId))
    .where(eq(purchases.product, 'betting'));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  chinedu = await customer(t, 40_000);
  zainab = await customer(t, 40_000);
  await rename(chinedu, 'Chinedu', 'Okafor');
  await rename(zainab, 'Zainab', 'Bello');

  // 16 delivered, 3 failed, 2 pending: more than one page.
  for (let i = 0; i < 12; i++) await bet(chinedu, `7700${1000 + i}`, 100 + i * 50);
  await bet(chinedu, MAGIC_BET_ACCOUNTS.failed, 750);
  await bet(chinedu, MAGIC_BET_ACCOUNTS.pendingForever, 1_250);
  await bet(zainab, MAGIC_BET_ACCOUNTS.delivered, 2_000, NAIRABET);
  await bet(zainab, 'ZB-90001', 300, NAIRABET);
  await bet(zainab, 'ZB-90002', 450);
  await bet(zainab, 'ZB-90003', 5_000);
  await bet(zainab, MAGIC_BET_ACCOUNTS.failed, 600);
  await bet(zainab, MAGIC_BET_ACCOUNTS.failed, 200, NAIRABET);
  await bet(zainab, MAGIC_BET_ACCOUNTS.pendingForever, 900);

  // PalmPay pays no commission today (cost = selling). Give one delivered and one failed order a
  // commission, so the profit sums have something to add and something to leave out.
  const rows = await storedOrders();
  const delivered = rows.find((r) => r.status === 'success');
  const failed = rows.find((r) => r.status === 'failed');
  await t.deps.database.db
    .update(purchases)
    .set({ costKobo: delivered!.sellingKobo - 3_750 })
    .where(eq(purchases.transactionId, delivered!.id));
  await t.deps.database.db
    .update(purchases)
    .set({ costKobo: failed!.sellingKobo - 1_000 })
    .where(eq(purchases.transactionId, failed!.id));
});
afterAll(async () => {
  await t?.close();
});

describe('who may call', () => {
  it('a regular user gets 403 and no session gets 401', async () => {
    expectError(await stats(chinedu.token), 403, /.+/);
    expect((await stats(undefined)).statusCode).toBe(401);
  });

  it.each([
    ['?status=done', /status/i],
    ['?status=SUCCESS', /status/i],
    ['?page=0', /.+/],
    ['?page=-1', /.+/],
    ['?page=abc', /.+/],
    ['?page=1.5', /.+/],
    [`?search=${'x'.repeat(101)}`, /.+/],
  ])('bad input %s → 400', async (query, message) => {
    expectError(await stats(admin.token, query), 400, message);
  });
});

describe('statistics', () => {
  it('are the sums of every betting order, computed from the rows', async () => {
    const rows = await storedOrders();
    expect(rows).toHaveLength(placed.length);
    const ok = rows.filter((r) => r.status === 'success');
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    const expected = {
      totalTransactions: rows.length,
      totalAmount: sum(rows.map((r) => r.amountKobo)) / 100,
      totalSales: sum(ok.map((r) => r.sellingKobo)) / 100,
      totalProfit: sum(ok.map((r) => r.sellingKobo - r.costKobo)) / 100,
      successfulTransactions: ok.length,
      successRate: Math.round((ok.length / rows.length) * 1000) / 10,
    };
    // The seed's own arithmetic: 16 of 21 delivered; only the delivered order's ₦37.50 is profit.
    expect(expected).toMatchObject({
      totalTransactions: 21,
      successfulTransactions: 16,
      successRate: 76.2,
      totalProfit: 37.5,
    });
    expect(expected.totalAmount).toBe(sum(placed.map((p) => p.amount)));

    const data = await statsOk();
    expect(data.statistics).toEqual(expected);
  });

  it('count betting orders only, and are the same whatever the list shows', async () => {
    // Funding wrote credit rows for both customers; they are not betting.
    const credits = await t.deps.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.type, 'credit'));
    expect(credits.length).toBeGreaterThan(0);

    const all = (await statsOk()).statistics;
    for (const query of [
      '?status=failed',
      '?search=zainab',
      '?page=2',
      '?search=nothing-matches',
    ]) {
      expect((await statsOk(query)).statistics, query).toEqual(all);
    }
  });
});

describe('the list', () => {
  it('pages newest first, 20 to a page, with the totals', async () => {
    const first = await statsOk();
    expect(first.pagination).toEqual({ totalPages: 2, totalItems: 21, currentPage: 1 });
    expect(first.transactions).toHaveLength(BETTING_STATS_PAGE_SIZE);
    const second = await statsOk('?page=2');
    expect(second.pagination).toEqual({ totalPages: 2, totalItems: 21, currentPage: 2 });
    expect(second.transactions).toHaveLength(1);

    const listed = [...first.transactions, ...second.transactions];
    const newestFirst = [...placed].reverse();
    expect(listed.map((r) => [r.account, r.amount])).toEqual(
      newestFirst.map((p) => [p.account, p.amount]),
    );
    const times = listed.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(listed.map((r) => r._id)).size).toBe(21);

    const beyond = await statsOk('?page=9');
    expect(beyond.transactions).toEqual([]);
    expect(beyond.pagination).toEqual({ totalPages: 2, totalItems: 21, currentPage: 9 });
  });

  it('carries each order as the spec names it, with the profit only of a delivered order', async () => {
    const stored = new Map((await storedOrders()).map((r) => [r.id, r]));
    const listed = await allOf({});
    for (const row of listed) {
      const order = stored.get(row._id)!;
      expect(row.reference).toBe(order.reference);
      expect(row.amount).toBe(order.amountKobo / 100);
      expect(row.sellingPrice).toBe(order.sellingKobo / 100);
      expect(row.status).toBe(order.status);
      expect(row.profit).toBe(
        order.status === 'success' ? (order.sellingKobo - order.costKobo) / 100 : 0,
      );
      expect(row.completedAt).toBe(order.resolvedAt?.toISOString());
    }
    expect(listed.filter((r) => r.profit !== 0).map((r) => r.profit)).toEqual([37.5]);

    const newest = listed[0]!;
    expect(newest).toEqual({
      _id: expect.any(String),
      reference: expect.any(String),
      user: { name: 'Zainab Bello', email: zainab.email },
      account: MAGIC_BET_ACCOUNTS.pendingForever,
      amount: 900,
      sellingPrice: 900,
      profit: 0,
      status: 'pending',
      createdAt: expect.any(String),
      billerName: 'Bet9ja',
    });
    const delivered = listed.find((r) => r.account === 'ZB-90001')!;
    expect(delivered).toMatchObject({
      user: { name: 'Zainab Bello', email: zainab.email },
      amount: 300,
      status: 'success',
      billerName: 'NairaBet',
      completedAt: expect.any(String),
    });
    const failed = listed.find(
      (r) => r.account === MAGIC_BET_ACCOUNTS.failed && r.user.email === chinedu.email,
    )!;
    expect(failed).toMatchObject({
      status: 'failed',
      amount: 750,
      completedAt: expect.any(String),
    });
  });
});

describe('the status filter (on the server, over every page)', () => {
  it.each(['success', 'failed', 'pending'] as const)('%s', async (status) => {
    const expected = (await storedOrders()).filter((r) => r.status === status).length;
    const data = await statsOk(`?status=${status}`);
    expect(data.pagination.totalItems).toBe(expected);
    const listed = await allOf({ status });
    expect(listed).toHaveLength(expected);
    expect(listed.every((r) => r.status === status)).toBe(true);
  });

  it('all is the same as no filter', async () => {
    expect((await statsOk('?status=all')).pagination.totalItems).toBe(21);
  });
});

describe('the search (case-insensitive: reference, name, e-mail, account)', () => {
  const emailsOf = (rows: BettingStatsTransaction[]) => [...new Set(rows.map((r) => r.user.email))];

  it('by reference, a part of it in any case', async () => {
    const [target] = (await storedOrders()).filter((r) => r.status === 'failed');
    const part = target!.reference.slice(-10).toLowerCase();
    const listed = await allOf({ search: part });
    expect(listed.map((r) => r.reference)).toContain(target!.reference);
    expect(listed.every((r) => r.reference.toLowerCase().includes(part))).toBe(true);
  });

  it('by e-mail, in upper case', async () => {
    const listed = await allOf({ search: zainab.email.toUpperCase() });
    expect(listed).toHaveLength(7);
    expect(emailsOf(listed)).toEqual([zainab.email]);
  });

  it('by first name, last name and full name', async () => {
    expect(emailsOf(await allOf({ search: 'okafor' }))).toEqual([chinedu.email]);
    expect(await allOf({ search: 'CHINEDU' })).toHaveLength(14);
    expect(emailsOf(await allOf({ search: 'zainab bello' }))).toEqual([zainab.email]);
  });

  it('by betting account', async () => {
    const listed = await allOf({ search: 'zb-9000' });
    expect(listed.map((r) => r.account).sort()).toEqual(['ZB-90001', 'ZB-90002', 'ZB-90003']);
    const magic = await allOf({ search: MAGIC_BET_ACCOUNTS.failed });
    expect(magic).toHaveLength(3);
  });

  it('with the status filter, and paged', async () => {
    const data = await statsOk(`?search=chinedu&status=success`);
    expect(data.pagination).toEqual({ totalPages: 1, totalItems: 12, currentPage: 1 });
    expect(data.transactions.every((r) => r.status === 'success')).toBe(true);
    const failed = await statsOk(`?search=${encodeURIComponent('ZB-9')}&status=failed`);
    expect(failed.pagination.totalItems).toBe(0);
  });

  it('reads %, _ and \\ as text, and finds nothing for text nobody has', async () => {
    for (const search of ['%', '_', '\\', 'nobody-has-this']) {
      const data = await statsOk(`?search=${encodeURIComponent(search)}`);
      expect(data.transactions, search).toEqual([]);
      expect(data.pagination, search).toEqual({ totalPages: 0, totalItems: 0, currentPage: 1 });
    }
  });

  it('a blank search is no search', async () => {
    expect((await statsOk('?search=%20%20')).pagination.totalItems).toBe(21);
  });

  it('a customer who renames is found by the new name', async () => {
    const user = await customer(t, 1_000);
    await bet(user, '12121212', 100);
    await rename(user, 'Ngozi', 'Eze');
    const listed = await allOf({ search: 'ngozi eze' });
    expect(listed.map((r) => r.user)).toEqual([{ name: 'Ngozi Eze', email: user.email }]);
    const [stored] = await t.deps.database.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, user.id));
    expect(stored?.firstName).toBe('Ngozi');
  });
});
