import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAGIC_BET_ACCOUNTS,
  MAGIC_METERS,
  MAGIC_PHONES,
  MAGIC_SMARTCARDS,
} from '@owo/providers/sandbox/magic';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@owo/shared/constants';
import { createTestApp, customer, expectLedgerConsistent, type TestApp } from './harness';
import { kind, loadPlans, purchase, type Plans } from './purchase-support';
import { bankTransfer, eventually, simulateTransfer, verifiedCustomer } from './deposit-support';
import { expectError, signInAdmin, swapIn } from './airtime-swap-support';

/**
 * Admin analytics (spec 2 §2, §3 "Dashboard data", §7): every figure is compared with sums this
 * file computes itself by plain SQL over transactions, deposits and ledger_transfers (never with
 * the analytics repository), before and after the rollup, across Lagos day, week, month and year
 * boundaries, and as a pending order resolves and a delivered one is reversed.
 *
 * The clock is fixed: "today" is Wednesday 12 March 2031 in Lagos (UTC+1).
 */

const NOW = '2031-03-12T09:00:00.000Z';
const ENDPOINTS = [
  'summary',
  'revenue',
  'profits',
  'previous-deposits',
  'previous-data-sales',
  'active-users',
  'total-balance',
] as const;

/** Each period's window at NOW, written out by hand (Lagos midnight = 23:00 UTC the day before). */
const WINDOWS: Record<AnalyticsPeriod, { from: string; to: string }> = {
  yearly: { from: '2030-12-31T23:00:00.000Z', to: '2031-03-12T23:00:00.000Z' },
  monthly: { from: '2031-02-28T23:00:00.000Z', to: '2031-03-12T23:00:00.000Z' },
  weekly: { from: '2031-03-09T23:00:00.000Z', to: '2031-03-12T23:00:00.000Z' },
  daily: { from: '2031-03-11T23:00:00.000Z', to: '2031-03-12T23:00:00.000Z' },
  yesterday: { from: '2031-03-10T23:00:00.000Z', to: '2031-03-11T23:00:00.000Z' },
};

let t: TestApp;
let plans: Plans;
let adminToken: string;
let customerToken: string;

const naira = (kobo: number) => Math.round(kobo) / 100;

function setClock(iso: string) {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.deps.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });

async function buy(name: string, token: string, value: string, expected = 200) {
  const k = kind(name);
  const res = await purchase(t, k, token, k.body(value, plans));
  expect(res.statusCode, res.body).toBe(expected);
  return res;
}

/** Seeds the rows of one moment through the real API, then moves on. */
async function at(iso: string, fn: (user: Awaited<ReturnType<typeof customer>>) => Promise<void>) {
  setClock(iso);
  const user = await customer(t, 50_000);
  await fn(user);
}

async function deposit(kindOf: 'checkout' | 'virtual', amountKobo: number) {
  if (kindOf === 'checkout') {
    const user = await customer(t);
    const session = (await bankTransfer(t, user.token, amountKobo / 100)).json().data;
    await simulateTransfer(t, session.payerVirtualAccNo, amountKobo);
    await eventually(async () => (await depositCount(user.id)) === 1);
  } else {
    const user = await verifiedCustomer(t);
    await simulateTransfer(t, user.account.accountNumber, amountKobo);
    await eventually(async () => (await depositCount(user.id)) === 1);
  }
}

