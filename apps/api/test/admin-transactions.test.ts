import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES, SETTLE_AFTER_MS } from '@owo/providers/sandbox/magic';
import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { ADMIN_TRANSACTIONS_PAGE_SIZE } from '@owo/shared/constants';
import { auditLog, orderActions, purchases, transactions, users } from '../src/db/schema';
import { auditLedger } from '../src/ledger/invariants';
import { auditRepository } from '../src/modules/audit/repository';
import { transactionsRepository } from '../src/modules/transactions/repository';
import { withAdminApp, type Admin } from './admin-support';
import { expectError, systemBalance, transfersOf } from './airtime-swap-support';
import { balanceKobo, customer, expectLedgerConsistent, type TestApp } from './harness';
import {
  AIRTIME_NAIRA,
  expectOneOutcome,
  historyRow,
  kind,
  latestDebit,
  loadPlans,
  orderRow,
  purchase,
  transferCodes,
  type Plans,
} from './purchase-support';

/**
 * Admin transactions: the list's filters and pages, and Approve / Refund / Reverse —
 * what each does to the order, the wallet and the ledger, that each happens at most once (also
 * under concurrent requests), and that a later reconciler pass moves no money again.
 */

let t: TestApp;
let admin: Admin;
let plans: Plans;
const vtpassAirtime = kind('VTpass airtime');
const PRICE = AIRTIME_NAIRA * 100;
/** Past SETTLE_AFTER_MS and the reconciler's first backoff steps. */
const LATER_MS = 10 * 60_000;

type User = Awaited<ReturnType<typeof customer>>;
type Reply = Awaited<ReturnType<TestApp['request']>>;

withAdminApp(async (app) => {
  ({ t, admin } = app);
  plans = await loadPlans(t, admin.token);
});

const list = (query: string, token = admin.token) =>
  t.request({ method: 'GET', url: `/api/admin/transactions?${query}`, token });
const getOne = (id: string, token = admin.token) =>
  t.request({ method: 'GET', url: `/api/admin/transactions/${id}`, token });
const act = (id: string, action: string, payload: object = {}, token = admin.token) =>
  t.request({ method: 'POST', url: `/api/admin/transactions/${id}/${action}`, token, payload });

const dataOf = (res: Reply) => res.json().data as AdminTransactionDto;

/** An order for a magic phone (VTpass airtime unless told); answers its history row id. */
async function order(user: User, phone: string, expectStatus: number, k = vtpassAirtime) {
  t.clock.advance(60_000);
  const res = await purchase(t, k, user.token, k.body(phone, plans));
  expect(res.statusCode, res.body).toBe(expectStatus);
  const row = await latestDebit(t, user.id);
  return row!.id;
}

/** As if the order had waited past NEEDS_DECISION_AFTER_MS: it is in the admin's queue. */
async function ageOrder(id: string) {
  const createdAt = new Date(t.clock.now().getTime() - t.deps.config.needsDecisionAfterMs - 1_000);
  await t.deps.database.db
    .update(purchases)
    .set({ createdAt })
    .where(eq(purchases.transactionId, id));
}

const audits = (action: string) => auditRepository.countAction(t.deps.database.db, action);

async function actionCount(id: string, action: 'approve' | 'refund' | 'reverse') {
  const rows = await t.deps.database.db
    .select()
    .from(orderActions)
    .where(eq(orderActions.transactionId, id));
  return rows.filter((r) => r.action === action).length;
}

describe('who may call', () => {
  it('answers 403 to a customer and 401 to nobody on every call', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.delivered, 200);
    const calls = [
      (token?: string) => list('', token),
      (token?: string) => getOne(id, token),
      (token?: string) => act(id, 'approve', {}, token),
      (token?: string) => act(id, 'refund', { reason: 'x' }, token),
      (token?: string) => act(id, 'reverse', { reason: 'x' }, token),
    ];
    for (const call of calls) {
      expect((await call(user.token)).statusCode).toBe(403);
      expect((await call('')).statusCode).toBe(401);
    }
    // The customer's own order is untouched.
    expect((await orderRow(t, id))?.state).toBe('delivered');
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await getOne(id)).statusCode).toBe(404);
      expect((await act(id, 'approve')).statusCode).toBe(404);
      expect((await act(id, 'refund', { reason: 'r' })).statusCode).toBe(404);
      expect((await act(id, 'reverse', { reason: 'r' })).statusCode).toBe(404);
    }
  });
});

