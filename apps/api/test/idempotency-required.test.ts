import { describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { messages } from '@owo/shared/messages';
import { withAdminApp, type AdminApp } from './admin-support';
import { balanceKobo, customer, expectLedgerConsistent, PIN, type TestApp } from './harness';
import { countRows, loadPlans, PURCHASE_KINDS, type Plans } from './purchase-support';

/**
 * Every route that moves a customer's money requires an Idempotency-Key: without one a retry
 * would buy (or send) twice. A missing key is a 400 with a stable code and message, and nothing
 * is written or moved; a malformed key keeps its own 400.
 */
let t: TestApp;
let admin: AdminApp['admin'];
let plans: Plans;
withAdminApp(async (ready) => {
  ({ t, admin } = ready);
  plans = await loadPlans(t, admin.token);
});

interface MoneyRoute {
  name: string;
  url: (userId: string) => string;
  body: (context: { otherUserId: string }) => Record<string, unknown>;
  admin?: boolean;
}

const ROUTES: MoneyRoute[] = [
  ...PURCHASE_KINDS.map((k) => ({
    name: k.name,
    url: () => k.url,
    body: () => k.body(MAGIC_PHONES.delivered, plans),
  })),
  {
    name: 'services/pay airtime',
    url: () => '/api/services/pay/airtime',
    body: () => ({
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      amount: 100,
      phoneNumber: MAGIC_PHONES.delivered,
      transactionPin: PIN,
    }),
  },
  {
    name: 'betting',
    url: () => '/api/biller/betting',
    body: () => ({
      billerId: 'BET9JA',
      itemId: 'BET9JA_TOPUP',
      amount: 1_000,
      rechargeAccount: '55554444',
      transactionPin: PIN,
    }),
  },
  {
    name: 'transfer',
    url: () => '/api/transfers',
    body: ({ otherUserId }) => ({
      recipientIdentifier: otherUserId,
      amount: '250.00',
      transactionPin: PIN,
    }),
  },
  {
    name: 'admin debit',
    url: (userId) => `/api/admin/users/${userId}/debit`,
    body: () => ({ amount: 100, reason: 'Duplicate credit' }),
    admin: true,
  },
  {
    name: 'admin credit',
    url: (userId) => `/api/admin/users/${userId}/credit`,
    body: () => ({ amount: 100, reason: 'Goodwill' }),
    admin: true,
  },
];

describe.each(ROUTES)('$name', (route) => {
  it('without an Idempotency-Key: 400 IDEMPOTENCY_KEY_REQUIRED, nothing written', async () => {
    const user = await customer(t, 5_000);
    const other = await customer(t);
    const rows = await countRows(t, user.id);
    const res = await t.request({
      method: 'POST',
      url: route.url(user.id),
      token: route.admin ? admin.token : user.token,
      payload: route.body({ otherUserId: other.id }),
      noIdempotencyKey: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: messages.idempotencyKeyRequired,
    });
    expect(await countRows(t, user.id)).toBe(rows);
    expect(await balanceKobo(t, user.token)).toBe(5_000_00);
    expect(await balanceKobo(t, other.token)).toBe(0);
  });

  it('with a malformed key: 400 INVALID_IDEMPOTENCY_KEY, nothing written', async () => {
    const user = await customer(t, 5_000);
    const other = await customer(t);
    const res = await t.request({
      method: 'POST',
      url: route.url(user.id),
      token: route.admin ? admin.token : user.token,
      payload: route.body({ otherUserId: other.id }),
      headers: { 'idempotency-key': 'x' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY' });
    expect(await balanceKobo(t, user.token)).toBe(5_000_00);
  });
});

it('the same body under two keys is two orders; under one key, one', async () => {
  const user = await customer(t, 1_000);
  const airtime = PURCHASE_KINDS.find((k) => k.name === 'in-house airtime')!;
  const body = airtime.body(MAGIC_PHONES.delivered, plans);
  const send = (key: string) =>
    t.request({
      method: 'POST',
      url: airtime.url,
      token: user.token,
      payload: body,
      headers: { 'idempotency-key': key },
    });
  const a = await send('key-aaaaaaaa');
  const b = await send('key-bbbbbbbb');
  const again = await send('key-aaaaaaaa');
  expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([200, 200, 200]);
  expect(a.json().data._id).not.toBe(b.json().data._id);
  expect(again.json().data._id).toBe(a.json().data._id);
  expect(await balanceKobo(t, user.token)).toBe(1_000_00 - 2 * 100_00);
  await expectLedgerConsistent(t);
});
