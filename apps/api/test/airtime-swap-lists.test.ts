import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWAP_STATUSES, type SwapStatus } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { auditLedger } from '../src/ledger/invariants';
import { createTestApp, expectLedgerConsistent, type TestApp } from './harness';
import {
  expectError,
  get,
  signInAdmin,
  swapIn,
  swapRow,
  systemBalance,
} from './airtime-swap-support';

/**
 * The admin lists on a database of known swaps: pages of 10 newest first, the status filter,
 * counts per status, and the profit read from the ledger (airtime received − payouts).
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

/** [status, method, naira] of every swap made here, oldest first. */
const MADE: [SwapStatus, 'wallet' | 'bank', number][] = [
  ['COMPLETED', 'wallet', 1000], // pays 600, keeps 400
  ['COMPLETED', 'bank', 2500], // pays 1500, keeps 1000
  ['COMPLETED', 'wallet', 101], // pays 60, keeps 41
  ['PROCESSING', 'bank', 3000],
  ['REJECTED', 'wallet', 700],
  ['REJECTED', 'bank', 800],
  ['CANCELLED', 'wallet', 900],
  ...Array.from(
    { length: 11 },
    (_, i) => ['PENDING_TRANSFER', 'wallet', 100 + i] as [SwapStatus, 'wallet', number],
  ),
  ...Array.from(
    { length: 3 },
    (_, i) => ['AWAITING_VERIFICATION', 'bank', 200 + i] as [SwapStatus, 'bank', number],
  ),
];
const refs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  for (const [status, method, naira] of MADE) {
    refs.push((await swapIn(t, admin, status, method, naira)).ref);
    t.clock.advance(1000);
  }
  // Twenty-odd customers signed up through the API: generous on a loaded machine.
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const countOf = (status: SwapStatus) => MADE.filter(([s]) => s === status).length;
const refsNewestFirst = (status?: SwapStatus) =>
  refs.filter((_, i) => !status || MADE[i]![0] === status).reverse();

