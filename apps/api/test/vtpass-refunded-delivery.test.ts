import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_THEN_DELIVERED_AFTER_MS, VTPASS_CODE_VALUES } from '@owo/providers/sandbox/magic';
import { refundedDeliveries } from '../src/db/schema';
import { signInAdmin } from './airtime-swap-support';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import { kind, orderRow, purchase } from './purchase-support';

/**
 * Decision 0048 through VTpass's transaction-update callback: VTpass says "delivered" about an
 * order an admin already refunded. VTpass signs nothing, so its requery must confirm it; then the
 * late delivery is recorded once for an admin to recover or write off, and no money moves.
 */
const VTPASS_AIRTIME = kind('VTpass airtime');
const DECISION_AFTER_MS = 600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { NEEDS_DECISION_AFTER_MS: String(DECISION_AFTER_MS), ALERTS_INTERVAL_MS: '0' },
    { listen: true },
  );
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function postCallback(body: unknown) {
  const res = await fetch(`${t.baseUrl}/api/webhooks/vtpass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('VTpass delivers an order an admin refunded', () => {
  it('is recorded once after VTpass requery confirms it; a callback the requery contradicts records nothing', async () => {
    const admin = await signInAdmin(t);
    const user = await customer(t, 1_000);
    // VTpass answers a status it does not document ("failed"): held pending, then delivered later.
    const res = await purchase(
      t,
      VTPASS_AIRTIME,
      user.token,
      VTPASS_AIRTIME.body(VTPASS_CODE_VALUES.statusFailed000.phone, {} as never),
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data._id as string;
    const requestId = (await orderRow(t, id))!.supplierRequestId;
    const update = {
      type: 'transaction-update',
      data: { code: '000', requestId, content: { transactions: { status: 'delivered' } } },
    };

    t.clock.advance(DECISION_AFTER_MS + 60_000);
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/transactions/${id}/refund`,
      token: admin.token,
      payload: { reason: 'VTpass said failed' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(100_000);

    const rows = () =>
      t.deps.database.db
        .select()
        .from(refundedDeliveries)
        .where(eq(refundedDeliveries.transactionId, id));
    // VTpass's requery still says "failed": the unsigned claim alone records nothing.
    expect(await postCallback(update)).toEqual({ status: 200, json: { response: 'success' } });
    expect(await rows()).toHaveLength(0);

    t.clock.advance(FAILED_THEN_DELIVERED_AFTER_MS);
    const replies = await Promise.all([postCallback(update), postCallback(update)]);
    for (const r of replies) expect(r).toEqual({ status: 200, json: { response: 'success' } });
    const recorded = await rows();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'open', supplier: 'vtpass', userId: user.id });
    expect((await orderRow(t, id))?.state).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    await expectLedgerConsistent(t);
  });
});
