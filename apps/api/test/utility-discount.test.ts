import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAGIC_METERS } from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { adminMessages } from '@owo/shared/admin-messages';
import { messages } from '@owo/shared/messages';
import { auditLog } from '../src/db/schema';
import { withAdminApp, type Admin } from './admin-support';
import { transfersOf } from './airtime-swap-support';
import { balanceKobo, customer, expectLedgerConsistent, PIN, type TestApp } from './harness';
import { latestDebit, orderRow, transferCodes } from './purchase-support';

/**
 * The utility discount (spec 2 §2 Utilities tab, §7 PUT products/utility-discount): stored with an
 * audit entry, shown to customers, and taken off what they pay for electricity while the supplier
 * still gets the face value (the order's margin is minus the discount).
 */

let t: TestApp;
let admin: Admin;
let user: Awaited<ReturnType<typeof customer>>;

withAdminApp(async (app) => {
  ({ t, admin } = app);
  user = await customer(t, 100_000);
});
// One customer buys in every test: a second apart, so latestDebit (newest by time) is this test's.
beforeEach(() => {
  t?.clock.advance(1_000);
});

const setDiscount = (percentage: unknown, token = admin.token) =>
  t.request({
    method: 'PUT',
    url: '/api/admin/products/utility-discount',
    token,
    payload: { percentage },
  });

const discountEntries = () =>
  t.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'setting.utility_discount'));

/** The customer pays at `url` with their PIN. */
const pay = (url: string, payload: object) =>
  t.request({
    method: 'POST',
    url,
    token: user.token,
    payload: { ...payload, transactionPin: PIN },
  });

const buyVtpass = (amount: number, billersCode: string = MAGIC_METERS.delivered) =>
  pay('/api/vtpass/utility', {
    serviceID: 'ikeja-electric',
    phone: '08031234567',
    billersCode,
    amount,
    variation_code: 'prepaid',
  });

describe('setting the discount', () => {
  it('starts at 0, for admins and customers alike', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/products/utility-discount',
      token: admin.token,
    });
    expect(res.json()).toMatchObject({ success: true, data: { percentage: 0 } });
    const providers = await t.request({
      method: 'GET',
      url: '/api/transactions/utility-providers',
      token: user.token,
    });
    expect(providers.json()).toMatchObject({ success: true, discountPercentage: 0 });
    expect(providers.json().data.length).toBeGreaterThan(0);
  });

  it.each([['abc'], [-1], [20.01], [25], ['1.234'], [null]])(
    'refuses %j with the admin message and changes nothing',
    async (value) => {
      const res = await setDiscount(value);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: adminMessages.discountInvalid,
        data: { errors: [{ message: adminMessages.discountInvalid }] },
      });
      expect(await discountEntries()).toHaveLength(0);
    },
  );

  it('a regular user gets 403', async () => {
    const res = await setDiscount(5, user.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.forbidden);
    expect(await discountEntries()).toHaveLength(0);
  });

  it('an admin sets it: stored, audited with before and after, shown to customers', async () => {
    const res = await setDiscount('2.5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: adminMessages.discountUpdated,
      data: { percentage: 2.5 },
    });
    const [entry] = await discountEntries();
    expect(entry).toMatchObject({
      actorId: admin.id,
      entity: 'admin_setting',
      before: { percentage: 0 },
      after: { percentage: 2.5 },
    });
    const read = await t.request({
      method: 'GET',
      url: '/api/admin/products/utility-discount',
      token: admin.token,
    });
    expect(read.json().data).toEqual({ percentage: 2.5 });
    const providers = await t.request({
      method: 'GET',
      url: '/api/transactions/utility-providers',
      token: user.token,
    });
    expect(providers.json().discountPercentage).toBe(2.5);
  });
});