describe('GET /api/airtime-swap/admin', () => {
  it('pages every swap by 10, newest first, with the spec’s pagination', async () => {
    const total = MADE.length;
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await get(t, admin.token, `/api/airtime-swap/admin?page=${page}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.pagination).toEqual({ currentPage: page, totalItems: total, totalPages: 3 });
      expect(body.data.length).toBe(page < 3 ? 10 : total - 20);
      seen.push(...body.data.map((s: { swapId: string }) => s.swapId));
    }
    expect(seen).toEqual(refsNewestFirst());
    // Without a page: the first.
    const first = (await get(t, admin.token, '/api/airtime-swap/admin')).json();
    expect(first.pagination.currentPage).toBe(1);
    expect(first.data.map((s: { swapId: string }) => s.swapId)).toEqual(seen.slice(0, 10));
    // Past the end: an empty page, the same totals.
    const past = (await get(t, admin.token, '/api/airtime-swap/admin?page=9')).json();
    expect(past).toMatchObject({ data: [], pagination: { totalItems: total, totalPages: 3 } });
  });

  it.each(SWAP_STATUSES)('filters by status %s', async (status) => {
    const res = await get(t, admin.token, `/api/airtime-swap/admin?status=${status}`);
    const body = res.json();
    const expected = refsNewestFirst(status);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalItems: expected.length,
      totalPages: Math.ceil(expected.length / 10),
    });
    expect(body.data.map((s: { swapId: string }) => s.swapId)).toEqual(expected.slice(0, 10));
    for (const swap of body.data) expect(swap.status).toBe(status);
  });

  it('an empty status means all; an unknown status or page is a 400', async () => {
    const all = (await get(t, admin.token, '/api/airtime-swap/admin?status=&page=1')).json();
    expect(all.pagination.totalItems).toBe(MADE.length);
    expectError(
      await get(t, admin.token, '/api/airtime-swap/admin?status=DONE'),
      400,
      messages.swapStatusInvalid,
    );
    expect((await get(t, admin.token, '/api/airtime-swap/admin?page=0')).statusCode).toBe(400);
    expect((await get(t, admin.token, '/api/airtime-swap/admin?page=abc')).statusCode).toBe(400);
  });

  it('shows the owner, the payment details and the allowed actions of each swap', async () => {
    const body = (await get(t, admin.token, '/api/airtime-swap/admin?status=PROCESSING')).json();
    const swap = body.data[0];
    const row = await swapRow(t, swap.swapId);
    expect(swap).toMatchObject({
      _id: row.id,
      status: 'PROCESSING',
      amount: 3000,
      expectedPayout: 1800,
      rate: 60,
      paymentMethod: 'bank',
      accountDetails: { accountNumber: '0123456789', bank: 'GTBank', accountName: 'Ada Obi' },
      screenshotUploaded: true,
      userId: { _id: row.userId, firstName: 'Ada', lastName: 'Obi', phoneNumber: '08031234567' },
      verifiedBy: { _id: admin.id, email: admin.email },
      payoutReference: 'BANK-REF-1',
      allowedActions: ['complete'],
    });
    expect(swap.userId.email).toMatch(/@example\.com$/);
  });
});

describe('GET /api/airtime-swap/admin/count', () => {
  it.each([
    'PENDING_TRANSFER',
    'AWAITING_VERIFICATION',
    'REJECTED',
    'COMPLETED',
    'PROCESSING',
    'CANCELLED',
  ] as const)('counts %s', async (status) => {
    const res = await get(t, admin.token, `/api/airtime-swap/admin/count?status=${status}`);
    expect(res.json()).toEqual({ success: true, count: countOf(status) });
  });

  it('counts all without a status, and refuses an unknown one', async () => {
    expect((await get(t, admin.token, '/api/airtime-swap/admin/count')).json()).toEqual({
      success: true,
      count: MADE.length,
    });
    expectError(
      await get(t, admin.token, '/api/airtime-swap/admin/count?status=pending'),
      400,
      messages.swapStatusInvalid,
    );
  });
});

describe('GET /api/airtime-swap/admin/profit', () => {
  it('is the airtime received minus the payouts of the completed swaps, from the ledger', async () => {
    const res = await get(t, admin.token, '/api/airtime-swap/admin/profit');
    expect(res.json()).toEqual({
      success: true,
      data: {
        summary: {
          totalAirtime: 1000 + 2500 + 101,
          totalPayout: 600 + 1500 + 60,
          totalProfit: 400 + 1000 + 41,
          completedCount: 3,
        },
      },
    });
    // It reconciles with the books: −asset = payouts + margins, margins went to revenue.
    expect(await systemBalance(t, 'asset:airtime')).toBe(-(1000 + 2500 + 101) * 100);
    expect(await systemBalance(t, 'revenue')).toBe((400 + 1000 + 41) * 100);
    await expectLedgerConsistent(t);
  });

  it('the ledger audit names a completed swap whose payout is missing', async () => {
    // Break the books on purpose, inside a transaction that is rolled back.
    const db = t.deps.database.db;
    const ref = refsNewestFirst('PROCESSING')[0]!;
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update airtime_swaps set status = 'COMPLETED' where swap_id = ${ref}`);
        const audit = await auditLedger(tx);
        const failed = audit.checks.filter((c) => !c.ok).map((c) => c.name);
        expect(failed).toEqual([
          'every completed swap is paid exactly once, and no other swap at all',
          'the airtime asset equals the airtime of the completed swaps',
        ]);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    await expectLedgerConsistent(t);
  });

  it('the ledger audit names a paid swap that is no longer completed', async () => {
    const db = t.deps.database.db;
    const ref = refsNewestFirst('COMPLETED')[0]!;
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update airtime_swaps set status = 'REJECTED' where swap_id = ${ref}`);
        const audit = await auditLedger(tx);
        expect(audit.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
          'every completed swap is paid exactly once, and no other swap at all',
          'every swap transfer belongs to a completed swap',
          'the airtime asset equals the airtime of the completed swaps',
        ]);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    await expectLedgerConsistent(t);
  });
});
