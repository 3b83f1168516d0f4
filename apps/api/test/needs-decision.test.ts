import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import type { NeedsDecisionReply } from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { auditLog, purchases } from '../src/db/schema';
import { withAdminApp, type Admin } from './admin-support';
import { expectError } from './airtime-swap-support';
import { balanceKobo, customer, expectLedgerConsistent, type TestApp } from './harness';
import {
  AIRTIME_NAIRA,
  expectOneOutcome,
  kind,
  latestDebit,
  loadPlans,
  orderRow,
  purchase,
  transferCodes,
  type Plans,
} from './purchase-support';

/**
 * The money rule's last line: an order no supplier answer settles is requeried until it is
 * NEEDS_DECISION_AFTER_MS old, then waits in the admin's "needs a decision" queue with the
 * supplier's last answers. It is never refunded by itself, and an admin may refund it on their
 * own word only from then on.
 */

let t: TestApp;
let admin: Admin;
let plans: Plans;
const vtpassAirtime = kind('VTpass airtime');
const PRICE = AIRTIME_NAIRA * 100;
const HOUR = 3_600_000;

withAdminApp(async (app) => {
  ({ t, admin } = app);
  plans = await loadPlans(t, admin.token);
});

const queue = (token = admin.token) =>
  t.request({ method: 'GET', url: '/api/admin/orders/needs-decision', token });

async function stuckOrder() {
  const user = await customer(t, 1000);
  t.clock.advance(60_000);
  const res = await purchase(
    t,
    vtpassAirtime,
    user.token,
    vtpassAirtime.body(MAGIC_PHONES.pendingForever, plans),
  );
  expect(res.statusCode, res.body).toBe(202);
  const row = await latestDebit(t, user.id);
  return { user, id: row!.id };
}

/** Runs the reconciler as the server would across `ms` of time, in steps of the longest backoff. */
const STEP = 15 * 60_000;
async function passTime(ms: number) {
  for (let done = 0; done < ms; done += STEP) {
    t.clock.advance(Math.min(STEP, ms - done));
    while ((await t.services.reconciler.runOnce()).checked > 0) {
      // drain what is due now
    }
  }
}

describe('an order no supplier answer settles', () => {
  it('is requeried until the limit, then waits for an admin and is never refunded by itself', async () => {
    const { user, id } = await stuckOrder();
    expect((await queue()).json().data.map((d: { _id: string }) => d._id)).not.toContain(id);

    await passTime(t.deps.config.needsDecisionAfterMs + HOUR);
    const attempts = (await orderRow(t, id))!.attempts;
    expect(attempts).toBeGreaterThan(3);
    expect((await orderRow(t, id))!.state).toBe('pending');

    // Two days more: no requery, no refund.
    await passTime(48 * HOUR);
    expect((await orderRow(t, id))!.attempts).toBe(attempts);
    expect((await orderRow(t, id))!.state).toBe('pending');
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);

    const res = await queue();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as NeedsDecisionReply;
    expect(body.afterHours).toBe(t.deps.config.needsDecisionAfterMs / HOUR);
    const item = body.data.find((d) => d._id === id);
    expect(item?.order).toMatchObject({
      state: 'pending',
      needsDecision: true,
      supplier: 'vtpass',
    });
    expect(item?.allowedActions).toEqual(['approve', 'refund']);
    // Why it is here and what to check, for the admin who decides.
    expect(item?.order?.decision).toMatchObject({
      why: expect.stringMatching(/No final answer from VTpass after \d+ requeries in 2 h/),
      check: expect.stringContaining(item?.reference ?? '-'),
    });
    // The supplier's own words, for the admin who decides.
    expect(item?.order?.lastAnswer).toMatchObject({ status: 'pending' });
    expect(JSON.stringify(item?.order?.lastAnswer)).toContain('requestId');

    // The admin decides: Refund requeries (still pending), then voids it once, on the record.
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/transactions/${id}/refund`,
      token: admin.token,
      payload: { reason: 'VTpass confirmed by phone it never vended' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expectOneOutcome(await transferCodes(t, id), 'failed');
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(entry?.action).toBe('order.refund');
    expect(entry?.before).toMatchObject({ supplierAnswer: { status: 'pending' } });
    expect((await queue()).json().data.map((d: { _id: string }) => d._id)).not.toContain(id);
    await expectLedgerConsistent(t);
  });

  it('lists oldest first, and only to admins', async () => {
    const first = await stuckOrder();
    const second = await stuckOrder();
    const old = (ms: number) =>
      new Date(t.clock.now().getTime() - t.deps.config.needsDecisionAfterMs - ms);
    await t.deps.database.db
      .update(purchases)
      .set({ createdAt: old(1_000) })
      .where(eq(purchases.transactionId, first.id));
    await t.deps.database.db
      .update(purchases)
      .set({ createdAt: old(5_000) })
      .where(eq(purchases.transactionId, second.id));
    const ids = (await queue()).json().data.map((d: { _id: string }) => d._id) as string[];
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((await queue(first.user.token)).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/orders/needs-decision' })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/admin/orders/needs-decision?page=0',
          token: admin.token,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses an admin Refund of a young pending order and moves nothing', async () => {
    const { user, id } = await stuckOrder();
    t.clock.advance(t.deps.config.processingGraceMs + 1_000);
    expectError(
      await t.request({
        method: 'POST',
        url: `/api/admin/transactions/${id}/refund`,
        token: admin.token,
        payload: { reason: 'customer asked' },
      }),
      409,
      adminMessages.orderRefundNeedsAnswer,
    );
    expect((await orderRow(t, id))!.state).toBe('pending');
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
    await expectLedgerConsistent(t);
  });
});
