import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { adjustmentRequests, auditLog, ledgerTransfers, transactions } from '../src/db/schema';
import { ledgerRepository } from '../src/ledger/repository';
import { withAdminApp, type Admin } from './admin-support';
import { signInAdmin } from './airtime-swap-support';
import { customer, expectLedgerConsistent, type TestApp } from './harness';

let t: TestApp;
let admin: Admin;
/** The second admin who approves what `admin` files (four eyes, decision 0047). */
let checker: Admin;
withAdminApp(async (app) => {
  ({ t, admin } = app);
  checker = await signInAdmin(t);
});

type Move = 'credit' | 'debit';
const file = (
  token: string | undefined,
  action: Move,
  userId: string,
  payload: object,
  headers: Record<string, string> = {},
) =>
  t.request({
    method: 'POST',
    url: `/api/admin/users/${userId}/${action}`,
    token,
    payload,
    headers,
  });
/**
 * A credit or debit as staff make it: filed by `token`'s admin, then approved by `approver`. The
 * approval's reply, or the filing's when it was refused (nothing to approve then).
 */
const move = async (
  token: string | undefined,
  action: Move,
  userId: string,
  payload: object,
  approver: Admin = checker,
) => {
  const filed = await file(token, action, userId, payload);
  if (filed.statusCode !== 202) return filed;
  return t.request({
    method: 'POST',
    url: `/api/admin/adjustments/${filed.json().data._id}/approve`,
    token: approver.token,
    payload: {},
  });
};
const balanceOf = async (userId: string) =>
  (await ledgerRepository.walletOf(t.deps.database.db, userId))?.balanceKobo;
const adjustmentsOf = (userId: string) =>
  t.deps.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.serviceType, 'adjustment')));
const auditOf = (userId: string, action: string) =>
  t.deps.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));