async function depositCount(userId: string) {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from transactions
        where user_id = ${userId} and service_type = 'deposit'`,
  );
  return row?.n ?? 0;
}

// ------------------------------------------------------------------ what the figures must be

const CATEGORY = sql`case t.service_type when 'cable' then 'tvSubscription'
  when 'airtime-to-cash' then 'airtimeToCash'
  when 'deposit' then case when exists (select 1 from deposits d where d.transaction_id = t.id
                                        and d.kind = 'checkout')
                      then 'bank_transfer' else 'deposit' end
  else t.service_type end`;

/** An order an admin reversed (decision 0032: not revenue). */
const REVERSED = sql`exists (select 1 from order_actions oa
                             where oa.transaction_id = t.id and oa.action = 'reverse')`;

/** The dashboard's figures for [from, to), by plain SQL written here. */
async function expectedFigures(from: string, to: string) {
  const revenueRows = await rows<{ category: string; kobo: string }>(
    sql`select ${CATEGORY} as category, sum(t.amount_kobo)::text as kobo from transactions t
        where t.status = 'success' and t.created_at >= ${from} and t.created_at < ${to}
          and not ${REVERSED}
        group by 1`,
  );
  const [reversedRow] = await rows<{ kobo: string }>(
    sql`select coalesce(sum(t.amount_kobo), 0)::text as kobo from transactions t
        where t.status = 'success' and t.created_at >= ${from} and t.created_at < ${to}
          and ${REVERSED}`,
  );
  const reversed = Number(reversedRow!.kobo);
  const revenue: Record<string, number> = {
    bank_transfer: 0,
    electricity: 0,
    airtime: 0,
    data: 0,
    deposit: 0,
    tvSubscription: 0,
    betting: 0,
  };
  for (const r of revenueRows) if (r.category in revenue) revenue[r.category] = Number(r.kobo);

  // Net credits to the revenue accounts, charged to the order (a reversal's row → its order).
  const profitRows = await rows<{ category: string; kobo: string }>(
    sql`select ${CATEGORY} as category,
               sum(case when c.kind = 'revenue' then lt.amount_kobo else -lt.amount_kobo end)::text
                 as kobo
        from ledger_transfers lt
        join ledger_accounts c on c.id = lt.credit_account_id
        join ledger_accounts d on d.id = lt.debit_account_id
        left join order_actions oa on oa.result_transaction_id = lt.transaction_id
        join transactions t on t.id = coalesce(oa.transaction_id, lt.transaction_id)
        where (c.kind = 'revenue' or d.kind = 'revenue')
          and t.created_at >= ${from} and t.created_at < ${to}
        group by 1`,
  );
  const profit: Record<string, number> = {
    airtime: 0,
    data: 0,
    tvSubscription: 0,
    electricity: 0,
    betting: 0,
    airtimeToCash: 0,
  };
  for (const r of profitRows) if (r.category in profit) profit[r.category] = Number(r.kobo);

  const [counts] = await rows<Record<string, number>>(
    sql`select count(*)::int as total,
               count(*) filter (where status = 'success')::int as successful,
               count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status = 'pending')::int as pending
        from transactions where created_at >= ${from} and created_at < ${to}`,
  );
  const series = await rows<{ day: string; kobo: string }>(
    sql`select to_char(created_at at time zone 'UTC' + interval '1 hour', 'YYYY-MM-DD') as day,
               sum(amount_kobo)::text as kobo
        from transactions t
        where status = 'success' and created_at >= ${from} and created_at < ${to}
          and t.service_type in ('airtime', 'data', 'cable', 'electricity', 'betting', 'deposit')
          and coalesce(t.metadata->>'channel', '') <> 'bank_transfer'
          and not ${REVERSED}
        group by 1`,
  );
  return { revenue, reversed, profit, counts: counts!, series };
}

async function expectedUsers() {
  const [u] = await rows<{ total: number; fresh: number; transacting: number }>(
    sql`select (select count(*) from users)::int as total,
               (select count(*) from users where created_at >= ${WINDOWS.daily.from}
                  and created_at < ${WINDOWS.daily.to})::int as fresh,
               (select count(distinct user_id) from transactions
                 where created_at >= ${WINDOWS.daily.from}
                   and created_at < ${WINDOWS.daily.to})::int as transacting`,
  );
  return {
    totalUsers: u!.total,
    transactingUsers: { daily: u!.transacting },
    newUsersToday: u!.fresh,
  };
}

/** Every reply, for every period. */
async function allReplies() {
  const out: Record<string, unknown> = {};
  for (const period of ANALYTICS_PERIODS) {
    for (const [name, url] of [
      ['summary', `/api/admin/analytics/summary?period=${period}`],
      ['revenue', `/api/admin/analytics/revenue?period=${period}`],
      ['profits', `/api/admin/analytics/profits?range=${period}`],
    ] as const) {
      const res = await get(url, adminToken);
      expect(res.statusCode, res.body).toBe(200);
      out[`${name}:${period}`] = res.json();
    }
  }
  for (const name of [
    'previous-deposits',
    'previous-data-sales',
    'active-users',
    'total-balance',
  ]) {
    const res = await get(`/api/admin/analytics/${name}`, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    out[name] = res.json();
  }
  return out as Record<string, { success: true; data: Record<string, unknown> }>;
}

/** Every reply checked against the SQL above. */
async function expectFiguresMatch() {
  const replies = await allReplies();
  const users = await expectedUsers();
  for (const period of ANALYTICS_PERIODS) {
    const w = WINDOWS[period];
    const e = await expectedFigures(w.from, w.to);
    const revenue = replies[`revenue:${period}`]!.data;
    expect(revenue).toMatchObject({ period, ...w });
    const breakdown = Object.fromEntries(Object.entries(e.revenue).map(([k, v]) => [k, naira(v)]));
    expect(revenue.breakdown, `revenue ${period}`).toEqual(breakdown);
    expect(revenue.total).toBe(naira(Object.values(e.revenue).reduce((a, b) => a + b, 0)));
    expect(revenue.reversed, `reversed ${period}`).toBe(naira(e.reversed));
    // The chart: one point per Lagos day (per month for yearly), zeros included, oldest first.
    const perLabel = new Map<string, number>();
    for (const s of e.series) {
      const label = period === 'yearly' ? s.day.slice(0, 7) : s.day;
      perLabel.set(label, (perLabel.get(label) ?? 0) + Number(s.kobo));
    }
    const points = revenue.series as { label: string; total: number }[];
    expect(points.map((p) => p.label)).toEqual([...points.map((p) => p.label)].sort());
    for (const p of points)
      expect(p.total, `${period} ${p.label}`).toBe(naira(perLabel.get(p.label) ?? 0));
    expect(points.reduce((a, p) => a + Math.round(p.total * 100), 0)).toBe(
      [...perLabel.values()].reduce((a, b) => a + b, 0),
    );
    // The chart agrees with the Total card: total minus bank_transfer, to the kobo.
    expect(
      points.reduce((a, p) => a + Math.round(p.total * 100), 0),
      `chart ${period}`,
    ).toBe(
      Math.round((revenue.total as number) * 100) -
        Math.round((revenue.breakdown as { bank_transfer: number }).bank_transfer * 100),
    );

    const profits = replies[`profits:${period}`]!.data;
    expect(profits).toMatchObject({ period, ...w });
    expect(profits.breakdown, `profits ${period}`).toEqual(
      Object.fromEntries(Object.entries(e.profit).map(([k, v]) => [k, { profit: naira(v) }])),
    );
    expect(profits.totalProfit).toBe(naira(Object.values(e.profit).reduce((a, b) => a + b, 0)));
    // Profit Total is exactly the sum of its lines, to the kobo (the dashboard shows them all).
    const lines = Object.values(profits.breakdown as Record<string, { profit: number }>);
    expect(lines.reduce((a, l) => a + Math.round(l.profit * 100), 0)).toBe(
      Math.round((profits.totalProfit as number) * 100),
    );

    const summary = replies[`summary:${period}`]!.data;
    expect(summary).toEqual({ period, ...w, transactions: e.counts, users });
  }
  const yesterday = await expectedFigures(WINDOWS.yesterday.from, WINDOWS.yesterday.to);
  expect(replies['previous-deposits']).toEqual({
    success: true,
    data: {
      deposits: { totalAmount: naira(yesterday.revenue.deposit!) },
      bank_transfer: { totalAmount: naira(yesterday.revenue.bank_transfer!) },
    },
  });
  expect(replies['previous-data-sales']).toEqual({
    success: true,
    data: { previous: { totalSales: naira(yesterday.revenue.data!) } },
  });
  expect(replies['active-users']).toEqual({ success: true, data: users });
  const [balance] = await rows<{ kobo: string }>(
    sql`select coalesce(sum(balance_kobo), 0)::text as kobo from ledger_accounts
        where kind = 'user_wallet'`,
  );
  expect(replies['total-balance']).toEqual({
    success: true,
    data: { totalBalance: naira(Number(balance!.kobo)) },
  });
  return replies;
}

// ------------------------------------------------------------------ the data

beforeAll(async () => {
  // The order left pending on Monday is requeried on Wednesday: past the default 24 h after which
  // an order waits for an admin instead, so this file keeps requerying for a week.
  t = await createTestApp(
    { NEEDS_DECISION_AFTER_MS: String(7 * 24 * 3_600_000) },
    { listen: true },
  );
  // Before anything is written: the first activity is then on 31 December 2030.
  setClock('2030-12-31T20:00:00.000Z');
  const browser = await customer(t);
  plans = await loadPlans(t, browser.token);
  const delivered = MAGIC_PHONES.delivered;

  // 23:30 Lagos on 31 December: last year. 00:30 Lagos on 1 January: this year.
  await at('2030-12-31T22:30:00.000Z', (u) =>
    buy('in-house data', u.token, delivered).then(() => {}),
  );
  await at('2030-12-31T23:30:00.000Z', (u) =>
    buy('in-house airtime', u.token, delivered).then(() => {}),
  );
  // Last month.
  await at('2031-02-20T10:00:00.000Z', async (u) => {
    await buy('in-house cable', u.token, MAGIC_SMARTCARDS.delivered);
    await deposit('checkout', 250_000);
  });
  // This month, last week.
  await at('2031-03-03T10:00:00.000Z', async (u) => {
    await buy('in-house electricity', u.token, MAGIC_METERS.delivered!);
    await deposit('virtual', 120_000);
    const bet = await t.request({
      method: 'POST',
      url: '/api/biller/betting',
      token: u.token,
      payload: {
        billerId: 'BET9JA',
        itemId: 'BET9JA_TOPUP',
        amount: 1_000,
        rechargeAccount: MAGIC_BET_ACCOUNTS.delivered,
        transactionPin: '1234',
      },
    });
    expect(bet.statusCode, bet.body).toBe(200);
  });
  // Monday of this week: a completed airtime-to-cash swap (wallet payout), a VTpass data plan,
  // an order left pending (resolved later) and a failed one.
  await at('2031-03-10T09:00:00.000Z', async (u) => {
    const admin = await signInAdmin(t);
    await swapIn(t, admin, 'COMPLETED', 'wallet', 2_000);
    await buy('VTpass data', u.token, delivered);
    await buy('in-house airtime', u.token, MAGIC_PHONES.pendingThenDelivered!, 202);
    await buy('Ogdams data', u.token, MAGIC_PHONES.failed!, 422);
  });
  // Yesterday 23:30 Lagos, and today 00:30 Lagos.
  await at('2031-03-11T22:30:00.000Z', async (u) => {
    await buy('in-house data', u.token, delivered);
    await deposit('virtual', 30_000);
    await deposit('checkout', 45_000);
  });
  await at('2031-03-11T23:30:00.000Z', (u) =>
    buy('VTpass airtime', u.token, delivered).then(() => {}),
  );
  // Today: a sale and an order that stays pending.
  await at(NOW, async (u) => {
    await buy('VTpass electricity', u.token, MAGIC_METERS.delivered!);
    await buy('in-house data', u.token, MAGIC_PHONES.pendingForever!, 202);
    customerToken = u.token;
  });
  adminToken = (await signInAdmin(t)).token;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

// ------------------------------------------------------------------ the cases

describe('admin analytics', () => {
  it('answers 401 without a token and 403 to a customer on every call', async () => {
    for (const name of ENDPOINTS) {
      const url = `/api/admin/analytics/${name}`;
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, customerToken)).statusCode, url).toBe(403);
    }
  });

  it('refuses an unknown period with 400 and a message; no period means monthly', async () => {
    const res = await get('/api/admin/analytics/summary', adminToken);
    expect(res.json().data).toMatchObject({ period: 'monthly', ...WINDOWS.monthly });
    for (const url of [
      '/api/admin/analytics/summary?period=hourly',
      '/api/admin/analytics/revenue?period=',
      '/api/admin/analytics/summary?period=Monthly',
      '/api/admin/analytics/profits?range=decade',
    ]) {
      const res = await get(url, adminToken);
      expectError(res, 400, /yearly.*monthly.*weekly.*daily.*yesterday/);
    }
  });

  it('matches plain SQL live, then the same after the rollup; a pending day waits', async () => {
    const live = await expectFiguresMatch();
    // The seeded rows are really there (else the comparisons above prove little).
    const monthly = live['revenue:monthly']!.data as { breakdown: Record<string, number> };
    for (const c of ['airtime', 'data', 'electricity', 'deposit', 'bank_transfer', 'betting']) {
      expect(monthly.breakdown[c], c).toBeGreaterThan(0);
    }
    const yearly = live['profits:yearly']!.data as {
      breakdown: Record<string, { profit: number }>;
    };
    expect(yearly.breakdown.airtimeToCash!.profit).toBe(800); // ₦2,000 airtime, 60% paid out
    expect(
      (live['summary:weekly']!.data as { transactions: { pending: number } }).transactions.pending,
    ).toBe(2);

    const result = await t.services.analyticsRollup.runOnce(500);
    // Every finished day from the first activity (31 Dec) to yesterday, except the pending one.
    expect(result.waiting).toEqual(['2031-03-10']);
    expect(result.rolled).toHaveLength(71 - 1);
    expect(result.rolled).toContain('2031-01-01');
    expect(result.rolled).toContain('2031-03-11');
    expect(result.rolled).not.toContain('2031-03-12');
    const stored = await rows<{ n: number }>(
      sql`select count(*)::int as n from analytics_daily where day = '2031-03-03'`,
    );
    expect(stored[0]!.n).toBeGreaterThan(0);
    // Idempotent: a second pass (another process) stores nothing more.
    expect((await t.services.analyticsRollup.runOnce(500)).rolled).toEqual([]);

    expect(await expectFiguresMatch()).toEqual(live);
  });

  it('a pending order resolving changes its day, which is then rolled up', async () => {
    const before = await allReplies();
    await t.services.reconciler.runOnce();
    const after = await expectFiguresMatch();
    const weekly = (r: typeof after) =>
      r['summary:weekly']!.data as { transactions: { pending: number; successful: number } };
    expect(weekly(after).transactions.pending).toBe(weekly(before).transactions.pending - 1);
    expect(weekly(after).transactions.successful).toBe(weekly(before).transactions.successful + 1);
    const airtime = (r: typeof after) =>
      (r['revenue:weekly']!.data as { breakdown: { airtime: number } }).breakdown.airtime;
    expect(airtime(after)).toBe(airtime(before) + 100);

    expect((await t.services.analyticsRollup.runOnce(500)).rolled).toEqual(['2031-03-10']);
    expect(await expectFiguresMatch()).toEqual(after);
    await expectLedgerConsistent(t);
  });

  it('a reversal of an order on a rolled day lowers that day’s profit, read live', async () => {
    // The delivered order of a rolled day with the largest margin.
    const [order] = await rows<{
      id: string;
      service_type: string;
      margin: string;
      amount: string;
    }>(
      sql`select t.id, t.service_type, lt.amount_kobo::text as margin,
                 t.amount_kobo::text as amount
          from transactions t join ledger_transfers lt on lt.transaction_id = t.id
          where lt.code = 'purchase_margin' and t.created_at >= ${WINDOWS.yearly.from}
            and t.created_at < ${WINDOWS.yesterday.to}
          order by lt.amount_kobo desc limit 1`,
    );
    expect(order, 'a delivered order with a margin').toBeDefined();
    const category = order!.service_type === 'cable' ? 'tvSubscription' : order!.service_type;
    const before = await allReplies();
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/transactions/${order!.id}/reverse`,
      token: adminToken,
      payload: { reason: 'customer complaint' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await expectFiguresMatch();
    const profit = (r: typeof after) =>
      (r['profits:yearly']!.data as { breakdown: Record<string, { profit: number }> }).breakdown[
        category
      ]!.profit;
    expect(profit(after)).toBe(naira(Math.round(profit(before) * 100) - Number(order!.margin)));
    // Its sale leaves that period's revenue (and the chart) and shows as reversed (decision 0032).
    const revenue = (r: typeof after) =>
      r['revenue:yearly']!.data as { breakdown: Record<string, number>; reversed: number };
    const kobo = (n: number) => Math.round(n * 100);
    expect(kobo(revenue(after).breakdown[category]!)).toBe(
      kobo(revenue(before).breakdown[category]!) - Number(order!.amount),
    );
    expect(kobo(revenue(after).reversed)).toBe(
      kobo(revenue(before).reversed) + Number(order!.amount),
    );
    // The reversal's own credit row is a transaction of today (counted), not a sale.
    const count = (r: typeof after) =>
      (r['summary:daily']!.data as { transactions: { total: number } }).transactions.total;
    expect(count(after)).toBe(count(before) + 1);
    await expectLedgerConsistent(t);
  });

  it('a row at 23:30 UTC belongs to the next Lagos day', async () => {
    const replies = await allReplies();
    const daily = replies['revenue:daily']!.data as {
      breakdown: { airtime: number };
      series: { label: string; total: number }[];
    };
    // VTpass airtime bought 2031-03-11T23:30Z is today's; yesterday's 22:30Z data is yesterday's.
    expect(daily.breakdown.airtime).toBe(100);
    expect(daily.series.map((p) => p.label)).toEqual(['2031-03-12']);
    const sales = replies['previous-data-sales']!.data as { previous: { totalSales: number } };
    // Less the data sale the reversal test took back, when it picked that one (decision 0032).
    const [reversedData] = await rows<{ kobo: string }>(
      sql`select coalesce(sum(t.amount_kobo), 0)::text as kobo from transactions t
          where t.service_type = 'data' and t.created_at >= ${WINDOWS.yesterday.from}
            and t.created_at < ${WINDOWS.yesterday.to} and ${REVERSED}`,
    );
    expect(sales.previous.totalSales).toBe(
      (plans.inhouseData.priceKobo - Number(reversedData!.kobo)) / 100,
    );
    const yearly = replies['revenue:yearly']!.data as {
      series: { label: string; total: number }[];
    };
    expect(yearly.series.map((p) => p.label)).toEqual(['2031-01', '2031-02', '2031-03']);
    // January holds the 00:30-Lagos airtime only, not the data bought an hour before.
    expect(yearly.series[0]!.total).toBe(100);
  });
});
