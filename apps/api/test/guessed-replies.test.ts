import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FAILED_THEN_DELIVERED_AFTER_MS,
  SAFEHAVEN_PAY_FAILED_402,
  VTPASS_CODE_VALUES,
} from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import type { NeedsDecisionReply } from '@owo/shared/api-types';
import { operatorAlerts } from '../src/db/schema';
import { withAdminApp, type AdminApp } from './admin-support';
import { balanceKobo, customer, expectLedgerConsistent, PIN, type TestApp } from './harness';
import { latestDebit, orderRow, transferCodes } from './purchase-support';

/**
 * Replies no public source documents as a failure — VTpass 000 with transaction status "failed",
 * VTpass 087, Safe Haven HTTP 402 — are held pending with one operator alert: no refund, and no
 * failover to the next supplier on the airtime route (decision 0042). Each is served by the
 * simulator from its fixture through the real adapter.
 */
let t: TestApp;
let admin: AdminApp['admin'];
withAdminApp((ready) => {
  ({ t, admin } = ready);
});

/** After the paying call's grace, when the reconciler may requery. */
const LATER_MS = 10 * 60_000;

async function wallets(): Promise<Record<string, number>> {
  const res = await fetch(`${t.sandboxOrigin}/sandbox/wallets`);
  return ((await res.json()) as { balancesKobo: Record<string, number> }).balancesKobo;
}

const buyVtpassAirtime = (token: string, phone: string) =>
  t.request({
    method: 'POST',
    url: '/api/vtpass/airtime',
    token,
    payload: { serviceID: 'mtn', phone, amount: 100, transactionPin: PIN },
  });

const buySafeHavenAirtime = (token: string, phoneNumber: string) =>
  t.request({
    method: 'POST',
    url: '/api/services/pay/airtime',
    token,
    payload: {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      amount: 100,
      phoneNumber,
      transactionPin: PIN,
    },
  });

async function alertsOf(transactionId: string) {
  return t.deps.database.db
    .select()
    .from(operatorAlerts)
    .where(eq(operatorAlerts.transactionId, transactionId));
}

/** The order is held: reserved once, not refunded, not moved to another supplier, one alert. */
async function expectHeld(
  userId: string,
  token: string,
  supplier: string,
  alert: RegExp,
  before: Record<string, number>,
) {
  const debit = await latestDebit(t, userId);
  expect(debit).toMatchObject({ status: 'pending', amountKobo: 100_00 });
  const order = await orderRow(t, debit!.id);
  expect(order).toMatchObject({ supplier, state: 'pending' });
  // The base request id (the order's reference): no further attempt was made on the next supplier.
  expect(order?.supplierRequestId).toBe(debit!.reference);
  expect(await transferCodes(t, debit!.id)).toEqual({ purchase_reserve: 1 });
  expect(await balanceKobo(t, token)).toBe(900_00);
  // The route's next supplier (DataStation for MTN airtime) sold nothing.
  expect((await wallets()).datastation).toBe(before.datastation);
  const alerts = await alertsOf(debit!.id);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toMatchObject({ supplier, message: expect.stringMatching(alert) });
  return debit!.id;
}

describe('VTpass 000 with transaction status "failed"', () => {
  it('is held with one alert, no refund and no failover; VTpass then delivers it once', async () => {
    const user = await customer(t, 1_000);
    const before = await wallets();
    const res = await buyVtpassAirtime(user.token, VTPASS_CODE_VALUES.statusFailed000.phone);
    expect(res.statusCode, res.body).toBe(202);
    const id = await expectHeld(user.id, user.token, 'vtpass', /does not document/, before);

    // A requery before VTpass changes its mind answers "failed" again: still held, no new alert.
    t.clock.advance(LATER_MS);
    const early = await t.services.reconciler.runOnce();
    expect(early.failed).toBe(0);
    expect((await orderRow(t, id))?.state).toBe('pending');
    expect(await alertsOf(id)).toHaveLength(1);

    t.clock.advance(FAILED_THEN_DELIVERED_AFTER_MS);
    await t.services.reconciler.runOnce();
    expect((await orderRow(t, id))?.state).toBe('delivered');
    expect(await transferCodes(t, id)).toEqual({ purchase_reserve: 1, purchase_cost: 1 });
    expect(await balanceKobo(t, user.token)).toBe(900_00);
    await expectLedgerConsistent(t);
  });
});

