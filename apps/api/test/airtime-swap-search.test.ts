import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapListReply } from '@owo/shared/api-types';
import { createTestApp, customer, type TestApp } from './harness';
import { signInAdmin } from './airtime-swap-support';
import { readCsv } from './csv-support';

/**
 * The admin's airtime-to-cash "Search all" (GET airtime-swap/admin?search=) runs on the server
 * over every swap, paged like the list, by what an operator has in hand: a phone, a reference,
 * the customer's name or e-mail, the bank account. And the swaps' CSV export with the same
 * filters (decision 0031).
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let ada: Awaited<ReturnType<typeof customer>>;
let bola: Awaited<ReturnType<typeof customer>>;

const SWAPS = 35;
const refOf = (g: number) => `SWP-T${String(g).padStart(4, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  ada = await customer(t);
  bola = await customer(t);
  const db = t.deps.database.db;
  await db.execute(sql`update users set first_name = 'Ada', last_name = 'Nwosu',
                       phone_number = '08035550001' where id = ${ada.id}`);
  await db.execute(sql`update users set first_name = 'Bola', last_name = 'Ade',
                       phone_number = '08035550002' where id = ${bola.id}`);
  // Finished swaps (one open swap per user is the rule), a minute apart, newest last; odd ones
  // are Ada's bank payouts, even ones Bola's wallet payouts.
  await db.execute(sql`
    insert into airtime_swaps (swap_id, user_id, network, amount_kobo, expected_payout_kobo,
                               rate_percent, user_phone, recipient_phone, payment_method,
                               wallet_email, bank_name, account_number, account_name, status,
                               payout_reference, created_at, updated_at)
    select 'SWP-T' || lpad(g::text, 4, '0'),
           case when g % 2 = 1 then ${ada.id}::uuid else ${bola.id}::uuid end,
           'MTN', g * 10000, g * 6000, 60, '0701000' || lpad(g::text, 4, '0'), '08139990000',
           case when g % 2 = 1 then 'bank' else 'wallet' end,
           case when g % 2 = 1 then '' else ${bola.email} end,
           case when g % 2 = 1 then 'GTBank' else '' end,
           case when g % 2 = 1 then '01234' || lpad(g::text, 5, '0') else '' end,
           case when g = 7 then '50%_off Stores' when g = 9 then '50XYoff Stores'
                when g % 2 = 1 then 'Ada Nwosu' else '' end,
           case when g % 3 = 0 then 'REJECTED' else 'COMPLETED' end,
           case when g % 3 = 0 then '' else 'PAY-' || g end,
           timestamptz '2026-09-01T10:00:00Z' + g * interval '1 minute',
           timestamptz '2026-09-01T10:00:00Z' + g * interval '1 minute'
    from generate_series(1, ${SWAPS}::int) g`);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function search(query: string, token = admin.token) {
  const res = await t.request({ method: 'GET', url: `/api/airtime-swap/admin?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SwapListReply;
}

/** Every page of a search, in order. */
async function allPages(query: string): Promise<string[]> {
  const refs: string[] = [];
  for (let page = 1; ; page++) {
    const reply = await search(`${query}&page=${page}`);
    refs.push(...reply.data.map((s) => s.swapId));
    if (page >= (reply.pagination?.totalPages ?? 1)) return refs;
  }
}

const newestFirst = (gs: number[]) => [...gs].sort((a, b) => b - a).map(refOf);
const all = Array.from({ length: SWAPS }, (_, i) => i + 1);

