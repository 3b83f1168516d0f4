import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserMessages } from '@owo/shared/admin-user-messages';
import { messages } from '@owo/shared/messages';
import { auditLog, users } from '../src/db/schema';
import { ledgerRepository } from '../src/ledger/repository';
import type { Admin } from './admin-support';
import { createSwap, signInAdmin, walletBody } from './airtime-swap-support';
import { simulateTransfer, verifiedCustomer } from './deposit-support';
import {
  createTestApp,
  customer,
  expectLedgerConsistent,
  PIN,
  STRONG_PASSWORD,
  type TestApp,
} from './harness';
import { kind, purchase } from './purchase-support';
import { sendTransfer } from './transfers-support';

let t: TestApp;
let admin: Admin;
/** The second admin who approves what `admin` files (four eyes on staff money). */
let checker: Admin;
// Listening, so the PalmPay simulator's signed deposit webhooks reach this app.
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  admin = await signInAdmin(t);
  checker = await signInAdmin(t);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const act = (token: string | undefined, action: string, userId: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/admin/users/${userId}/${action}`, token, payload });
/** A credit or debit as staff make it: `admin` files it, `checker` approves it. */
const move = async (action: 'credit' | 'debit', userId: string, payload: object) => {
  const filed = await act(admin.token, action, userId, payload);
  expect(filed.statusCode, filed.body).toBe(202);
  return t.request({
    method: 'POST',
    url: `/api/admin/adjustments/${filed.json().data._id}/approve`,
    token: checker.token,
    payload: {},
  });
};
const suspend = (userId: string, reason = 'Chargeback fraud', token = admin.token) =>
  act(token, 'suspend', userId, { reason });
const reactivate = (userId: string, reason = 'Cleared by compliance', token = admin.token) =>
  act(token, 'reactivate', userId, { reason });
const statusOf = async (userId: string) =>
  (await t.deps.database.db.select().from(users).where(eq(users.id, userId)))[0]?.status;
const balanceOf = async (userId: string) =>
  (await ledgerRepository.walletOf(t.deps.database.db, userId))?.balanceKobo;
const login = (email: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD },
  });
const me = (token: string) => t.request({ method: 'GET', url: '/api/user', token });
const auditOf = (userId: string, action: string) =>
  t.deps.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));

describe('suspend and reactivate', () => {
  it('a suspended customer is signed out everywhere, cannot sign in, and cannot spend', async () => {
    const user = await customer(t, 5000);
    const other = await customer(t);
    const res = await suspend(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: adminUserMessages.suspended,
      data: { _id: user.id, status: 'disabled' },
    });
    expect(await statusOf(user.id)).toBe('disabled');
    const [entry, ...more] = await auditOf(user.id, 'user.suspend');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      reason: 'Chargeback fraud',
      before: { status: 'active' },
      after: { status: 'disabled', email: user.email },
    });

    // The session from before: over, on reads and on every way to spend.
    expect((await me(user.token)).statusCode).toBe(401);
    const spends = [
      await sendTransfer(t, user.token, {
        recipientIdentifier: other.id,
        amount: 100,
        transactionPin: PIN,
      }),
      await purchase(t, kind('in-house airtime'), user.token, {
        ...kind('in-house airtime').body('08031234567', undefined as never, PIN),
      }),
      await createSwap(t, user.token, walletBody(user.email)),
    ];
    for (const spend of spends) {
      expect(spend.statusCode, spend.body).toBe(401);
      expect(spend.json().message).toBe(messages.unauthorized);
    }
    // Signing in again is refused with a message that says why.
    const again = await login(user.email);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: messages.accountDisabled,
    });
    expect(await balanceOf(user.id)).toBe(500_000);
    expect(await balanceOf(other.id)).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('money in still lands: a transfer received, a deposit by webhook, an operator credit', async () => {
    const user = await verifiedCustomer(t);
    const sender = await customer(t, 1000);
    expect((await suspend(user.id)).statusCode).toBe(200);

    const sent = await sendTransfer(t, sender.token, {
      recipientIdentifier: user.email,
      amount: 250,
      transactionPin: PIN,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await balanceOf(user.id)).toBe(25_000);

    // PalmPay's signed notification of a bank transfer into the permanent account.
    const deposit = await simulateTransfer(t, user.account.accountNumber, 120_000);
    expect(deposit).toMatchObject({ kind: 'virtual_account', delivered: true });
    expect(await balanceOf(user.id)).toBe(145_000);

    const credit = await move('credit', user.id, { amount: 5, reason: 'goodwill' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(await balanceOf(user.id)).toBe(145_500);
    // And a debit still works on a suspended wallet (an operator's correction).
    const debit = await move('debit', user.id, { amount: 5, reason: 'undo' });
    expect(debit.statusCode, debit.body).toBe(200);
    await expectLedgerConsistent(t);
  });

  it('reactivation lets the customer sign in and spend again; old sessions stay over', async () => {
    const user = await customer(t, 1000);
    const other = await customer(t);
    expect((await suspend(user.id)).statusCode).toBe(200);
    const twice = await suspend(user.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(adminUserMessages.alreadySuspended);

    const back = await reactivate(user.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      message: adminUserMessages.reactivated,
      data: { status: 'active' },
    });
    const [entry] = await auditOf(user.id, 'user.reactivate');
    expect(entry).toMatchObject({ reason: 'Cleared by compliance', after: { status: 'active' } });
    expect((await reactivate(user.id)).statusCode).toBe(409);

    expect((await me(user.token)).statusCode).toBe(401);
    const signedIn = await login(user.email);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    const sent = await sendTransfer(t, token, {
      recipientIdentifier: other.id,
      amount: 100,
      transactionPin: PIN,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await balanceOf(other.id)).toBe(10_000);
  });

  it('the profile shows the status and why', async () => {
    const user = await customer(t);
    await suspend(user.id, 'Reported stolen phone');
    const profile = await t.request({
      method: 'GET',
      url: `/api/admin/users/${user.id}`,
      token: admin.token,
    });
    expect(profile.json().data).toMatchObject({
      user: { status: 'disabled' },
      lastStatusChange: { action: 'suspend', reason: 'Reported stolen phone', by: admin.email },
    });
  });

  it('two admins suspending at once: one change, one audit entry, the other hears 409', async () => {
    const second = await signInAdmin(t);
    const user = await customer(t);
    const replies = await Promise.all([
      suspend(user.id, 'one'),
      suspend(user.id, 'two', second.token),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(user.id, 'user.suspend')).toHaveLength(1);
  });

  it('needs a reason; an admin cannot suspend themself; unknown ids are 404', async () => {
    const user = await customer(t);
    for (const payload of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await act(admin.token, 'suspend', user.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A reason is required.');
    }
    expect(await statusOf(user.id)).toBe('active');
    const self = await suspend(admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(adminUserMessages.cannotSuspendSelf);
    for (const id of [randomUUID(), 'nope']) {
      expect((await suspend(id)).statusCode).toBe(404);
      expect((await reactivate(id)).statusCode).toBe(404);
    }
  });

  it('a customer gets 403 on suspend and reactivate and changes nothing', async () => {
    const user = await customer(t);
    const other = await customer(t);
    await t.deps.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, other.id));
    expect((await suspend(other.id, 'x', user.token)).statusCode).toBe(403);
    expect((await reactivate(other.id, 'x', user.token)).statusCode).toBe(403);
    expect((await suspend(user.id, 'x', user.token)).statusCode).toBe(403);
    expect(await statusOf(other.id)).toBe('disabled');
    expect(await statusOf(user.id)).toBe('active');
  });
});
