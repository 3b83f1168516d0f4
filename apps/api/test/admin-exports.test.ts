import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAGOS_OFFSET_MS } from '@owo/shared/constants';
import { transactions } from '../src/db/schema';
import { createTestApp, customer, type TestApp } from './harness';
import { signInAdmin } from './airtime-swap-support';
import { parseCsv, readCsv, type CsvFile } from './csv-support';

/**
 * CSV exports of the admin lists (decision 0031): every row the screen's filters select, over
 * all pages, newest first; quoting and formula defusing; naira with two decimals; the filters in
 * the file name; admins only; and the rows read from the database page by page as the response
 * is consumed, not all at once.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let ada: Awaited<ReturnType<typeof customer>>;
let bola: Awaited<ReturnType<typeof customer>>;

/** The seeded transactions, as the test expects to read them back. */
interface Seeded {
  ref: string;
  at: Date;
  status: 'success' | 'pending' | 'failed';
  kobo: number;
  user: 'ada' | 'bola';
}
const seeded: Seeded[] = [];
const BULK = 2500;
/** 2026-10-31 22:30 UTC = 23:30 in Lagos: the Lagos month turns 30 minutes into the rows. */
const BULK_START = Date.UTC(2026, 9, 31, 22, 30);
const statusOf = (g: number) => (g % 10 === 0 ? 'failed' : g % 10 === 1 ? 'pending' : 'success');

const ADA_FIRST = '=HYPERLINK("http://evil.example")';
const ADA_LAST = 'Obi, "Jr"';

async function seed() {
  const db = t.deps.database.db;
  await db.execute(sql`update users set first_name = ${ADA_FIRST}, last_name = ${ADA_LAST}
                       where id = ${ada.id}`);
  await db.execute(
    sql`update users set first_name = 'Bola', last_name = 'Ade' where id = ${bola.id}`,
  );
  // Set-based, as an operator's table grows: thousands of rows in one statement.
  await db.execute(sql`
    insert into transactions (user_id, type, service_type, amount_kobo, status, reference,
                              description, metadata, created_at, updated_at)
    select ${bola.id}, 'debit', 'airtime', g * 100 + 5,
           case when g % 10 = 0 then 'failed' when g % 10 = 1 then 'pending' else 'success' end,
           'EXP-' || lpad(g::text, 5, '0'), 'Airtime',
           jsonb_build_object('phone', '0803' || lpad(g::text, 7, '0')),
           ${new Date(BULK_START).toISOString()}::timestamptz + g * interval '1 minute',
           ${new Date(BULK_START).toISOString()}::timestamptz + g * interval '1 minute'
    from generate_series(1, ${BULK}::int) g`);
  for (let g = 1; g <= BULK; g++) {
    seeded.push({
      ref: `EXP-${String(g).padStart(5, '0')}`,
      at: new Date(BULK_START + g * 60_000),
      status: statusOf(g),
      kobo: g * 100 + 5,
      user: 'bola',
    });
  }
  // Ada's rows carry text a spreadsheet would run, and the search's LIKE characters.
  const special = [
    { ref: '@SUM-1', description: "=cmd|' /C calc'!A0", kobo: 1 },
    { ref: '+2348030000001', description: '-2+3', kobo: 99 },
    { ref: 'PCT%_1', description: 'line\nbreak, "quoted"', kobo: 123456789 },
    { ref: 'PCTX1', description: 'tab\tinside', kobo: 100 },
  ];
  for (const [i, row] of special.entries()) {
    const at = new Date(Date.UTC(2026, 5, 1, 12, i));
    await db.execute(sql`
      insert into transactions (user_id, type, service_type, amount_kobo, status, reference,
                                description, created_at, updated_at)
      values (${ada.id}, 'credit', 'deposit', ${row.kobo}, 'success', ${row.ref},
              ${row.description}, ${at.toISOString()}, ${at.toISOString()})`);
    seeded.push({ ref: row.ref, at, status: 'success', kobo: row.kobo, user: 'ada' });
  }
}