describe('search all', () => {
  it('finds a swap on any page by reference, phone, account number, name or e-mail', async () => {
    // The oldest swap is on the last page of the plain list.
    const plain = await search('page=1');
    expect(plain.data.map((s) => s.swapId)).not.toContain(refOf(1));
    const byRef = await search(`search=${refOf(1)}`);
    expect(byRef.data.map((s) => s.swapId)).toEqual([refOf(1)]);
    expect(byRef.pagination).toMatchObject({ totalItems: 1, totalPages: 1, currentPage: 1 });

    expect((await search('search=07010000003')).data.map((s) => s.swapId)).toEqual([refOf(3)]);
    expect((await search('search=0123400005')).data.map((s) => s.swapId)).toEqual([refOf(5)]);
    expect((await search('search=PAY-11')).data.map((s) => s.swapId)).toEqual([refOf(11)]);
  });

  it('pages the matches: the customer name and e-mail find all their swaps', async () => {
    const adas = all.filter((g) => g % 2 === 1);
    const first = await search('search=ada%20nwosu');
    expect(first.pagination).toMatchObject({ totalItems: adas.length, totalPages: 2 });
    expect(first.data).toHaveLength(10);
    expect(await allPages('search=ada%20nwosu')).toEqual(newestFirst(adas));
    expect(await allPages(`search=${encodeURIComponent(bola.email)}`)).toEqual(
      newestFirst(all.filter((g) => g % 2 === 0)),
    );
    expect(await allPages('search=08035550002')).toEqual(
      newestFirst(all.filter((g) => g % 2 === 0)),
    );
  });

  it('combines with the status filter', async () => {
    const rejectedAdas = all.filter((g) => g % 2 === 1 && g % 3 === 0);
    expect(await allPages('status=REJECTED&search=Nwosu')).toEqual(newestFirst(rejectedAdas));
  });

  it('reads % and _ literally', async () => {
    expect(await allPages(`search=${encodeURIComponent('50%_off')}`)).toEqual([refOf(7)]);
    expect(await allPages(`search=${encodeURIComponent('%')}`)).toEqual([refOf(7)]);
    expect(await allPages(`search=${encodeURIComponent('_')}`)).toEqual([refOf(7)]);
    expect((await search('search=nothing-like-this')).data).toEqual([]);
  });

  it('is for staff only, and refuses an overlong search with a 400', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/airtime-swap/admin?search=Ada',
      token: ada.token,
    });
    expect(res.statusCode).toBe(403);
    const long = await t.request({
      method: 'GET',
      url: `/api/airtime-swap/admin?search=${'x'.repeat(101)}`,
      token: admin.token,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('airtime-to-cash export', () => {
  it('has every swap with its payout details, newest first, in naira', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/airtime-swap/admin/export',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const file = readCsv(res);
    expect(file.fileName).toBe('owo-airtime-to-cash-all.csv');
    expect(file.header.slice(0, 11)).toEqual([
      'Date (Lagos)',
      'Reference',
      'Customer',
      'Email',
      'Phone',
      'Network',
      'Sender phone',
      'Recipient phone',
      'Airtime (NGN)',
      'Rate (%)',
      'Payout (NGN)',
    ]);
    expect(file.rows.map((r) => r.Reference)).toEqual(newestFirst(all));
    expect(file.rows.find((r) => r.Reference === refOf(5))).toMatchObject({
      'Date (Lagos)': '2026-09-01 11:05:00',
      Customer: 'Ada Nwosu',
      Email: ada.email,
      'Airtime (NGN)': '500.00',
      'Rate (%)': '60',
      'Payout (NGN)': '300.00',
      'Payment method': 'bank',
      Bank: 'GTBank',
      'Account number': '0123400005',
      'Account name': 'Ada Nwosu',
      Status: 'COMPLETED',
      'Payout reference': 'PAY-5',
    });
  });

  it('honours the status and the search, named in the file', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/airtime-swap/admin/export?status=rejected&search=Nwosu',
      token: admin.token,
    });
    const file = readCsv(res);
    expect(file.fileName).toBe('owo-airtime-to-cash-rejected-search-Nwosu.csv');
    expect(file.rows.map((r) => r.Reference)).toEqual(
      newestFirst(all.filter((g) => g % 2 === 1 && g % 3 === 0)),
    );
    const bad = await t.request({
      method: 'GET',
      url: '/api/airtime-swap/admin/export?status=LOST',
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});
