import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { SwapStatus } from '@owo/shared/constants';
import { airtimeSwapEvents, airtimeSwaps, ledgerAccounts, ledgerTransfers } from '../src/db/schema';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import { customer, PIN, STRONG_PASSWORD, uniqueEmail, type TestApp } from './harness';
import { multipart } from './multipart';

/**
 * What the airtime-swap test files share: request bodies, the calls, admins, swaps driven to any
 * status through the API, and direct reads of the swap, its events and the ledger.
 */

export { PIN };
export const BANK = { accountNumber: '0123456789', bank: 'GTBank', accountName: 'Ada Obi' };

export type Reply = Awaited<ReturnType<TestApp['request']>>;
export type User = Awaited<ReturnType<typeof customer>>;

/** A wallet-payout body paying the given e-mail; override any field. */
export function walletBody(walletEmail: string, overrides: Record<string, unknown> = {}) {
  return {
    network: 'MTN',
    amount: 1000,
    userPhone: '08031234567',
    paymentMethod: 'wallet',
    walletEmail,
    transactionPin: PIN,
    ...overrides,
  };
}

export function bankBody(overrides: Record<string, unknown> = {}) {
  return {
    network: 'AIRTEL',
    amount: 1000,
    userPhone: '08021234567',
    paymentMethod: 'bank',
    bankDetails: BANK,
    transactionPin: PIN,
    ...overrides,
  };
}

export const createSwap = (t: TestApp, token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: '/api/airtime-swap', token, payload });

export const get = (t: TestApp, token: string | undefined, url: string) =>
  t.request({ method: 'GET', url, token });

export const verify = (t: TestApp, token: string | undefined, ref: string, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/airtime-swap/admin/${ref}/verify`, token, payload });

export const square = () =>
  sharp({ create: { width: 120, height: 200, channels: 3, background: '#0B6E4F' } });
export const pngImage = () => square().png().toBuffer();

export function upload(
  t: TestApp,
  token: string | undefined,
  ref: string,
  data: Buffer | string,
  filename = 'transfer.png',
  field = 'screenshot',
) {
  const body = multipart([{ name: field, data, filename, contentType: 'image/png' }]);
  return t.request({
    method: 'POST',
    url: `/api/airtime-swap/${ref}/upload`,
    token,
    payload: body.payload,
    headers: body.headers,
  });
}

/** An admin made the operator's way (the CLI), then signed in through the API. */
export async function signInAdmin(t: TestApp) {
  const email = uniqueEmail('admin');
  await createAdminCommands(t.deps).createAdmin(email, STRONG_PASSWORD);
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { email, token: res.json().token as string, id: res.json().data._id as string };
}

export function expectError(res: Reply, status: number, message: string | RegExp) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({
    status,
    body: { success: false, message },
  });
}

/** Creates a swap through the API and answers its reference. */
export async function newSwap(t: TestApp, user: User, method: 'wallet' | 'bank', amount = 1000) {
  const body = method === 'wallet' ? walletBody(user.email, { amount }) : bankBody({ amount });
  const res = await createSwap(t, user.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.swapId as string;
}

/**
 * A fresh customer's swap driven to `status` through the API (upload, approve, complete, reject,
 * cancel), the way a real one gets there.
 */
export async function swapIn(
  t: TestApp,
  admin: { token: string },
  status: SwapStatus,
  method: 'wallet' | 'bank',
  amount = 1000,
) {
  const user = await customer(t);
  const ref = await newSwap(t, user, method, amount);
  const ok = (res: Reply) => expect(res.statusCode, res.body).toBe(200);
  if (status === 'PENDING_TRANSFER') return { user, ref };
  if (status === 'CANCELLED') {
    ok(await get(t, user.token, '/api/airtime-swap/pending/clear'));
    return { user, ref };
  }
  if (status === 'REJECTED') {
    ok(await verify(t, admin.token, ref, { action: 'reject' }));
    return { user, ref };
  }
  ok(await upload(t, user.token, ref, await pngImage()));
  if (status === 'AWAITING_VERIFICATION') return { user, ref };
  if (method === 'wallet') {
    if (status !== 'COMPLETED') throw new Error(`a wallet swap is never ${status}`);
    ok(await verify(t, admin.token, ref, { action: 'approve' }));
    return { user, ref };
  }
  ok(await verify(t, admin.token, ref, { action: 'approve', payoutReference: 'BANK-REF-1' }));
  if (status === 'PROCESSING') return { user, ref };
  ok(await verify(t, admin.token, ref, { action: 'complete', payoutReference: 'BANK-REF-2' }));
  return { user, ref };
}

// ------------------------------------------------------------------ direct reads

export async function swapRow(t: TestApp, ref: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(airtimeSwaps)
    .where(eq(airtimeSwaps.swapId, ref));
  if (!row) throw new Error(`no swap ${ref}`);
  return row;
}

export async function swapCount(t: TestApp, userId: string) {
  const [row] = await t.deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(airtimeSwaps)
    .where(eq(airtimeSwaps.userId, userId));
  return row?.n ?? 0;
}

export async function eventsOf(t: TestApp, id: string) {
  return (
    t.deps.database.db
      .select()
      .from(airtimeSwapEvents)
      .where(eq(airtimeSwapEvents.swapId, id))
      // The test clock stands still, so equal times are put in the machine's order.
      .orderBy(
        asc(airtimeSwapEvents.createdAt),
        sql`case ${airtimeSwapEvents.action} when 'create' then 0 when 'upload' then 1
            when 'complete' then 3 else 2 end`,
      )
  );
}

/** The transfers of one history row, as [code, debit code, credit code or 'wallet', kobo]. */
export async function transfersOf(t: TestApp, transactionId: string) {
  const rows = await t.deps.database.db
    .select({
      code: ledgerTransfers.code,
      debit: ledgerTransfers.debitAccountId,
      credit: ledgerTransfers.creditAccountId,
      amount: ledgerTransfers.amountKobo,
    })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.transactionId, transactionId));
  const accounts = await t.deps.database.db.select().from(ledgerAccounts);
  const name = (id: string) => {
    const a = accounts.find((x) => x.id === id);
    return a?.kind === 'user_wallet' ? `wallet:${a.userId}` : (a?.code ?? id).replace(/#\d+$/, '');
  };
  return rows
    .map((r) => [r.code, name(r.debit), name(r.credit), r.amount] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** Sum of the balances of every account of a kind (all shards), or of one code. */
export async function systemBalance(t: TestApp, code: string) {
  const [row] = await t.deps.database.db
    .select({ total: sql<number>`coalesce(sum(balance_kobo), 0)::bigint`.mapWith(Number) })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.code} = ${code} or ${ledgerAccounts.code} like ${`${code}#%`}`);
  return row?.total ?? 0;
}
