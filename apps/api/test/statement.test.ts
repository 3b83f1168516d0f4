import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { users } from '../src/db/schema';
import { STATEMENT_PAGE_ROWS } from '../src/modules/statements/service';
import { statementRepository } from '../src/modules/statements/repository';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import { kind, loadPlans, PIN, purchase, type Plans } from './purchase-support';
import { sendTransfer } from './transfers-support';

/** GET /api/transactions/statement?month=YYYY-MM: a month's statement as CSV (decision 0034). */

type User = Awaited<ReturnType<typeof customer>>;

let t: TestApp;
let plans: Plans;
/** Next year, so the test clock only moves forward. */
let year: number;
let alice: User;
let bob: User;

function setClock(iso: string) {
  const delta = Date.parse(iso) - t.clock.now().getTime();
  expect(delta, `clock to ${iso}`).toBeGreaterThanOrEqual(0);
  t.clock.advance(delta);
}
const at = (monthDayTime: string) => `${year}-${monthDayTime}`;
const month = (mm: string) => `${year}-${mm}`;

function statementRequest(user: { token: string } | null, query: string) {
  return t.request({
    method: 'GET',
    url: `/api/transactions/statement${query}`,
    ...(user ? { token: user.token } : {}),
  });
}

interface Parsed {
  raw: string;
  header: Map<string, string>;
  columns: string[];
  rows: Record<string, string>[];
  footer: Map<string, string>;
}

/** A small RFC 4180 reader: enough for our own files (quoted cells, doubled quotes). */
function readCsv(text: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || cells.length) lines.push([...cells, cell]);
  return lines;
}

async function statement(user: { token: string }, mm: string): Promise<Parsed> {
  const res = await statementRequest(user, `?month=${month(mm)}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="owo-statement-${month(mm)}.csv"`,
  );
  expect(res.headers['cache-control']).toBe('private, no-store');
  const raw = res.body;
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const lines = readCsv(raw.slice(1));
  const blank = (l: string[]) => l.length === 1 && l[0] === '';
  const firstBlank = lines.findIndex(blank);
  const lastBlank = lines.findLastIndex(blank);
  const pairs = (ls: string[][]) => new Map(ls.map((l) => [l[0]!, l[1] ?? ''] as const));
  const columns = lines[firstBlank + 1]!;
  const rows = lines
    .slice(firstBlank + 2, lastBlank)
    .map((l) => Object.fromEntries(columns.map((name, i) => [name, l[i] ?? ''])));
  return {
    raw,
    header: pairs(lines.slice(1, firstBlank)),
    columns,
    rows,
    footer: pairs(lines.slice(lastBlank + 1)),
  };
}