describe('POST /api/admin/users/:id/debit', () => {
  it('debits with its reason: one history row, one ledger move out, one audit entry', async () => {
    const user = await customer(t, 1000);
    const res = await move(admin.token, 'debit', user.id, {
      amount: 400,
      reason: 'Duplicate credit',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Debit of ₦400.00 approved and posted.',
      data: { status: 'approved', direction: 'debit', amount: 400, balance: 600 },
    });
    expect(await balanceOf(user.id)).toBe(60_000);
    const [row] = (await adjustmentsOf(user.id)).filter((r) => r.type === 'debit');
    expect(row).toMatchObject({
      amountKobo: 40_000,
      status: 'success',
      description: 'Wallet debit',
      metadata: { note: 'Duplicate credit', debitedBy: checker.email, requestedBy: admin.email },
    });
    const moves = await t.deps.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.transactionId, row!.id));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ code: 'operator_debit', amountKobo: 40_000 });
    const [entry, ...more] = await auditOf(user.id, 'wallet.debit');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: checker.id,
      actorEmail: checker.email,
      reason: 'Duplicate credit',
      after: {
        amountKobo: 40_000,
        reason: 'Duplicate credit',
        reference: row!.reference,
        requestedBy: admin.email,
        approvedBy: checker.email,
      },
    });
    // The customer reads it in their own history, and it is not their spending.
    const history = await t.request({ method: 'GET', url: '/api/transactions', token: user.token });
    expect(history.json().transactions).toContainEqual(
      expect.objectContaining({ type: 'debit', serviceType: 'adjustment', amount: 400 }),
    );
    const profile = await t.request({
      method: 'GET',
      url: `/api/admin/users/${user.id}`,
      token: admin.token,
    });
    expect(profile.json().data.limits.spentToday).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('never takes a balance below zero: refused with a clear 402, nothing written', async () => {
    const user = await customer(t, 100);
    const res = await move(admin.token, 'debit', user.id, { amount: 100.01, reason: 'Too much' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_FUNDS',
      message: 'The wallet holds ₦100.00: a debit of ₦100.01 would take it below zero.',
    });
    expect(await balanceOf(user.id)).toBe(10_000);
    expect((await adjustmentsOf(user.id)).filter((r) => r.type === 'debit')).toEqual([]);
    expect(await auditOf(user.id, 'wallet.debit')).toEqual([]);
    // Exactly the balance is fine: it ends at zero.
    const all = await move(admin.token, 'debit', user.id, { amount: 100, reason: 'Close out' });
    expect(all.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('two admins racing debits on one balance: only the one that fits succeeds', async () => {
    const second = await signInAdmin(t);
    for (let round = 0; round < 3; round += 1) {
      const user = await customer(t, 1000);
      const results = await Promise.all([
        move(admin.token, 'debit', user.id, { amount: 700, reason: 'race one' }),
        move(second.token, 'debit', user.id, { amount: 700, reason: 'race two' }, admin),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 402]);
      expect(await balanceOf(user.id)).toBe(30_000);
      expect((await adjustmentsOf(user.id)).filter((r) => r.type === 'debit')).toHaveLength(1);
      expect(await auditOf(user.id, 'wallet.debit')).toHaveLength(1);
    }
    // Both fit: both succeed, and the balance is the sum of both.
    const user = await customer(t, 1000);
    const both = await Promise.all([
      move(admin.token, 'debit', user.id, { amount: 500, reason: 'half' }),
      move(second.token, 'debit', user.id, { amount: 500, reason: 'other half' }, admin),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(user.id)).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('a credit racing a debit: the debit sees the committed balance, never a torn one', async () => {
    const second = await signInAdmin(t);
    const user = await customer(t, 100);
    const [credit, debit] = await Promise.all([
      move(admin.token, 'credit', user.id, { amount: 500, reason: 'top up' }),
      move(second.token, 'debit', user.id, { amount: 550, reason: 'after top up' }, admin),
    ]);
    expect(credit.statusCode).toBe(200);
    // The debit fits only after the credit: it either ran after it (200) or before it (402).
    expect([200, 402]).toContain(debit.statusCode);
    expect(await balanceOf(user.id)).toBe(debit.statusCode === 200 ? 5_000 : 60_000);
    await expectLedgerConsistent(t);
  });

  it.each<[Move, object, number, string]>([
    ['debit', { amount: 10 }, 400, 'A reason is required.'],
    ['debit', { amount: 10, reason: '   ' }, 400, 'A reason is required.'],
    ['credit', { amount: 10, reason: '' }, 400, 'A reason is required.'],
    ['debit', { amount: 0, reason: 'zero' }, 400, messages.invalidAmount],
    ['debit', { amount: -5, reason: 'negative' }, 400, messages.invalidAmount],
  ])('%s %j → %i, nothing moves', async (action, payload, status, message) => {
    const user = await customer(t, 50);
    const res = await move(admin.token, action, user.id, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
    if (status === 400 && message === 'A reason is required.') {
      expect(res.json().message).toBe(message);
    }
    expect(await balanceOf(user.id)).toBe(5_000);
    expect(await adjustmentsOf(user.id)).toHaveLength(1);
  });

  it('an unknown or malformed user id → 404', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await move(admin.token, 'debit', id, { amount: 1, reason: 'nobody' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('filing a credit or debit with an Idempotency-Key', () => {
  const requestsOf = (userId: string) =>
    t.deps.database.db
      .select()
      .from(adjustmentRequests)
      .where(eq(adjustmentRequests.userId, userId));

  it('a replay answers the same request and files nothing more; another body is refused', async () => {
    const user = await customer(t, 1000);
    for (const action of ['credit', 'debit'] as const) {
      const key = `adm-${randomUUID()}`;
      const body = { amount: 250, reason: `keyed ${action}` };
      const first = await file(admin.token, action, user.id, body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(202);
      const again = await file(admin.token, action, user.id, body, { 'idempotency-key': key });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual(first.json());
      const other = await file(
        admin.token,
        action,
        user.id,
        { ...body, amount: 251 },
        { 'idempotency-key': key },
      );
      expect(other.statusCode).toBe(422);
      const entries = await auditOf(user.id, 'adjustment.request');
      expect(
        entries.filter((e) => (e.after as { direction: string }).direction === action),
      ).toHaveLength(1);
    }
    expect(await requestsOf(user.id)).toHaveLength(2);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('the same key sent twice at once files one request', async () => {
    const user = await customer(t, 1000);
    const key = `adm-${randomUUID()}`;
    const body = { amount: 600, reason: 'double click' };
    const replies = await Promise.all([
      file(admin.token, 'debit', user.id, body, { 'idempotency-key': key }),
      file(admin.token, 'debit', user.id, body, { 'idempotency-key': key }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(replies[0]?.json().data._id).toBe(replies[1]?.json().data._id);
    expect(await requestsOf(user.id)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('a malformed key is refused before anything is filed', async () => {
    const user = await customer(t, 10);
    const res = await file(
      admin.token,
      'credit',
      user.id,
      { amount: 5, reason: 'x' },
      { 'idempotency-key': 'bad key!' },
    );
    expect(res.statusCode).toBe(400);
    expect(await requestsOf(user.id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(1_000);
  });
});

describe('who may move money', () => {
  it('a customer gets 403 on credit and debit, on themselves or another; nothing moves', async () => {
    const user = await customer(t, 100);
    const other = await customer(t, 100);
    for (const action of ['credit', 'debit'] as const) {
      for (const target of [user.id, other.id]) {
        const res = await move(user.token, action, target, { amount: 50, reason: 'self help' });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(messages.forbidden);
      }
    }
    expect(await balanceOf(user.id)).toBe(10_000);
    expect(await balanceOf(other.id)).toBe(10_000);
  });
});