describe('the list', () => {
  let user: User;
  const refs: Record<string, string> = {};

  /** A row written straight into the table at a given instant. */
  async function insertAt(name: string, iso: string, status: 'success' | 'failed') {
    const at = new Date(iso);
    const row = await transactionsRepository.insert(t.deps.database.db, {
      userId: user.id,
      type: 'credit',
      serviceType: 'deposit',
      amountKobo: 50_000,
      status,
      reference: `LIST-${name}-${Math.random().toString(36).slice(2, 8)}`,
      description: `list row ${name}`,
      metadata: {},
      createdAt: at,
      updatedAt: at,
    });
    refs[name] = row.reference;
  }

  /**
   * A history row of the API's own, moved to a given instant (its order with it): a pending row
   * is always an open order's (only the reserve writes one), and the status filter finds pending
   * rows through their orders.
   */
  async function moveTo(name: string, id: string, iso: string) {
    const at = new Date(iso);
    const db = t.deps.database.db;
    const [row] = await db
      .update(transactions)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(transactions.id, id))
      .returning();
    await db.update(purchases).set({ createdAt: at }).where(eq(purchases.transactionId, id));
    refs[name] = row!.reference;
  }

  async function latestCredit(userId: string) {
    const [row] = await t.deps.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.type, 'credit')))
      .orderBy(desc(transactions.createdAt))
      .limit(1);
    return row!;
  }

  const refsOf = (res: Reply) => (res.json().data as AdminTransactionDto[]).map((d) => d.reference);

  beforeAll(async () => {
    user = await customer(t, 1000);
    await t.deps.database.db
      .update(users)
      .set({ firstName: 'Chinwendu', lastName: 'Zubairu' })
      .where(eq(users.id, user.id));
    // The funding credit, and an order the supplier keeps pending.
    await moveTo('mar15', (await latestCredit(user.id)).id, '2024-03-15T09:00:00Z');
    const open = await order(user, MAGIC_PHONES.pendingForever, 202);
    // 23:30 UTC on 31 March is 00:30 on 1 April in Lagos.
    await moveTo('apr1', open, '2024-03-31T23:30:00Z');
    await insertAt('mar31', '2024-03-31T22:30:00Z', 'failed');
    await insertAt('jan25', '2025-01-01T00:00:00Z', 'success');
  });

  const mine = () => `search=${encodeURIComponent(user.email)}`;

  it('lists every customer’s rows newest first, with the customer', async () => {
    const res = await list(mine());
    expect(res.statusCode, res.body).toBe(200);
    expect(refsOf(res)).toEqual([refs.jan25, refs.apr1, refs.mar31, refs.mar15]);
    const first = res.json().data[0] as AdminTransactionDto;
    expect(first.user).toEqual({
      _id: user.id,
      email: user.email,
      firstName: 'Chinwendu',
      lastName: 'Zubairu',
      phoneNumber: '08031234567',
    });
    expect(first.amount).toBe(500);
    expect(first.order).toBeUndefined();
    expect(first.allowedActions).toEqual([]);
    expect(res.json().pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 4 });
  });

  it('filters by status', async () => {
    expect(refsOf(await list(`${mine()}&status=success`))).toEqual([refs.jan25, refs.mar15]);
    expect(refsOf(await list(`${mine()}&status=pending`))).toEqual([refs.apr1]);
    expect(refsOf(await list(`${mine()}&status=failed`))).toEqual([refs.mar31]);
    expect(refsOf(await list(`${mine()}&status=all`))).toHaveLength(4);
  });

  it('moves a settled order from the pending filter to its outcome', async () => {
    const buyer = await customer(t, 1000);
    const delivered = await order(buyer, MAGIC_PHONES.pendingThenDelivered, 202);
    const reversed = await order(buyer, MAGIC_PHONES.pendingThenReversed, 202);
    const idsOf = (res: Reply) => (res.json().data as AdminTransactionDto[]).map((d) => d._id);
    const theirs = `search=${encodeURIComponent(buyer.email)}`;
    const byStatus = async () => ({
      pending: idsOf(await list(`${theirs}&status=pending`)),
      success: idsOf(await list(`${theirs}&status=success`)),
      failed: idsOf(await list(`${theirs}&status=failed`)),
    });
    const funding = (await latestCredit(buyer.id)).id;
    const open = await byStatus();
    expect(open.pending.sort()).toEqual([delivered, reversed].sort());
    expect(open).toMatchObject({ success: [funding], failed: [] });
    expect((await list(`${theirs}&status=pending`)).json().pagination.totalItems).toBe(2);

    t.clock.advance(SETTLE_AFTER_MS + LATER_MS);
    await t.services.reconciler.runOnce();
    const settled = await byStatus();
    expect(settled).toEqual({ pending: [], success: [delivered, funding], failed: [reversed] });
    expect((await list(`${theirs}&status=pending`)).json().pagination.totalItems).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('filters by Lagos year, month and day', async () => {
    expect(refsOf(await list(`${mine()}&year=2024`))).toEqual([refs.apr1, refs.mar31, refs.mar15]);
    expect(refsOf(await list(`${mine()}&year=2024&month=3`))).toEqual([refs.mar31, refs.mar15]);
    expect(refsOf(await list(`${mine()}&year=2024&month=4`))).toEqual([refs.apr1]);
    expect(refsOf(await list(`${mine()}&year=2024&month=4&day=1`))).toEqual([refs.apr1]);
    expect(refsOf(await list(`${mine()}&year=2024&month=3&day=31`))).toEqual([refs.mar31]);
    expect(refsOf(await list(`${mine()}&year=2024&month=3&day=15&status=success`))).toEqual([
      refs.mar15,
    ]);
    expect(refsOf(await list(`${mine()}&year=2023`))).toEqual([]);
  });

  it('searches the reference, the email and the name', async () => {
    expect(refsOf(await list(`search=${refs.mar15}`))).toEqual([refs.mar15]);
    expect(refsOf(await list('search=chinwendu%20zub'))).toHaveLength(4);
    expect(refsOf(await list('search=ZUBAIRU&status=pending'))).toEqual([refs.apr1]);
    // Wildcards are literal.
    expect(refsOf(await list('search=%25%25%25zz'))).toEqual([]);
  });

  it('finds an order by the number it recharged: phone, meter or smart card', async () => {
    const buyer = await customer(t, 10_000);
    // Numbers no other test uses (any well-formed number is delivered by the simulators).
    const tail = String(Date.now()).slice(-7);
    const phone = `0809${tail}`;
    const meter = `4545${tail}99`;
    const card = `787${tail}`;
    const airtime = await order(buyer, phone, 200);
    const power = await order(buyer, meter, 200, kind('VTpass electricity'));
    const tv = await order(buyer, card, 200, kind('VTpass TV'));
    const idsOf = (res: Reply) => (res.json().data as AdminTransactionDto[]).map((d) => d._id);
    expect(idsOf(await list(`search=${phone}`))).toEqual([airtime]);
    expect(idsOf(await list(`search=${meter}`))).toEqual([power]);
    expect(idsOf(await list(`search=${card}`))).toEqual([tv]);
    // A part of the number is enough, as for the other searched fields.
    expect(idsOf(await list(`search=${meter.slice(2, 11)}`))).toEqual([power]);
  });

  it('refuses bad filters with 400', async () => {
    expectError(await list('month=3'), 400, adminMessages.monthNeedsYear);
    expectError(await list('year=2024&day=3'), 400, adminMessages.dayNeedsMonth);
    expectError(await list('year=2023&month=2&day=29'), 400, adminMessages.dayNotInMonth);
    for (const query of ['status=done', 'year=1999', 'month=13&year=2024', 'page=0', 'year=abc']) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });

  it('pages by ADMIN_TRANSACTIONS_PAGE_SIZE', async () => {
    const many = await customer(t);
    const base = Date.UTC(2022, 5, 1);
    for (let i = 0; i < ADMIN_TRANSACTIONS_PAGE_SIZE + 5; i += 1) {
      const at = new Date(base + i * 60_000);
      await transactionsRepository.insert(t.deps.database.db, {
        userId: many.id,
        type: 'credit',
        serviceType: 'deposit',
        amountKobo: 100 + i,
        status: 'success',
        reference: `PAGE-${many.id.slice(0, 8)}-${i}`,
        description: 'page row',
        metadata: {},
        createdAt: at,
        updatedAt: at,
      });
    }
    const search = `search=${encodeURIComponent(many.email)}`;
    const first = await list(`${search}&page=1`);
    const second = await list(`${search}&page=2`);
    expect(first.json().data).toHaveLength(ADMIN_TRANSACTIONS_PAGE_SIZE);
    expect(second.json().data).toHaveLength(5);
    expect(second.json().pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalItems: ADMIN_TRANSACTIONS_PAGE_SIZE + 5,
    });
    expect(refsOf(first)[0]).toBe(
      `PAGE-${many.id.slice(0, 8)}-${ADMIN_TRANSACTIONS_PAGE_SIZE + 4}`,
    );
    expect(refsOf(second).at(-1)).toBe(`PAGE-${many.id.slice(0, 8)}-0`);
  });
});

