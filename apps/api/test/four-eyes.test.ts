import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentMessages } from '@owo/shared/adjustment-messages';
import {
  adjustmentRequests,
  alertIncidents,
  auditLog,
  ledgerTransfers,
  reviewFlags,
  transactions,
} from '../src/db/schema';
import { ledgerRepository } from '../src/ledger/repository';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import { signInAdmin } from './airtime-swap-support';
import {
  createTestApp,
  customer,
  expectLedgerConsistent,
  fund,
  signUp,
  type TestApp,
} from './harness';

/**
 * Maker–checker for money staff move (decision 0047): a credit or debit is a request, a second
 * admin approves or rejects it, only the approval moves money, nobody acts on their own wallet,
 * credits respect the balance cap unless overridden with a reason, and the per-request ceiling
 * and per-admin daily total hold under bursts.
 */
let t: TestApp;
type Staff = Awaited<ReturnType<typeof signInAdmin>>;
let maker: Staff;
let checker: Staff;
let third: Staff;

beforeAll(async () => {
  t = await createTestApp({
    ALERTS_INTERVAL_MS: '0',
    ADJUSTMENT_MAX_NAIRA: '400000',
    ADJUSTMENT_DAILY_NAIRA: '1000000',
  });
  [maker, checker, third] = [await signInAdmin(t), await signInAdmin(t), await signInAdmin(t)];
  // Three admins' argon2 hashes: minutes on a busy shared machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const file = (
  token: string,
  userId: string,
  payload: object,
  direction: 'credit' | 'debit' = 'credit',
  headers: Record<string, string> = {},
) =>
  t.request({
    method: 'POST',
    url: `/api/admin/users/${userId}/${direction}`,
    token,
    payload,
    headers,
  });
const approve = (token: string, id: string, payload: object = {}) =>
  t.request({ method: 'POST', url: `/api/admin/adjustments/${id}/approve`, token, payload });
const reject = (token: string, id: string, reason: string) =>
  t.request({
    method: 'POST',
    url: `/api/admin/adjustments/${id}/reject`,
    token,
    payload: { reason },
  });
const balanceOf = async (userId: string) =>
  (await ledgerRepository.walletOf(t.deps.database.db, userId))?.balanceKobo ?? 0;
const adjustmentRows = (userId: string) =>
  t.deps.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.serviceType, 'adjustment')));
const requestsFor = (userId: string) =>
  t.deps.database.db.select().from(adjustmentRequests).where(eq(adjustmentRequests.userId, userId));
const auditFor = (userId: string, action: string) =>
  t.deps.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));

async function filed(token: string, userId: string, naira: number, reason = 'goodwill') {
  const res = await file(token, userId, { amount: naira, reason });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data._id as string;
}

