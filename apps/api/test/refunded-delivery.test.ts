import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { OGDAMS_SIGNATURE_HEADER, signOgdamsBody } from '@owo/providers/ogdams/protocol';
import { adjustmentMessages } from '@owo/shared/adjustment-messages';
import { alertIncidents, auditLog, refundedDeliveries } from '../src/db/schema';
import { signInAdmin } from './airtime-swap-support';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  fund,
  setPin,
  type TestApp,
} from './harness';
import { kind, loadPlans, orderRow, purchase, type Plans } from './purchase-support';

/**
 * Decision 0048: Ogdams reports "delivered" for an order an admin already refunded on their own
 * word (the "needs a decision" queue). The books stay as they are; the report is recorded once,
 * raises an admin alert, and an admin recovers the money (a debit request a second admin
 * approves) or writes it off, both audited.
 */
const OGDAMS_DATA = kind('Ogdams data');
const DECISION_AFTER_MS = 180_000;

let t: TestApp;
let plans: Plans;
type Staff = Awaited<ReturnType<typeof signInAdmin>>;
let admin: Staff;
let checker: Staff;

beforeAll(async () => {
  t = await createTestApp({
    ALERTS_INTERVAL_MS: '0',
    PROCESSING_GRACE_MS: '60000',
    NEEDS_DECISION_AFTER_MS: String(DECISION_AFTER_MS),
  });
  admin = await signInAdmin(t);
  checker = await signInAdmin(t);
  plans = await loadPlans(t, admin.token);
  // Two admins' argon2 hashes and the catalogue: minutes on a busy shared machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** The signed "delivered" event Ogdams's webhook sends for `reference`. */
function delivered(reference: string) {
  const raw = JSON.stringify({
    status: true,
    code: 200,
    event: { type: 'data', data: { network: 2, msg: 'delivered', reference } },
  });
  return {
    method: 'POST' as const,
    url: '/api/webhooks/ogdams',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      [OGDAMS_SIGNATURE_HEADER]: signOgdamsBody(raw, SANDBOX_KEYS.ogdams.apiKey),
    },
  };
}

/** An Ogdams order left pending, past the automatic requeries, refunded by an admin. */
async function forceRefunded() {
  const user = await customer(t, 1000);
  t.clock.advance(60_000);
  const res = await purchase(
    t,
    OGDAMS_DATA,
    user.token,
    OGDAMS_DATA.body(MAGIC_PHONES.pendingForever, plans),
  );
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().data._id as string;
  t.clock.advance(DECISION_AFTER_MS + 60_000);
  const refund = await t.request({
    method: 'POST',
    url: `/api/admin/transactions/${id}/refund`,
    token: admin.token,
    payload: { reason: 'No answer for a day' },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  expect(await balanceKobo(t, user.token)).toBe(100_000);
  const order = (await orderRow(t, id))!;
  expect(order.state).toBe('failed');
  return { user, id, order };
}

const deliveriesOf = (transactionId: string) =>
  t.deps.database.db
    .select()
    .from(refundedDeliveries)
    .where(eq(refundedDeliveries.transactionId, transactionId));
const list = () =>
  t.request({ method: 'GET', url: '/api/admin/refunded-deliveries', token: admin.token });
const act = (token: string, id: string, action: 'recover' | 'write-off', reason = 'r') =>
  t.request({
    method: 'POST',
    url: `/api/admin/refunded-deliveries/${id}/${action}`,
    token,
    payload: { reason },
  });
const openAlerts = async () =>
  (await t.deps.database.db.select().from(alertIncidents)).filter(
    (a) => a.kind === 'refunded_order_delivered' && a.clearedAt === null,
  );

describe('a supplier delivers an order an admin refunded', () => {
  it('is recorded once with an alert, changes no money, and is recovered through four eyes', async () => {
    const { user, id, order } = await forceRefunded();
    for (let i = 0; i < 2; i += 1) {
      const res = await t.request(delivered(order.supplierRequestId));
      expect(res.statusCode, res.body).toBe(200);
    }
    // The books stay as they were: the refund stands until someone acts.
    expect((await orderRow(t, id))?.state).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    const rows = await deliveriesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'open',
      userId: user.id,
      supplier: 'ogdams',
      amountKobo: plans.ogdams.priceKobo,
    });
    const listed = (await list()).json().data.deliveries as { _id: string; status: string }[];
    expect(listed.find((d) => d._id === rows[0]!.id)?.status).toBe('open');

    await t.services.alerts.pass();
    const [alert] = await openAlerts();
    expect(alert?.summary).toMatch(
      /^1 refunded order was delivered after all \(₦[\d,.]+ to recover\)$/,
    );

    const recover = await act(admin.token, rows[0]!.id, 'recover', 'Delivered after refund');
    expect(recover.statusCode, recover.body).toBe(202);
    expect(recover.json()).toMatchObject({
      message: adjustmentMessages.recoveryRequested,
      data: { status: 'recovery_requested' },
    });
    // A second recovery or a write-off now is refused; nothing moved yet.
    expect((await act(checker.token, rows[0]!.id, 'recover')).statusCode).toBe(409);
    expect((await act(checker.token, rows[0]!.id, 'write-off')).statusCode).toBe(409);
    expect(await balanceKobo(t, user.token)).toBe(100_000);

    const queue = await t.request({
      method: 'GET',
      url: '/api/admin/adjustments',
      token: checker.token,
    });
    const request = (
      queue.json().data.requests as { _id: string; refundedDeliveryId: string | null }[]
    ).find((r) => r.refundedDeliveryId === rows[0]!.id)!;
    expect(request).toMatchObject({ direction: 'debit', requestedBy: admin.email });
    // The requester cannot approve it; the second admin does.
    const own = await t.request({
      method: 'POST',
      url: `/api/admin/adjustments/${request._id}/approve`,
      token: admin.token,
      payload: {},
    });
    expect(own.statusCode).toBe(403);
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/adjustments/${request._id}/approve`,
      token: checker.token,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(100_000 - plans.ogdams.priceKobo);
    expect((await deliveriesOf(id))[0]?.status).toBe('recovered');
    const audit = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.recover')));
    expect(audit).toHaveLength(1);

    await t.services.alerts.pass();
    expect(await openAlerts()).toHaveLength(0);
    await expectLedgerConsistent(t);
  });

  it('a rejected recovery opens it again; a write-off closes it with the reason, audited', async () => {
    const { user, id, order } = await forceRefunded();
    await t.request(delivered(order.supplierRequestId));
    const [row] = await deliveriesOf(id);
    expect((await act(admin.token, row!.id, 'recover')).statusCode).toBe(202);
    const queue = await t.request({
      method: 'GET',
      url: '/api/admin/adjustments',
      token: checker.token,
    });
    const request = (
      queue.json().data.requests as { _id: string; refundedDeliveryId: string | null }[]
    ).find((r) => r.refundedDeliveryId === row!.id)!;
    const rejected = await t.request({
      method: 'POST',
      url: `/api/admin/adjustments/${request._id}/reject`,
      token: checker.token,
      payload: { reason: 'Customer already returned it' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await deliveriesOf(id))[0]?.status).toBe('open');

    const blank = await act(checker.token, row!.id, 'write-off', '   ');
    expect(blank.statusCode).toBe(400);
    const off = await act(checker.token, row!.id, 'write-off', 'Goods worth less than the chase');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({
      status: 'written_off',
      resolvedBy: checker.email,
      resolutionReason: 'Goods worth less than the chase',
    });
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.write_off')));
    expect(entry).toMatchObject({ actorId: checker.id, reason: 'Goods worth less than the chase' });
    expect((await act(admin.token, row!.id, 'write-off')).statusCode).toBe(409);
  });

  it('a delivered report for an order that is not an admin refund records nothing', async () => {
    const user = await customer(t, 1000);
    t.clock.advance(60_000);
    const res = await purchase(
      t,
      OGDAMS_DATA,
      user.token,
      OGDAMS_DATA.body(MAGIC_PHONES.delivered, plans),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = (await orderRow(t, res.json().data._id))!;
    expect((await t.request(delivered(order.supplierRequestId))).statusCode).toBe(200);
    expect(await deliveriesOf(order.transactionId)).toHaveLength(0);
  });

  it('customers are refused the list and the actions', async () => {
    const user = await customer(t);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/refunded-deliveries', token: user.token }))
        .statusCode,
    ).toBe(403);
    const rows = await t.deps.database.db.select().from(refundedDeliveries);
    expect((await act(user.token, rows[0]!.id, 'write-off')).statusCode).toBe(403);
  });
});

describe('nobody decides on their own order', () => {
  it('an admin cannot refund their own stuck order; another admin can', async () => {
    const buyer = await signInAdmin(t);
    await setPin(t, buyer.token);
    await fund(t, buyer.id, 1000);
    t.clock.advance(60_000);
    const res = await purchase(
      t,
      OGDAMS_DATA,
      buyer.token,
      OGDAMS_DATA.body(MAGIC_PHONES.pendingForever, plans),
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data._id as string;
    t.clock.advance(DECISION_AFTER_MS + 60_000);
    const refund = (token: string) =>
      t.request({
        method: 'POST',
        url: `/api/admin/transactions/${id}/refund`,
        token,
        payload: { reason: 'mine' },
      });
    const own = await refund(buyer.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(adjustmentMessages.ownOrder);
    expect((await orderRow(t, id))?.state).not.toBe('failed');
    expect((await refund(checker.token)).statusCode).toBe(200);
    expect((await orderRow(t, id))?.state).toBe('failed');
  });
});