describe('Approve', () => {
  it('answers "still pending" and changes nothing while the supplier has no answer', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.pendingThenDelivered, 202);
    const before = dataOf(await getOne(id));
    expect(before.allowedActions).toEqual(['approve', 'refund']);
    expect(before.order).toMatchObject({ state: 'pending', supplier: 'vtpass' });

    expectError(await act(id, 'approve'), 409, adminMessages.orderStillPending);
    expect((await orderRow(t, id))?.state).toBe('pending');
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
    expect(await actionCount(id, 'approve')).toBe(0);

    // The supplier delivers; Approve settles it as delivered.
    t.clock.advance(SETTLE_AFTER_MS + 1_000);
    const approvals = await audits('order.approve');
    const res = await act(id, 'approve', { reason: 'customer called' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(adminMessages.orderActionDone.approve);
    const after = dataOf(res);
    expect(after.status).toBe('success');
    expect(after.order?.state).toBe('delivered');
    expect(after.allowedActions).toEqual(['reverse']);
    expect(after.adminActions).toMatchObject([
      { action: 'approve', by: admin.email, reason: 'customer called' },
    ]);
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    expect(await actionCount(id, 'approve')).toBe(1);
    expect(await audits('order.approve')).toBe(approvals + 1);
    await expectLedgerConsistent(t);

    // Not twice.
    expectError(await act(id, 'approve'), 409, adminMessages.orderAlreadyActed);
  });

  it('refunds as usual when the requery says failed, and records no approval', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.pendingThenReversed, 202);
    t.clock.advance(SETTLE_AFTER_MS + 1_000);
    expectError(await act(id, 'approve'), 409, adminMessages.orderFailedRefunded);
    expect((await orderRow(t, id))?.state).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expect(await actionCount(id, 'approve')).toBe(0);
    expectOneOutcome(await transferCodes(t, id), 'failed');
    await expectLedgerConsistent(t);
  });
});

