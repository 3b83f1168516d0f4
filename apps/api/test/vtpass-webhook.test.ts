import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CONTROL_PREFIXES } from '@owo/providers/sandbox/server';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { auditLog, operatorAlerts, orderActions, transactions } from '../src/db/schema';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import { DEAD_ORIGIN } from './deposit-support';
import { kind, orderRow, purchase } from './purchase-support';

/**
 * VTpass's transaction-update callback (decision 0044): a delivered order that VTpass reverses
 * afterwards is refunded to the customer exactly once, after VTpass's own requery confirms it,
 * with a notice, an audit entry and an operator alert. The sandbox's VTpass simulator reverses the
 * order and posts its documented callback to this listening app.
 */

const VTPASS_AIRTIME = kind('VTpass airtime');
const REVERSAL_FIXTURE = JSON.parse(
  readFileSync(
    new URL(
      '../../../packages/providers/src/vtpass/fixtures/webhook-transaction-update-reversal.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as { type: string; data: Record<string, unknown> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

/** A delivered VTpass airtime order of ₦100 for a new customer with ₦1,000. */
async function deliveredOrder(phone = '08031234567') {
  const user = await customer(t, 1_000);
  const res = await purchase(
    t,
    VTPASS_AIRTIME,
    user.token,
    VTPASS_AIRTIME.body(phone, {} as never),
    {
      'idempotency-key': randomUUID(),
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data._id as string;
  const order = await orderRow(t, id);
  expect(order?.state).toBe('delivered');
  return { user, id, requestId: order!.supplierRequestId };
}

/** VTpass reverses the order (the sandbox's control call) and posts its callback. */
async function reverseAtVtpass(requestId: string) {
  const res = await fetch(`${t.sandboxOrigin}${SANDBOX_CONTROL_PREFIXES.vtpass}/reverse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestId }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { delivered: boolean; event: Record<string, unknown> };
}

async function postCallback(body: string) {
  const res = await fetch(`${t.baseUrl}/api/webhooks/vtpass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function reversalRows(id: string) {
  const original = await t.deps.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, id));
  return t.deps.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, `REV-${original[0]!.reference}`));
}

describe('POST /api/webhooks/vtpass', () => {
  it('serves the documented reversal callback shape from the simulator', async () => {
    const { requestId } = await deliveredOrder();
    const { event } = await reverseAtVtpass(requestId);
    expect(event.type).toBe(REVERSAL_FIXTURE.type);
    const data = event.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(Object.keys(REVERSAL_FIXTURE.data).sort());
    expect(data).toMatchObject({ code: '040', requestId });
    expect(data.content).toMatchObject({ transactions: { status: 'reversed' } });
  });

  it('refunds a delivered order VTpass reversed, once, with a notice and an admin trail', async () => {
    const { user, id, requestId } = await deliveredOrder();
    expect(await balanceKobo(t, user.token)).toBe(900_00);

    const sent = await reverseAtVtpass(requestId);
    // Acknowledged as VTpass asks ({"response": "success"}), on its first attempt.
    expect(sent.delivered).toBe(true);
    expect(await balanceKobo(t, user.token)).toBe(1_000_00);
    const [credit] = await reversalRows(id);
    expect(credit).toMatchObject({ type: 'credit', serviceType: 'reversal', amountKobo: 100_00 });

    // The customer's notice: the reversal credit is a "Refund received".
    const notices = await t.request({
      method: 'GET',
      url: '/api/notifications',
      token: user.token,
    });
    const notice = (notices.json().notifications as { transactionId: string }[]).find(
      (n) => n.transactionId === credit!.id,
    );
    expect(notice).toMatchObject({ kind: 'refund', title: 'Refund received' });
    // The admin's trail: the order's one reverse action (no admin), the audit entry, an alert.
    const actions = await t.deps.database.db
      .select()
      .from(orderActions)
      .where(eq(orderActions.transactionId, id));
    expect(actions).toMatchObject([{ action: 'reverse', actorId: null }]);
    const audit = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.reverse')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      actorEmail: 'VTpass (transaction-update webhook)',
    });
    const alerts = await t.deps.database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.transactionId, id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/^VTpass reversed delivered order .* refunded ₦100\.00$/);

    // VTpass sends it again (its retries, a replay): acknowledged, nothing more moves.
    const again = await reverseAtVtpass(requestId);
    expect(again.delivered).toBe(true);
    expect(await balanceKobo(t, user.token)).toBe(1_000_00);
    expect(await reversalRows(id)).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('a reversal replayed 20 times at once refunds once', async () => {
    const { user, id, requestId } = await deliveredOrder();
    // VTpass reverses while our URL is unreachable: its first attempt fails, the body is ours.
    const live = t.deps.config.publicBaseUrl;
    t.deps.config.publicBaseUrl = DEAD_ORIGIN;
    let event: Record<string, unknown>;
    try {
      const sent = await reverseAtVtpass(requestId);
      expect(sent.delivered).toBe(false);
      event = sent.event;
    } finally {
      t.deps.config.publicBaseUrl = live;
    }
    expect(await balanceKobo(t, user.token)).toBe(900_00);

    const body = JSON.stringify(event);
    const replies = await Promise.all(Array.from({ length: 20 }, () => postCallback(body)));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ response: 'success' });
    }
    expect(await balanceKobo(t, user.token)).toBe(1_000_00);
    expect(await reversalRows(id)).toHaveLength(1);
    const actions = await t.deps.database.db
      .select()
      .from(orderActions)
      .where(eq(orderActions.transactionId, id));
    expect(actions).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('an admin who reversed first leaves the callback nothing to refund', async () => {
    const { user, id, requestId } = await deliveredOrder();
    const [row] = await t.deps.database.db
      .select()
      .from(orderActions)
      .where(eq(orderActions.transactionId, id));
    expect(row).toBeUndefined();
    const live = t.deps.config.publicBaseUrl;
    t.deps.config.publicBaseUrl = DEAD_ORIGIN;
    let body: string;
    try {
      body = JSON.stringify((await reverseAtVtpass(requestId)).event);
    } finally {
      t.deps.config.publicBaseUrl = live;
    }
    // An admin Reverse, as the admin screen makes it (the actor's id names a user row, and never
    // the order's owner: nobody reverses their own order).
    const staff = await customer(t, 0);
    const admin = { id: staff.id, email: staff.email };
    await t.services.adminTransactions.reverse(admin, id, 'customer complained');
    const reply = await postCallback(body);
    expect(reply).toEqual({ status: 200, json: { response: 'success' } });
    expect(await balanceKobo(t, user.token)).toBe(1_000_00);
    expect(await reversalRows(id)).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('moves nothing on a callback VTpass does not confirm, and alerts an admin', async () => {
    const { user, id, requestId } = await deliveredOrder();
    // The documented reversal body, naming our delivered order, but VTpass never reversed it:
    // its requery still says delivered.
    const forged = structuredClone(REVERSAL_FIXTURE);
    forged.data.requestId = requestId;
    for (let i = 0; i < 3; i += 1) {
      const reply = await postCallback(JSON.stringify(forged));
      expect(reply).toEqual({ status: 200, json: { response: 'success' } });
    }
    expect(await balanceKobo(t, user.token)).toBe(900_00);
    expect(await reversalRows(id)).toHaveLength(0);
    const alerts = await t.deps.database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.transactionId, id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/requery does not confirm it/);
    await expectLedgerConsistent(t);
  });

  it('settles an open order by VTpass requery, and refuses a body that is no callback', async () => {
    const user = await customer(t, 1_000);
    const res = await purchase(
      t,
      VTPASS_AIRTIME,
      user.token,
      VTPASS_AIRTIME.body(MAGIC_PHONES.pendingThenDelivered, {} as never),
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data._id as string;
    const order = await orderRow(t, id);
    // Past the paying request's grace and the simulator's pending time.
    t.clock.advance(t.deps.config.processingGraceMs + 60_000);
    const update = {
      type: 'transaction-update',
      data: {
        code: '000',
        requestId: order!.supplierRequestId,
        content: { transactions: { status: 'delivered' } },
      },
    };
    expect(await postCallback(JSON.stringify(update))).toEqual({
      status: 200,
      json: { response: 'success' },
    });
    expect((await orderRow(t, id))?.state).toBe('delivered');

    for (const body of [
      'not json',
      '{}',
      '{"type":"transaction-update","data":{}}',
      '{"type":"something-else","data":{}}',
    ]) {
      const reply = await postCallback(body);
      expect(reply.status, body).toBe(400);
      expect(reply.json).toMatchObject({ success: false, code: 'WEBHOOK_BODY_INVALID' });
    }
    // Another callback type is acknowledged and ignored.
    const variations = { type: 'variations-update', serviceID: 'mtn-data', data: {} };
    expect(await postCallback(JSON.stringify(variations))).toEqual({
      status: 200,
      json: { response: 'success' },
    });
    await expectLedgerConsistent(t);
  });
});