/** Kobo from a naira cell ("1234.50"), by string arithmetic. */
function kobo(cell: string | undefined): number {
  if (!cell) return 0;
  expect(cell).toMatch(/^-?\d+\.\d{2}$/);
  const [whole, fraction] = cell.replace('-', '').split('.') as [string, string];
  return (cell.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
}

/** Opening + credits − debits = closing, row by row and in the totals. */
function expectAddsUp(s: Parsed) {
  let balance = kobo(s.header.get('Opening balance'));
  let debits = 0;
  let credits = 0;
  for (const row of s.rows) {
    debits += kobo(row.Debit);
    credits += kobo(row.Credit);
    balance += kobo(row.Credit) - kobo(row.Debit);
    expect(kobo(row.Balance), row.Reference).toBe(balance);
  }
  expect(kobo(s.footer.get('Total debits'))).toBe(debits);
  expect(kobo(s.footer.get('Total credits'))).toBe(credits);
  expect(kobo(s.footer.get('Closing balance'))).toBe(balance);
  expect(s.footer.get('Transactions')).toBe(String(s.rows.length));
  return balance;
}

const references: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  year = t.clock.now().getUTCFullYear() + 1;
  // 20:00 in Lagos on 31 March: alice is funded in March.
  setClock(at('03-31T19:00:00.000Z'));
  alice = await customer(t, 5_000);
  bob = await customer(t, 2_000);
  plans = await loadPlans(t, alice.token);
  const buy = async (when: string, name: string, phone: string, amount?: number) => {
    setClock(at(when));
    const res = await purchase(t, kind(name), alice.token, {
      ...kind(name).body(phone, plans),
      ...(amount ? { amount } : {}),
    });
    return res;
  };
  // 21:59 in Lagos on 31 March: March.
  await buy('03-31T20:59:00.000Z', 'in-house airtime', '08031110001', 200);
  // 00:30 in Lagos on 1 April (still 31 March in UTC): April.
  await buy('03-31T23:30:00.000Z', 'in-house data', '08032220002');
  // April: a purchase the supplier refuses (refunded) and one it never settles (money held).
  await buy('04-02T10:00:00.000Z', 'in-house airtime', MAGIC_PHONES.failed, 300);
  await buy('04-03T10:00:00.000Z', 'in-house airtime', MAGIC_PHONES.pendingForever, 400);
  // Transfers both ways in April.
  setClock(at('04-04T12:00:00.000Z'));
  const toAlice = await sendTransfer(t, bob.token, {
    recipientIdentifier: alice.email,
    amount: '1500.50',
    transactionPin: PIN,
  });
  expect(toAlice.statusCode, toAlice.body).toBe(200);
  references.bobSent = toAlice.json().data.reference;
  setClock(at('04-05T12:00:00.000Z'));
  const toBob = await sendTransfer(t, alice.token, {
    recipientIdentifier: bob.email,
    amount: '250',
    transactionPin: PIN,
  });
  expect(toBob.statusCode, toBob.body).toBe(200);
  references.aliceSent = toBob.json().data.reference;
  setClock(at('04-06T12:00:00.000Z'));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/transactions/statement', () => {
  it('cuts months at midnight in Lagos, and opening plus movements make the closing balance', async () => {
    const march = await statement(alice, '03');
    expect(march.header.get('Period')).toBe(`${month('03')}-01 to ${month('03')}-31`);
    expect(march.header.get('Time zone')).toBe('Africa/Lagos');
    expect(march.header.get('Currency')).toBe('NGN');
    expect(march.header.get('Account holder')).toBe('Ada Obi');
    expect(march.header.get('Email')).toBe(alice.email);
    expect(march.header.get('Opening balance')).toBe('0.00');
    expect(march.columns).toEqual([
      'Date',
      'Time',
      'Reference',
      'Description',
      'Details',
      'Status',
      'Amount',
      'Debit',
      'Credit',
      'Balance',
    ]);
    // The funding and the 21:59 airtime; the 00:30 data belongs to April.
    expect(march.rows.map((r) => [r.Date, r.Time, r.Description, r.Credit, r.Debit])).toEqual([
      [`${month('03')}-31`, '20:00', 'Wallet credit', '5000.00', ''],
      [`${month('03')}-31`, '21:59', 'MTN Airtime', '', '200.00'],
    ]);
    expect(march.rows[1]).toMatchObject({ Details: '08031110001', Status: 'Successful' });
    expect(expectAddsUp(march)).toBe(480_000);
    expect(march.footer.get('Closing balance')).toBe('4800.00');

    const april = await statement(alice, '04');
    expect(april.header.get('Period')).toBe(`${month('04')}-01 to ${month('04')}-30`);
    // The closing balance of one month is the opening balance of the next.
    expect(april.header.get('Opening balance')).toBe('4800.00');
    const closing = expectAddsUp(april);
    expect(april.rows[0]).toMatchObject({
      Date: `${month('04')}-01`,
      Time: '00:30',
      Details: '08032220002',
      Status: 'Successful',
    });
    // The refused purchase moved nothing; the unsettled one holds its money.
    const failed = april.rows.find((r) => r.Details === MAGIC_PHONES.failed)!;
    expect(failed).toMatchObject({ Status: 'Failed', Amount: '300.00', Debit: '', Credit: '' });
    const held = april.rows.find((r) => r.Details === MAGIC_PHONES.pendingForever)!;
    expect(held).toMatchObject({ Status: 'Pending', Amount: '400.00', Debit: '400.00' });
    const received = april.rows.find((r) => r.Reference === `${references.bobSent}-CR`)!;
    expect(received).toMatchObject({ Credit: '1500.50', Debit: '', Details: bob.email });
    expect(received.Description).toBe('Transfer from Ada Obi');
    const sent = april.rows.find((r) => r.Reference === references.aliceSent)!;
    expect(sent).toMatchObject({ Debit: '250.00', Credit: '', Details: bob.email });

    // This month's closing balance is the wallet's balance, and the ledger agrees.
    expect(closing).toBe(await balanceKobo(t, alice.token));
    await expectLedgerConsistent(t);
  });

  it("shows only the caller's own rows", async () => {
    const aliceApril = await statement(alice, '04');
    const bobApril = await statement(bob, '04');
    expect(bobApril.header.get('Email')).toBe(bob.email);
    const aliceRefs = new Set(aliceApril.rows.map((r) => r.Reference));
    expect(bobApril.rows.map((r) => r.Reference)).toEqual([
      references.bobSent,
      `${references.aliceSent}-CR`,
    ]);
    for (const row of bobApril.rows) expect(aliceRefs.has(row.Reference)).toBe(false);
    expect(bobApril.raw).not.toContain('08032220002');
    expect(bobApril.header.get('Opening balance')).toBe('2000.00');
    expect(expectAddsUp(bobApril)).toBe(await balanceKobo(t, bob.token));
    const bobMarch = await statement(bob, '03');
    expect(bobMarch.rows.map((r) => r.Description)).toEqual(['Wallet credit']);
  });

  it.each([
    ['', 'month is required'],
    ['?month=', 'month must read YYYY-MM'],
    ['?month=2026-13', 'month must read YYYY-MM'],
    ['?month=2026-1', 'month must read YYYY-MM'],
    ['?month=April', 'month must read YYYY-MM'],
    ['?month=1999-12', 'month is too early'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await statementRequest(alice, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.body).toContain(message);
  });

  it('refuses a month that has not begun, and a caller without a session', async () => {
    const may = await statementRequest(alice, `?month=${month('05')}`);
    expect(may.statusCode).toBe(400);
    expect(may.body).toContain('month has not begun yet');
    expect((await statementRequest(null, `?month=${month('04')}`)).statusCode).toBe(401);
  });

  it('keeps spreadsheet formulas out of the cells', async () => {
    // A name chosen to run as a formula reaches the file inert.
    await t.deps.database.db
      .update(users)
      .set({ firstName: '=cmd|"/c calc"!A1', lastName: '' })
      .where(eq(users.id, bob.id));
    const bobs = await statement(bob, '04');
    expect(bobs.header.get('Account holder')).toBe(`'=cmd|"/c calc"!A1`);
    expect(bobs.raw).toContain(`"'=cmd|""/c calc""!A1"`);
  });

  it('reads a big month page by page, in order, without losing or repeating a row', async () => {
    const heavy = await customer(t, 100);
    const holder = await statementRepository.holder(t.deps.database.db, heavy.id);
    // More rows than one page, all at the same instant: the cursor must still move on.
    const rows = STATEMENT_PAGE_ROWS * 2 + 7;
    const { transactions } = await import('../src/db/schema');
    const now = t.clock.now();
    await t.deps.database.db.insert(transactions).values(
      Array.from({ length: rows }, (_, i) => ({
        userId: heavy.id,
        type: 'debit' as const,
        serviceType: 'airtime',
        amountKobo: 100,
        status: 'failed' as const,
        reference: `STMT-${heavy.id}-${i}`,
        description: 'MTN Airtime',
        createdAt: now,
        updatedAt: now,
      })),
    );
    const s = await statement(heavy, '04');
    expect(s.rows).toHaveLength(rows + 1);
    expect(new Set(s.rows.map((r) => r.Reference)).size).toBe(rows + 1);
    expect(expectAddsUp(s)).toBe(10_000);
    expect(holder?.walletId).toBeTruthy();
  });
});