describe('an order the paying request still holds', () => {
  it("is left alone for the reconciler's grace period, then requeried", async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.pendingForever, 202);
    // As if the paying request were still waiting on the supplier.
    await t.deps.database.db
      .update(purchases)
      .set({ state: 'processing', createdAt: t.clock.now() })
      .where(eq(purchases.transactionId, id));
    expectError(await act(id, 'refund', { reason: 'r' }), 409, adminMessages.orderStillPending);
    expectError(await act(id, 'approve'), 409, adminMessages.orderStillPending);
    expect((await orderRow(t, id))?.state).toBe('processing');
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);

    t.clock.advance(t.deps.config.processingGraceMs);
    // Requeried now, but the supplier still says pending: no refund on the admin's word yet.
    expectError(
      await act(id, 'refund', { reason: 'r' }),
      409,
      adminMessages.orderRefundNeedsAnswer,
    );
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
    await ageOrder(id);
    expect((await act(id, 'refund', { reason: 'r' })).statusCode).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    await expectLedgerConsistent(t);
  });
});

describe('Refund', () => {
  it('refunds a stuck order once; a later reconciler pass moves nothing', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.pendingForever, 202);
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);

    expectError(await act(id, 'refund', {}), 400, adminMessages.reasonRequired);
    expectError(await act(id, 'refund', { reason: '   ' }), 400, adminMessages.reasonRequired);
    expect((await orderRow(t, id))?.state).toBe('pending');
    // The supplier says pending and the order is young: it may still be delivered.
    expectError(
      await act(id, 'refund', { reason: 'customer asked' }),
      409,
      adminMessages.orderRefundNeedsAnswer,
    );
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
    expect(await actionCount(id, 'refund')).toBe(0);
    await ageOrder(id);

    const refunds = await audits('order.refund');
    const res = await act(id, 'refund', { reason: 'stuck at the supplier for 2 days' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(adminMessages.orderActionDone.refund);
    expect(dataOf(res)).toMatchObject({
      status: 'failed',
      order: { state: 'failed' },
      allowedActions: [],
      adminActions: [{ action: 'refund', reason: 'stuck at the supplier for 2 days' }],
    });
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expectOneOutcome(await transferCodes(t, id), 'failed');
    expect(await audits('order.refund')).toBe(refunds + 1);

    t.clock.advance(LATER_MS);
    await t.services.reconciler.runOnce();
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expectOneOutcome(await transferCodes(t, id), 'failed');
    expectError(await act(id, 'refund', { reason: 'again' }), 409, adminMessages.orderAlreadyActed);
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    await expectLedgerConsistent(t);
  });

  it('settles as delivered when the requery says so, and points to Reverse', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.pendingThenDelivered, 202);
    t.clock.advance(SETTLE_AFTER_MS + 1_000);
    expectError(
      await act(id, 'refund', { reason: 'no airtime' }),
      409,
      adminMessages.orderDeliveredUseReverse,
    );
    expect((await orderRow(t, id))?.state).toBe('delivered');
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
    expect(await actionCount(id, 'refund')).toBe(0);
    expect(dataOf(await getOne(id)).allowedActions).toEqual(['reverse']);
    await expectLedgerConsistent(t);
  });

  it('refuses delivered, failed and non-purchase rows', async () => {
    const user = await customer(t, 1000);
    const delivered = await order(user, MAGIC_PHONES.delivered, 200);
    const failed = await order(user, MAGIC_PHONES.failed, 422);
    expectError(
      await act(delivered, 'refund', { reason: 'r' }),
      409,
      adminMessages.orderNotActionable,
    );
    expectError(await act(failed, 'refund', { reason: 'r' }), 409, adminMessages.orderAlreadyActed);
    expectError(await act(failed, 'approve'), 409, adminMessages.orderNotActionable);
    // The funding credit (an adjustment row) has no supplier side.
    const [credit] = await t.deps.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .orderBy(transactions.createdAt)
      .limit(1);
    for (const action of ['approve', 'refund', 'reverse']) {
      expectError(
        await act(credit!.id, action, { reason: 'r' }),
        409,
        adminMessages.orderNotActionable,
      );
    }
    expect(await balanceKobo(t, user.token)).toBe(100_000 - 2 * PRICE + PRICE);
    await expectLedgerConsistent(t);
  });

  it('gives one refund for ten concurrent requests', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.pendingForever, 202);
    await ageOrder(id);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act(id, 'refund', { reason: `attempt ${i}` })),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const r of replies.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(adminMessages.orderAlreadyActed);
    }
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expectOneOutcome(await transferCodes(t, id), 'failed');
    expect(await actionCount(id, 'refund')).toBe(1);
    await expectLedgerConsistent(t);
  });
});