describe('VTpass 087 (no public page defines it)', () => {
  it('is held with one alert and no failover; only the documented 015 on requery refunds, once', async () => {
    const user = await customer(t, 1_000);
    const before = await wallets();
    const res = await buyVtpassAirtime(user.token, VTPASS_CODE_VALUES.invalidCredentials087.phone);
    expect(res.statusCode, res.body).toBe(202);
    const id = await expectHeld(user.id, user.token, 'vtpass', /VTPASS_API_KEY/, before);

    t.clock.advance(LATER_MS);
    await t.services.reconciler.runOnce();
    expect((await orderRow(t, id))?.state).toBe('failed');
    expect(await transferCodes(t, id)).toEqual({ purchase_reserve: 1, purchase_void: 1 });
    expect(await balanceKobo(t, user.token)).toBe(1_000_00);
    t.clock.advance(LATER_MS);
    await t.services.reconciler.runOnce();
    expect(await transferCodes(t, id)).toEqual({ purchase_reserve: 1, purchase_void: 1 });
    expect(await alertsOf(id)).toHaveLength(1);
    await expectLedgerConsistent(t);
  });
});

describe('Safe Haven HTTP 402 Request Failed', () => {
  it('is held with one alert, never refunded by itself, and waits for an admin at once', async () => {
    const user = await customer(t, 1_000);
    const before = await wallets();
    const res = await buySafeHavenAirtime(user.token, SAFEHAVEN_PAY_FAILED_402.phone);
    expect(res.statusCode, res.body).toBe(202);
    const id = await expectHeld(user.id, user.token, 'safehaven', /402/, before);
    expect((await orderRow(t, id))?.supplierReference).toBeNull();

    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(LATER_MS);
      await t.services.reconciler.runOnce();
    }
    expect((await orderRow(t, id))?.state).toBe('pending');
    expect(await transferCodes(t, id)).toEqual({ purchase_reserve: 1 });
    expect(await alertsOf(id)).toHaveLength(1);

    // Nothing any lookup can learn: it is in the admin's queue now, not after the age limit,
    // with why and what to check, and no more requeries are made.
    const order = await orderRow(t, id);
    expect(order?.needsDecisionAt).not.toBeNull();
    const queue = await t.request({
      method: 'GET',
      url: '/api/admin/orders/needs-decision',
      token: admin.token,
    });
    const item = (queue.json() as NeedsDecisionReply).data.find((d) => d._id === id);
    expect(item?.order).toMatchObject({
      needsDecision: true,
      decision: {
        why: expect.stringMatching(/no requery can settle it/),
        check: expect.stringMatching(/Safe Haven account statement/),
      },
    });
    t.clock.advance(LATER_MS);
    await t.services.reconciler.runOnce();
    expect((await orderRow(t, id))?.attempts).toBe(order?.attempts);

    // The admin checked the statement (no debit) and refunds it, once, long before the age limit.
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/transactions/${id}/refund`,
      token: admin.token,
      payload: { reason: 'No debit on the Safe Haven statement' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await transferCodes(t, id)).toEqual({ purchase_reserve: 1, purchase_void: 1 });
    expect(await balanceKobo(t, user.token)).toBe(1_000_00);

    // The alert is listed to admins with the order it is about.
    const listed = await t.request({ method: 'GET', url: '/api/admin/alerts', token: admin.token });
    expect(listed.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ transactionId: id, supplier: 'safehaven' }),
      ]),
    );
    await expectLedgerConsistent(t);
  });
});
