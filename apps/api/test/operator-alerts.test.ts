import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VTPASS_CODE_VALUES } from '@owo/providers/sandbox/magic';
import type { OperatorAlertsReply } from '@owo/shared/api-types';
import { operatorAlerts } from '../src/db/schema';
import { withAdminApp, type Admin } from './admin-support';
import { balanceKobo, customer, expectLedgerConsistent, type TestApp } from './harness';
import {
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
 * A supplier refusal that says our own set-up is at fault (VTpass 027: our server's IP is not
 * whitelisted; 018: our VTpass wallet is too low) fails the order — nothing was vended, the
 * customer is refunded at once, exactly once — and raises an operator alert in the same
 * transaction, listed to admins only.
 */

let t: TestApp;
let admin: Admin;
let plans: Plans;

withAdminApp(async (app) => {
  ({ t, admin } = app);
  plans = await loadPlans(t, admin.token);
});

const alerts = (token = admin.token) =>
  t.request({ method: 'GET', url: '/api/admin/alerts', token });

describe.each([
  ['VTpass TV', VTPASS_CODE_VALUES.ipNotWhitelisted027.card, /027/],
  ['VTpass electricity', VTPASS_CODE_VALUES.ipNotWhitelisted027.meter, /027/],
  ['VTpass TV', VTPASS_CODE_VALUES.lowWalletBalance018.card, /018/],
])('%s refused with %s', (kindName, value, code) => {
  it('refunds the order once and raises one operator alert', async () => {
    const k = kind(kindName);
    const user = await customer(t, 20_000);
    const before = (await alerts()).json() as OperatorAlertsReply;
    t.clock.advance(60_000);
    const res = await purchase(t, k, user.token, k.body(value, plans));
    expect(res.statusCode, res.body).toBe(422);
    const row = await latestDebit(t, user.id);
    expect((await orderRow(t, row!.id))?.state).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(2_000_000);
    expectOneOutcome(await transferCodes(t, row!.id), 'failed');

    const rows = await t.deps.database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.transactionId, row!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ supplier: 'vtpass' });
    expect(rows[0]!.detail).toMatch(code);

    const after = (await alerts()).json() as OperatorAlertsReply;
    expect(after.open).toBe(before.open + 1);
    expect(after.data[0]).toMatchObject({ transactionId: row!.id, supplier: 'vtpass' });

    // A reconciler pass later moves nothing and raises nothing more.
    t.clock.advance(3_600_000);
    await t.services.reconciler.runOnce();
    expect(await balanceKobo(t, user.token)).toBe(2_000_000);
    expect((await alerts()).json().open).toBe(after.open);
    await expectLedgerConsistent(t);
  });
});

it('lists alerts to admins only', async () => {
  const user = await customer(t, 0);
  expect((await alerts(user.token)).statusCode).toBe(403);
  expect((await t.request({ method: 'GET', url: '/api/admin/alerts' })).statusCode).toBe(401);
  expect(
    (await t.request({ method: 'GET', url: '/api/admin/alerts?page=x', token: admin.token }))
      .statusCode,
  ).toBe(400);
});