/** Betting orders (transactions + purchases), in 2025 so they stay out of the bulk's months. */
async function seedBetting() {
  const db = t.deps.database.db;
  for (let g = 1; g <= 12; g++) {
    const at = new Date(Date.UTC(2025, 0, 1, 10, g));
    const status = statusOf(g);
    const ref = `BET-${g}`;
    const account = g === 5 ? '-1+1' : `ACC${g}`;
    const [row] = await db
      .insert(transactions)
      .values({
        userId: g % 2 ? ada.id : bola.id,
        type: 'debit',
        serviceType: 'betting',
        amountKobo: g * 1000,
        status,
        reference: ref,
        description: 'Betting',
        metadata: { rechargeAccount: account, billerName: 'Bet9ja' },
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: transactions.id });
    await db.execute(sql`
      insert into purchases (transaction_id, user_id, product, supplier, state, request,
                             supplier_request_id, selling_kobo, cost_kobo, created_at, updated_at)
      values (${row!.id}, ${g % 2 ? ada.id : bola.id}, 'betting', 'palmpay',
              ${status === 'success' ? 'delivered' : status === 'failed' ? 'failed' : 'pending'},
              '{}', ${ref}, ${g * 1000}, ${g * 1000 - 150}, ${at.toISOString()},
              ${at.toISOString()})`);
    seeded.push({ ref, at, status, kobo: g * 1000, user: g % 2 ? 'ada' : 'bola' });
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  admin = await signInAdmin(t);
  ada = await customer(t);
  bola = await customer(t);
  await seed();
  await seedBetting();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const newestFirst = (rows: Seeded[]) =>
  [...rows].sort((a, b) => b.at.getTime() - a.at.getTime()).map((r) => r.ref);

async function download(url: string, token = admin.token): Promise<CsvFile> {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return readCsv(res);
}

describe('transactions export', () => {
  it('has every transaction, newest first, under a header row, over all pages', async () => {
    const file = await download('/api/admin/transactions/export');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.fileName).toBe('owo-transactions-all.csv');
    expect(file.header).toEqual([
      'Date (Lagos)',
      'Reference',
      'Customer',
      'Email',
      'Phone',
      'Type',
      'Service',
      'Description',
      'Number recharged',
      'Amount (NGN)',
      'Status',
      'Order state',
      'Supplier',
      'Supplier reference',
    ]);
    // References starting with + or @ come defused (see the quoting test).
    const defused = (ref: string) => (/^[+@]/.test(ref) ? `'${ref}` : ref);
    expect(file.rows.map((r) => r.Reference)).toEqual(newestFirst(seeded).map(defused));
    const row = file.rows.find((r) => r.Reference === 'EXP-00042');
    expect(row).toMatchObject({
      'Date (Lagos)': '2026-11-01 00:12:00',
      Customer: 'Bola Ade',
      Email: bola.email,
      'Number recharged': '08030000042',
      'Amount (NGN)': '42.05',
      Status: 'success',
    });
  });

  it('honours the status, the Lagos date and the search, and names them in the file', async () => {
    const file = await download(
      '/api/admin/transactions/export?status=failed&year=2026&month=11&search=EXP-01',
    );
    expect(file.fileName).toBe('owo-transactions-failed-2026-11-search-EXP-01.csv');
    const lagosNovember = (at: Date) =>
      new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().startsWith('2026-11');
    const expected = seeded.filter(
      (r) => r.status === 'failed' && lagosNovember(r.at) && r.ref.includes('EXP-01'),
    );
    expect(expected.length).toBeGreaterThan(5);
    expect(file.rows.map((r) => r.Reference)).toEqual(newestFirst(expected));

    // October in Lagos: only the first 29 minutes of the bulk (23:31 to 23:59 Lagos time).
    const october = await download('/api/admin/transactions/export?year=2026&month=10');
    expect(october.fileName).toBe('owo-transactions-2026-10.csv');
    expect(october.rows).toHaveLength(29);
    const day = await download('/api/admin/transactions/export?year=2026&month=6&day=1');
    expect(day.fileName).toBe('owo-transactions-2026-06-01.csv');
    expect(day.rows).toHaveLength(4);
  });

  it('matches the search literally (% and _ are not wildcards) and over the number recharged', async () => {
    const literal = await download(
      `/api/admin/transactions/export?search=${encodeURIComponent('PCT%_')}`,
    );
    expect(literal.rows.map((r) => r.Reference)).toEqual(['PCT%_1']);
    expect(literal.fileName).toBe('owo-transactions-search-PCT-_.csv');
    const byPhone = await download('/api/admin/transactions/export?search=08030001234');
    expect(byPhone.rows.map((r) => r.Reference)).toEqual(['EXP-01234']);
  });

  it('quotes and defuses text a spreadsheet would run; amounts stay numbers', async () => {
    const file = await download('/api/admin/transactions/export?year=2026&month=6');
    const byRef = (ref: string) => file.rows.find((r) => r.Reference === ref);
    // Reference cells starting with @ + - get the apostrophe; Ada's name starts with "=".
    expect(file.rows.map((r) => r.Reference)).toEqual([
      'PCTX1',
      'PCT%_1',
      "'+2348030000001",
      "'@SUM-1",
    ]);
    expect(byRef("'@SUM-1")).toMatchObject({
      Customer: `'${ADA_FIRST} ${ADA_LAST}`,
      Description: "'=cmd|' /C calc'!A0",
      'Amount (NGN)': '0.01',
    });
    expect(byRef("'+2348030000001")).toMatchObject({
      Description: "'-2+3",
      'Amount (NGN)': '0.99',
    });
    expect(byRef('PCT%_1')).toMatchObject({
      Description: 'line\nbreak, "quoted"',
      'Amount (NGN)': '1234567.89',
    });
    // The raw text: quotes doubled, the field quoted, CRLF between records.
    expect(file.raw).toContain(`"'${ADA_FIRST.replaceAll('"', '""')} Obi, ""Jr"""`);
    expect(file.raw).toContain('"line\nbreak, ""quoted"""');
    expect(file.raw.startsWith('\uFEFFDate (Lagos),Reference,')).toBe(true);
    expect(file.raw.endsWith('\r\n')).toBe(true);
  });

  it('refuses a bad filter with a 400 before any CSV', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/transactions/export?day=3',
      token: admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('betting export', () => {
  it('has the betting orders with prices and profit, filtered by status and search', async () => {
    const file = await download('/api/admin/analytics/betting/export');
    expect(file.fileName).toBe('owo-betting-all.csv');
    expect(file.header).toEqual([
      'Date (Lagos)',
      'Reference',
      'Customer',
      'Email',
      'Platform',
      'Betting account',
      'Amount (NGN)',
      'Selling price (NGN)',
      'Cost (NGN)',
      'Profit (NGN)',
      'Status',
      'Completed (Lagos)',
    ]);
    const bets = seeded.filter((r) => r.ref.startsWith('BET-'));
    expect(file.rows.map((r) => r.Reference)).toEqual(newestFirst(bets));
    expect(file.rows.find((r) => r.Reference === 'BET-2')).toMatchObject({
      Platform: 'Bet9ja',
      'Betting account': 'ACC2',
      'Amount (NGN)': '20.00',
      'Cost (NGN)': '18.50',
      'Profit (NGN)': '1.50',
      Status: 'success',
    });
    // A failed order earned nothing; a betting account starting with "-" is defused.
    expect(file.rows.find((r) => r.Reference === 'BET-10')).toMatchObject({
      'Profit (NGN)': '0.00',
      Status: 'failed',
    });
    expect(file.rows.find((r) => r.Reference === 'BET-5')?.['Betting account']).toBe("'-1+1");

    const failed = await download('/api/admin/analytics/betting/export?status=failed');
    expect(failed.fileName).toBe('owo-betting-failed.csv');
    expect(failed.rows.map((r) => r.Reference)).toEqual(['BET-10']);
    const searched = await download('/api/admin/analytics/betting/export?search=Bola');
    expect(searched.fileName).toBe('owo-betting-search-Bola.csv');
    expect(searched.rows.map((r) => r.Reference)).toEqual(
      newestFirst(bets.filter((r) => r.user === 'bola')),
    );
  });
});

describe('who may export', () => {
  const urls = [
    '/api/admin/transactions/export',
    '/api/airtime-swap/admin/export',
    '/api/admin/analytics/betting/export',
  ];

  it('a customer gets 403 and no token 401, on every export', async () => {
    for (const url of urls) {
      const asCustomer = await t.request({ method: 'GET', url, token: ada.token });
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.body).not.toContain('EXP-');
      const anonymous = await t.request({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it('a support user (read-only staff) gets 403: files of customer data are for admins', async () => {
    await t.deps.database.db.execute(sql`update users set role = 'support' where id = ${bola.id}`);
    try {
      for (const url of urls) {
        const res = await t.request({ method: 'GET', url, token: bola.token });
        expect(res.statusCode, url).toBe(403);
      }
    } finally {
      await t.deps.database.db.execute(sql`update users set role = 'user' where id = ${bola.id}`);
    }
  });
});

describe('streaming', () => {
  it('reads the database page by page as the response is consumed', async () => {
    const { stream } = t.services.csvExports.transactions({
      status: 'all',
      search: 'EXP-',
    });
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await iterator.next();
    expect(String(first.value)).toContain('Date (Lagos),Reference');
    // Written after the export began, older than every row: found only if the later pages are
    // read when they are wanted, not all at the start.
    await t.deps.database.db.execute(sql`
      insert into transactions (user_id, type, service_type, amount_kobo, status, reference,
                                created_at, updated_at)
      values (${bola.id}, 'debit', 'airtime', 500, 'success', 'EXP-LATE',
              '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z')`);
    let rest = '';
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      rest += String(next.value);
    }
    const rows = parseCsv(String(first.value) + rest).slice(1);
    expect(rows).toHaveLength(BULK + 1);
    expect(rows.at(-1)?.[1]).toBe('EXP-LATE');
    await t.deps.database.db.execute(sql`delete from transactions where reference = 'EXP-LATE'`);
  });

  it('over HTTP: chunked, no Content-Length, the first bytes before the last', async () => {
    const res = await fetch(`${t.baseUrl}/api/admin/transactions/export`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="owo-transactions-all.csv"',
    );
    const reader = res.body!.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks += 1;
      text += decoder.decode(next.value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    expect(parseCsv(text).length - 1).toBe(seeded.length);
  });
});