describe('Reverse', () => {
  it('returns cost and margin to the wallet as one credit row, once', async () => {
    const user = await customer(t, 1000);
    // In-house data: sold with a margin, bought from DataStation.
    const data = kind('in-house data');
    const price = data.priceKobo(plans);
    const id = await order(user, MAGIC_PHONES.delivered, 200, data);
    const original = await historyRow(t, id);
    const purchaseRow = await orderRow(t, id);
    const floatBefore = await systemBalance(t, 'float:datastation');
    const revenueBefore = await systemBalance(t, 'revenue');
    expect(dataOf(await getOne(id)).allowedActions).toEqual(['reverse']);
    expect(await balanceKobo(t, user.token)).toBe(100_000 - price);

    expectError(await act(id, 'reverse', {}), 400, adminMessages.reasonRequired);
    t.clock.advance(60_000);
    const reversals = await audits('order.reverse');
    const res = await act(id, 'reverse', { reason: 'supplier reversed the data' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(adminMessages.orderActionDone.reverse);
    const dto = dataOf(res);
    expect(dto.status).toBe('success');
    expect(dto.allowedActions).toEqual([]);
    expect(dto.metadata.reversedAt).toBeTruthy();
    expect(dto.adminActions).toMatchObject([
      { action: 'reverse', by: admin.email, reason: 'supplier reversed the data' },
    ]);
    expect(await balanceKobo(t, user.token)).toBe(100_000);

    // One new credit row, linked both ways.
    const [action] = await t.deps.database.db
      .select()
      .from(orderActions)
      .where(eq(orderActions.transactionId, id));
    const reversal = await historyRow(t, action!.resultTransactionId!);
    expect(reversal).toMatchObject({
      userId: user.id,
      type: 'credit',
      serviceType: 'reversal',
      status: 'success',
      amountKobo: price,
      description: `Reversal: ${original!.description}`,
      metadata: { reversalOf: original!.reference },
    });
    expect(dto.metadata.reversalReference).toBe(reversal!.reference);

    // Cost from the supplier float, margin from revenue: exactly what the order posted.
    const margin = purchaseRow!.sellingKobo - purchaseRow!.costKobo;
    expect(margin).toBeGreaterThan(0);
    expect(await transfersOf(t, reversal!.id)).toEqual([
      ['order_reversal', 'float:datastation', `wallet:${user.id}`, purchaseRow!.costKobo],
      ['order_reversal', 'revenue', `wallet:${user.id}`, margin],
    ]);
    expect(await systemBalance(t, 'float:datastation')).toBe(floatBefore - purchaseRow!.costKobo);
    expect(await systemBalance(t, 'revenue')).toBe(revenueBefore - margin);
    expect(await audits('order.reverse')).toBe(reversals + 1);

    // The customer's history shows the credit.
    const history = await t.request({ method: 'GET', url: '/api/transactions', token: user.token });
    expect(history.json().transactions[0]).toMatchObject({
      type: 'credit',
      serviceType: 'reversal',
      amount: price / 100,
      status: 'success',
    });
    await expectLedgerConsistent(t);

    expectError(
      await act(id, 'reverse', { reason: 'again' }),
      409,
      adminMessages.orderAlreadyActed,
    );
    expect(await balanceKobo(t, user.token)).toBe(100_000);
  });

  it('refuses pending, failed and already reversed orders', async () => {
    const user = await customer(t, 1000);
    const pending = await order(user, MAGIC_PHONES.pendingForever, 202);
    const failed = await order(user, MAGIC_PHONES.failed, 422);
    expectError(
      await act(pending, 'reverse', { reason: 'r' }),
      409,
      adminMessages.orderNotActionable,
    );
    expectError(
      await act(failed, 'reverse', { reason: 'r' }),
      409,
      adminMessages.orderNotActionable,
    );
    expect(await balanceKobo(t, user.token)).toBe(100_000 - PRICE);
    await expectLedgerConsistent(t);
  });

  it('handles an order sold below cost: the wallet gets the price, revenue its loss back', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.pendingThenDelivered, 202);
    // A price set too low: the supplier charged more than the customer paid.
    const cost = PRICE + 700;
    await t.deps.database.db
      .update(purchases)
      .set({ costKobo: cost })
      .where(eq(purchases.transactionId, id));
    t.clock.advance(SETTLE_AFTER_MS + 1_000);
    expect((await act(id, 'approve')).statusCode).toBe(200);
    const revenueBefore = await systemBalance(t, 'revenue');
    const floatBefore = await systemBalance(t, 'float:vtpass');

    const res = await act(id, 'reverse', { reason: 'reversed by VTpass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expect(await systemBalance(t, 'float:vtpass')).toBe(floatBefore - cost);
    expect(await systemBalance(t, 'revenue')).toBe(revenueBefore + 700);
    await expectLedgerConsistent(t);
  });

  it('gives one reversal for ten concurrent requests', async () => {
    const user = await customer(t, 1000);
    const id = await order(user, MAGIC_PHONES.delivered, 200);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act(id, 'reverse', { reason: `attempt ${i}` })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) expectError(r, 409, adminMessages.orderAlreadyActed);
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expect(await actionCount(id, 'reverse')).toBe(1);
    const [reversals] = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .groupBy(transactions.serviceType)
      .having(eq(transactions.serviceType, 'reversal'));
    expect(reversals?.n).toBe(1);
    await expectLedgerConsistent(t);
  });
});

describe('the ledger audit', () => {
  it('flags a reversal row no reverse action accounts for', async () => {
    const user = await customer(t);
    const stray = await transactionsRepository.insert(t.deps.database.db, {
      userId: user.id,
      type: 'credit',
      serviceType: 'reversal',
      amountKobo: 100,
      status: 'success',
      reference: `STRAY-${user.id}`,
      description: 'Reversal: nothing',
      metadata: {},
    });
    try {
      const audit = await auditLedger(t.deps.database.db);
      const failed = audit.checks.filter((c) => !c.ok).map((c) => c.name);
      expect(failed).toEqual([
        'every order_reversal transfer and reversal row belongs to a reverse action',
      ]);
    } finally {
      await t.deps.database.db.delete(transactions).where(eq(transactions.id, stray.id));
    }
    await expectLedgerConsistent(t);
  });

  it('records who reversed what, before and after, with the reason', async () => {
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.reverse'))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      entity: 'transaction',
      before: { status: 'success', state: 'delivered' },
      after: { status: 'success', state: 'delivered' },
      reason: 'supplier reversed the data',
    });
  });
});