describe('electricity at a discount', () => {
  it('VTpass: the customer pays face value minus 2.5%, the supplier gets the face value', async () => {
    expect((await setDiscount(2.5)).statusCode).toBe(200);
    const before = await balanceKobo(t, user.token);
    const res = await buyVtpass(1000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      amount: 975,
      metadata: { faceValue: 1000, discount: 25 },
    });
    expect(await balanceKobo(t, user.token)).toBe(before - 97_500);
    const debit = (await latestDebit(t, user.id))!;
    expect(debit.amountKobo).toBe(97_500);
    const order = (await orderRow(t, debit.id))!;
    expect(order).toMatchObject({ sellingKobo: 97_500, costKobo: 100_000, state: 'delivered' });
    expect(order.request).toMatchObject({ amountKobo: 100_000 });
    const codes = await transferCodes(t, debit.id);
    expect(codes).toMatchObject({ purchase_reserve: 1, purchase_cost: 1, purchase_margin_loss: 1 });
    const transfers = await transfersOf(t, debit.id);
    expect(transfers).toContainEqual([
      'purchase_cost',
      expect.any(String),
      expect.any(String),
      100_000,
    ]);
    expect(transfers).toContainEqual([
      'purchase_margin_loss',
      expect.any(String),
      expect.any(String),
      2_500,
    ]);
    await expectLedgerConsistent(t);
  });

  it('the discount is rounded down to the kobo', async () => {
    expect((await setDiscount(0.33)).statusCode).toBe(200);
    const before = await balanceKobo(t, user.token);
    // 0.33% of ₦1,001 = 330.33 kobo → 330 kobo off
    const res = await buyVtpass(1001);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(before - (100_100 - 330));
    expect(res.json().data.metadata).toMatchObject({ faceValue: 1001, discount: 3.3 });
    await expectLedgerConsistent(t);
  });

  it('in-house (DataStation) electricity gets the discount too', async () => {
    expect((await setDiscount(10)).statusCode).toBe(200);
    const before = await balanceKobo(t, user.token);
    const res = await pay('/api/transactions/utility', {
      amount: 2000,
      disco_name: 1,
      meter_number: MAGIC_METERS.delivered,
      meterType: 'prepaid',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(before - 180_000);
    const order = (await orderRow(t, (await latestDebit(t, user.id))!.id))!;
    expect(order).toMatchObject({ sellingKobo: 180_000, costKobo: 200_000 });
    expect(order.request).toMatchObject({ amountKobo: 200_000 });
    await expectLedgerConsistent(t);
  });

  it('Safe Haven (services/pay/utility) gets the discount too', async () => {
    expect((await setDiscount(1)).statusCode).toBe(200);
    const before = await balanceKobo(t, user.token);
    const res = await pay('/api/services/pay/utility', {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
      meterNumber: MAGIC_METERS.delivered,
      amount: 1000,
      vendType: 'prepaid',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(before - 99_000);
    const order = (await orderRow(t, (await latestDebit(t, user.id))!.id))!;
    expect(order).toMatchObject({ sellingKobo: 99_000, costKobo: 100_000 });
    await expectLedgerConsistent(t);
  });

  it('a failed order refunds exactly what was paid', async () => {
    expect((await setDiscount(5)).statusCode).toBe(200);
    const before = await balanceKobo(t, user.token);
    const res = await buyVtpass(1000, MAGIC_METERS.failed);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await balanceKobo(t, user.token)).toBe(before);
    await expectLedgerConsistent(t);
  });

  it('back to 0: face value again, no discount in the order', async () => {
    expect((await setDiscount(0)).statusCode).toBe(200);
    const before = await balanceKobo(t, user.token);
    const res = await buyVtpass(1000);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(before - 100_000);
    expect(res.json().data.metadata.discount).toBeUndefined();
    expect(await discountEntries()).toContainEqual(
      expect.objectContaining({ before: { percentage: 5 }, after: { percentage: 0 } }),
    );
    await expectLedgerConsistent(t);
  });
});