describe('a credit is a request until a second admin approves it', () => {
  it('filing moves nothing; the approval posts once and the audit names both people', async () => {
    const user = await customer(t);
    const res = await file(maker.token, user.id, { amount: 1500.5, reason: 'Outage goodwill' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Credit of ₦1,500.50 requested. Another admin must approve it.',
      data: {
        status: 'pending',
        direction: 'credit',
        amount: 1500.5,
        requestedBy: maker.email,
        user: { _id: user.id, email: user.email },
        balance: 0,
        balanceCap: 300_000,
      },
    });
    const id = res.json().data._id as string;
    expect(await balanceOf(user.id)).toBe(0);
    expect(await adjustmentRows(user.id)).toHaveLength(0);
    expect(await auditFor(user.id, 'adjustment.request')).toHaveLength(1);

    const queue = await t.request({
      method: 'GET',
      url: '/api/admin/adjustments',
      token: checker.token,
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.requests.map((r: { _id: string }) => r._id)).toContain(id);

    const ok = await approve(checker.token, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Credit of ₦1,500.50 approved and posted.',
      data: { status: 'approved', decidedBy: checker.email, requestedBy: maker.email },
    });
    expect(ok.json().data.reference).toMatch(/^ADJ-/);
    expect(await balanceOf(user.id)).toBe(150_050);
    const [row] = await adjustmentRows(user.id);
    expect(row?.metadata).toMatchObject({
      note: 'Outage goodwill',
      creditedBy: checker.email,
      requestedBy: maker.email,
      requestId: id,
    });
    const [entry] = await auditFor(user.id, 'wallet.credit');
    expect(entry).toMatchObject({ actorId: checker.id, actorEmail: checker.email });
    expect(entry?.after).toMatchObject({
      requestId: id,
      requestedBy: maker.email,
      approvedBy: checker.email,
      amountKobo: 150_050,
    });
    // Decided once: a second approval or a rejection afterwards is refused.
    expect((await approve(third.token, id)).statusCode).toBe(409);
    expect((await reject(third.token, id, 'late')).json().message).toBe(
      adjustmentMessages.alreadyDecided,
    );
    expect(await balanceOf(user.id)).toBe(150_050);
    await expectLedgerConsistent(t);
  });

  it('the requester cannot approve or reject their own request', async () => {
    const user = await customer(t);
    const id = await filed(maker.token, user.id, 500);
    for (const res of [await approve(maker.token, id), await reject(maker.token, id, 'mine')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(adjustmentMessages.ownRequest);
    }
    const [request] = await requestsFor(user.id);
    expect(request?.status).toBe('pending');
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('a rejection moves nothing, names both people, and frees the daily total', async () => {
    const user = await customer(t);
    const id = await filed(maker.token, user.id, 700);
    const res = await reject(checker.token, id, 'No ticket for this');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      decidedBy: checker.email,
      decisionReason: 'No ticket for this',
    });
    expect(await balanceOf(user.id)).toBe(0);
    const [entry] = await auditFor(user.id, 'adjustment.reject');
    expect(entry?.after).toMatchObject({ requestedBy: maker.email, rejectedBy: checker.email });
    expect((await approve(third.token, id)).statusCode).toBe(409);
  });

  it('a debit past the balance is refused at approval (402) and stays pending', async () => {
    const user = await customer(t, 100);
    const res = await file(maker.token, user.id, { amount: 250, reason: 'Duplicate' }, 'debit');
    expect(res.statusCode, res.body).toBe(202);
    const refused = await approve(checker.token, res.json().data._id);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      'The wallet holds ₦100.00: a debit of ₦250.00 would take it below zero.',
    );
    expect(await balanceOf(user.id)).toBe(10_000);
    expect((await requestsFor(user.id))[0]?.status).toBe('pending');
  });

  it('an Idempotency-Key files once; the same key with another body is refused', async () => {
    const user = await customer(t);
    const headers = { 'idempotency-key': `k-${user.id}` };
    const first = await file(maker.token, user.id, { amount: 10, reason: 'r' }, 'credit', headers);
    const again = await file(maker.token, user.id, { amount: 10, reason: 'r' }, 'credit', headers);
    expect(again.statusCode).toBe(202);
    expect(again.json().data._id).toBe(first.json().data._id);
    const other = await file(maker.token, user.id, { amount: 11, reason: 'r' }, 'credit', headers);
    expect(other.statusCode).toBe(422);
    expect(await requestsFor(user.id)).toHaveLength(1);
  });
});

describe('nobody acts on their own wallet', () => {
  it('a burst of self-credits is refused entirely; nothing is filed or moved', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => file(maker.token, maker.id, { amount: 1000, reason: 'me' })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(403));
    expect(replies[0]?.json().message).toBe(adjustmentMessages.ownWallet);
    expect(await requestsFor(maker.id)).toHaveLength(0);
    expect(await balanceOf(maker.id)).toBe(0);
  });

  it('an admin cannot approve or reject a request for their own wallet', async () => {
    const id = await filed(maker.token, third.id, 900);
    for (const res of [await approve(third.token, id), await reject(third.token, id, 'x')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(adjustmentMessages.ownWallet);
    }
    expect(await balanceOf(third.id)).toBe(0);
    // Another admin may: the wallet of an admin is still a wallet.
    expect((await approve(checker.token, id)).statusCode).toBe(200);
    expect(await balanceOf(third.id)).toBe(90_000);
  });
});

describe('two approvals at once', () => {
  it('move the money once: one 200, the other 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await customer(t);
      const id = await filed(maker.token, user.id, 2000);
      const replies = await Promise.all([approve(checker.token, id), approve(third.token, id)]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await balanceOf(user.id)).toBe(200_000);
      const rows = await adjustmentRows(user.id);
      expect(rows).toHaveLength(1);
      const moves = await t.deps.database.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.transactionId, rows[0]!.id));
      expect(moves).toHaveLength(1);
    }
    await expectLedgerConsistent(t);
  });
});

describe('the balance cap, the ceiling and the daily total', () => {
  it('a credit past the cap needs the approver to override it with a reason (and is flagged)', async () => {
    const user = await customer(t, 100_000);
    const id = await filed(maker.token, user.id, 250_000);
    const refused = await approve(checker.token, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This credit would take the wallet to ₦350,000.00, past its balance cap of ₦300,000.00. Approve it with a reason to let it pass.',
    );
    const noReason = await approve(checker.token, id, { overrideCap: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(adjustmentMessages.overrideNeedsReason);
    expect(await balanceOf(user.id)).toBe(10_000_000);

    const ok = await approve(checker.token, id, { overrideCap: true, reason: 'Court order' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ capOverride: true, decisionReason: 'Court order' });
    expect(await balanceOf(user.id)).toBe(35_000_000);
    const flags = await t.deps.database.db
      .select()
      .from(reviewFlags)
      .where(eq(reviewFlags.userId, user.id));
    expect(flags).toHaveLength(1);
    expect(flags[0]?.details).toMatchObject({ source: 'operator_credit' });
    const entries = await auditFor(user.id, 'wallet.credit');
    const approved = entries.find((e) => e.actorId === checker.id);
    expect(approved?.after).toMatchObject({ capOverrideReason: 'Court order', requestId: id });
  });

  it('refuses one request above the per-request ceiling, with its figure', async () => {
    const user = await customer(t);
    const res = await file(maker.token, user.id, { amount: 400_000.01, reason: 'big' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('One request may move at most ₦400,000.00.');
    expect(await requestsFor(user.id)).toHaveLength(0);
  });

  it('a burst past one admin’s daily total files only what fits', async () => {
    const burster = await signInAdmin(t);
    const user = await signUp(t);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        file(burster.token, user.id, { amount: 150_000, reason: `burst ${i}` }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(6);
    expect(codes.filter((c) => c === 403)).toHaveLength(4);
    const refusal = replies.find((r) => r.statusCode === 403)!;
    expect(refusal.json().message).toBe(
      'You have asked to move ₦900,000.00 today; the daily total per admin is ₦1,000,000.00, so at most ₦100,000.00 more.',
    );
    expect(await requestsFor(user.id)).toHaveLength(6);
    // A rejection gives its amount back to the day.
    const [first] = await requestsFor(user.id);
    expect((await reject(checker.token, first!.id, 'duplicate')).statusCode).toBe(200);
    expect(
      (await file(burster.token, user.id, { amount: 150_000, reason: 'again' })).statusCode,
    ).toBe(202);
  });
});

describe('who may see and decide', () => {
  it('support staff read the queue but cannot file, approve or reject; customers get 403', async () => {
    const user = await customer(t);
    const id = await filed(maker.token, user.id, 300);
    const support = await signUp(t);
    await createAdminCommands(t.deps).setRole(support.email, 'support');
    const list = await t.request({
      method: 'GET',
      url: '/api/admin/adjustments',
      token: support.token,
    });
    expect(list.statusCode).toBe(200);
    const one = await t.request({
      method: 'GET',
      url: `/api/admin/adjustments/${id}`,
      token: support.token,
    });
    expect(one.statusCode).toBe(200);
    expect((await approve(support.token, id)).statusCode).toBe(403);
    expect((await reject(support.token, id, 'no')).statusCode).toBe(403);
    expect((await file(support.token, user.id, { amount: 1, reason: 'x' })).statusCode).toBe(403);
    for (const res of [
      await t.request({ method: 'GET', url: '/api/admin/adjustments', token: user.token }),
      await approve(user.token, id),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('an unknown or malformed request id → 404', async () => {
    expect((await approve(checker.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await approve(checker.token, 'nope')).statusCode).toBe(404);
  });
});

describe('the admin alert', () => {
  it('opens while a request waits and clears once none does', async () => {
    const user = await customer(t);
    await filed(maker.token, user.id, 50);
    await t.services.alerts.pass();
    const open = await t.deps.database.db
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.kind, 'adjustments_waiting'));
    expect(open.filter((a) => a.clearedAt === null)).toHaveLength(1);
    // Decide everything still pending, then the condition clears.
    const pending = await t.deps.database.db
      .select()
      .from(adjustmentRequests)
      .where(eq(adjustmentRequests.status, 'pending'));
    for (const request of pending) {
      const decider = [checker, third].find(
        (a) => a.id !== request.requestedById && a.id !== request.userId,
      )!;
      expect((await reject(decider.token, request.id, 'clean up')).statusCode).toBe(200);
    }
    await t.services.alerts.pass();
    const after = await t.deps.database.db
      .select()
      .from(alertIncidents)
      .where(eq(alertIncidents.kind, 'adjustments_waiting'));
    expect(after.every((a) => a.clearedAt !== null)).toBe(true);
    expect(t.outbox.some((m) => m.subject.includes('waiting for a second admin'))).toBe(true);
  });
});

describe('npm run cli -- credit', () => {
  it('files a request an admin approves in the app; nothing moves before', async () => {
    const user = await signUp(t);
    const out = await createAdminCommands(t.deps).credit(user.email, '250', 'Goodwill');
    expect(out).toMatch(
      new RegExp(
        `^Requested a credit of ₦250.00 to ${user.email.replace('.', '\\.')} \\(request [0-9a-f-]{36}\\)\\. An admin must approve it on the Approvals screen\\. Balance: ₦0\\.00$`,
      ),
    );
    const [request] = await requestsFor(user.id);
    expect(request).toMatchObject({ status: 'pending', requestedById: null });
    expect(request?.requestedByEmail).toMatch(/^cli:/);
    expect((await approve(checker.token, request!.id)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(25_000);
  });

  it('refuses a credit to nobody and past the ceiling, filing nothing', async () => {
    const user = await signUp(t);
    await expect(createAdminCommands(t.deps).credit(user.email, '400001', 'big')).rejects.toThrow(
      'One request may move at most ₦400,000.00.',
    );
    expect(await requestsFor(user.id)).toHaveLength(0);
    await fund(t, user.id, 1);
  });
});
