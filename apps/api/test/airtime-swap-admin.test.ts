import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SwapStatus } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { reviewFlags, transactions } from '../src/db/schema';
import {
  balanceKobo,
  customer,
  expectLedgerConsistent,
  fund,
  signUp,
  type TestApp,
} from './harness';
import {
  createSwap,
  eventsOf,
  expectError,
  get,
  newSwap,
  pngImage,
  signInAdmin,
  swapIn,
  swapRow,
  systemBalance,
  transfersOf,
  upload,
  verify,
  walletBody,
} from './airtime-swap-support';
import { withAdminApp, type Admin } from './admin-support';

/**
 * The admin side: who may call, the wallet and bank payout paths to the kobo, every refused
 * transition, and what each action records.
 */

let t: TestApp;
let admin: Admin;
withAdminApp((app) => {
  ({ t, admin } = app);
});

async function historyOf(userId: string) {
  return t.deps.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.serviceType, 'airtime-to-cash')));
}

describe('admin calls check the role on the server', () => {
  it('a regular user gets 403 on every admin call and changes nothing; no session gets 401', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    await upload(t, user.token, ref, await pngImage());
    const before = await swapRow(t, ref);
    const calls = (token: string | undefined) => [
      get(t, token, '/api/airtime-swap/admin'),
      get(t, token, '/api/airtime-swap/admin?status=PENDING_TRANSFER&page=1'),
      get(t, token, '/api/airtime-swap/admin/count?status=AWAITING_VERIFICATION'),
      get(t, token, '/api/airtime-swap/admin/profit'),
      verify(t, token, ref, { action: 'approve' }),
      verify(t, token, ref, { action: 'reject' }),
      verify(t, token, ref, { action: 'complete', payoutReference: 'X' }),
    ];
    for (const res of await Promise.all(calls(user.token))) {
      expectError(res, 403, messages.forbidden);
    }
    for (const res of await Promise.all(calls(undefined))) {
      expectError(res, 401, messages.unauthorized);
    }
    expect(await swapRow(t, ref)).toEqual(before);
    expect(await balanceKobo(t, user.token)).toBe(0);
  });
});

describe('the wallet payout path', () => {
  it('create → upload → approve credits the wallet with the payout at once, to the kobo', async () => {
    const user = await customer(t, 250);
    const revenueBefore = await systemBalance(t, 'revenue');
    const assetBefore = await systemBalance(t, 'asset:airtime');
    const ref = await newSwap(t, user, 'wallet', 1000);
    expect(await balanceKobo(t, user.token)).toBe(25_000);
    await upload(t, user.token, ref, await pngImage());
    expect(await balanceKobo(t, user.token)).toBe(25_000);

    t.clock.advance(60_000);
    const res = await verify(t, admin.token, ref, { action: 'approve', note: 'airtime received' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: messages.swapApprovedWallet,
      data: {
        swapId: ref,
        status: 'COMPLETED',
        amount: 1000,
        expectedPayout: 600,
        adminNote: 'airtime received',
        note: 'airtime received',
        verifiedBy: { _id: admin.id, email: admin.email },
        verifiedAt: t.clock.now().toISOString(),
        allowedActions: [],
      },
    });

    // ₦250 + ₦600, nothing else.
    expect(await balanceKobo(t, user.token)).toBe(85_000);
    expect((await systemBalance(t, 'revenue')) - revenueBefore).toBe(40_000);
    expect((await systemBalance(t, 'asset:airtime')) - assetBefore).toBe(-100_000);

    const row = await swapRow(t, ref);
    expect(row).toMatchObject({
      status: 'COMPLETED',
      verifiedBy: admin.id,
      adminNote: 'airtime received',
    });
    expect(row.completedAt).toEqual(t.clock.now());
    expect(row.transactionId).not.toBeNull();
    expect(await transfersOf(t, row.transactionId!)).toEqual([
      ['swap_margin', 'asset:airtime', 'revenue', 40_000],
      ['swap_payout', 'asset:airtime', `wallet:${user.id}`, 60_000],
    ]);
    const history = await historyOf(user.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      id: row.transactionId,
      type: 'credit',
      serviceType: 'airtime-to-cash',
      amountKobo: 60_000,
      status: 'success',
      reference: ref,
      metadata: expect.objectContaining({ network: 'MTN', payoutMethod: 'wallet', swapId: ref }),
    });
    // The customer sees it in their history, in naira.
    const list = (await get(t, user.token, '/api/transactions')).json();
    expect(list.transactions[0]).toMatchObject({
      _id: row.transactionId,
      type: 'credit',
      serviceType: 'airtime-to-cash',
      amount: 600,
      status: 'success',
    });

    expect(
      (await eventsOf(t, row.id)).map((e) => [e.action, e.actorId, e.toStatus, e.note]),
    ).toEqual([
      ['create', user.id, 'PENDING_TRANSFER', ''],
      ['upload', user.id, 'AWAITING_VERIFICATION', ''],
      ['approve', admin.id, 'COMPLETED', 'airtime received'],
    ]);
    await expectLedgerConsistent(t);
  });

  it("pays the wallet of the e-mail given, not the requester's; only its holder gets the history row", async () => {
    const user = await customer(t);
    const friend = await signUp(t);
    const res = await createSwap(t, user.token, walletBody(friend.email, { amount: 101 }));
    expect(res.statusCode).toBe(200);
    const ref = res.json().data.swapId;
    expect(res.json().data.expectedPayout).toBe(60);
    expect((await verify(t, admin.token, ref, { action: 'approve' })).statusCode).toBe(200);
    expect(await balanceKobo(t, friend.token)).toBe(6000);
    expect(await balanceKobo(t, user.token)).toBe(0);
    expect(await historyOf(user.id)).toHaveLength(0);
    expect(await historyOf(friend.id)).toMatchObject([{ type: 'credit', amountKobo: 6000 }]);
    const row = await swapRow(t, ref);
    // ₦101 of airtime: ₦60 paid (floor of 60 %), ₦41 kept.
    expect(await transfersOf(t, row.transactionId!)).toEqual([
      ['swap_margin', 'asset:airtime', 'revenue', 4100],
      ['swap_payout', 'asset:airtime', `wallet:${friend.id}`, 6000],
    ]);
    await expectLedgerConsistent(t);
  });

  it('may approve before the screenshot arrives (the admin has checked the airtime)', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet', 50_000);
    const res = await verify(t, admin.token, ref, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(3_000_000);
    await expectLedgerConsistent(t);
  });

  it('flags a payout that takes the wallet past its cap, and still pays it', async () => {
    const user = await customer(t);
    await fund(t, user.id, 299_990);
    const ref = await newSwap(t, user, 'wallet', 1000);
    expect((await verify(t, admin.token, ref, { action: 'approve' })).statusCode).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(30_059_000);
    const flags = await t.deps.database.db
      .select()
      .from(reviewFlags)
      .where(eq(reviewFlags.userId, user.id));
    const row = await swapRow(t, ref);
    expect(flags).toMatchObject([
      {
        reason: 'balance_cap_exceeded',
        transactionId: row.transactionId,
        details: { source: 'airtime-swap' },
      },
    ]);
    await expectLedgerConsistent(t);
  });
});

describe('the bank payout path', () => {
  it('approve (with reference) → PROCESSING, no money yet; complete → COMPLETED, paid out', async () => {
    const user = await customer(t, 100);
    const outsideBefore = await systemBalance(t, 'outside');
    const revenueBefore = await systemBalance(t, 'revenue');
    const ref = await newSwap(t, user, 'bank', 2500);
    await upload(t, user.token, ref, await pngImage());

    for (const payoutReference of [undefined, '', '   ']) {
      const res = await verify(t, admin.token, ref, { action: 'approve', payoutReference });
      expectError(res, 400, messages.swapPayoutReferenceRequired);
    }
    expect((await swapRow(t, ref)).status).toBe('AWAITING_VERIFICATION');

    const approved = await verify(t, admin.token, ref, {
      action: 'approve',
      payoutReference: ' NIP-0001 ',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: messages.swapApprovedBank,
      data: { status: 'PROCESSING', payoutReference: 'NIP-0001', allowedActions: ['complete'] },
    });
    let row = await swapRow(t, ref);
    expect(row).toMatchObject({ status: 'PROCESSING', transactionId: null, completedAt: null });
    expect(await systemBalance(t, 'outside')).toBe(outsideBefore);
    expect(await historyOf(user.id)).toHaveLength(0);
    await expectLedgerConsistent(t);

    expectError(
      await verify(t, admin.token, ref, { action: 'complete' }),
      400,
      messages.swapPayoutReferenceRequired,
    );
    const second = await signInAdmin(t);
    const completed = await verify(t, second.token, ref, {
      action: 'complete',
      payoutReference: 'NIP-0001-DONE',
      note: 'paid from GTBank float',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({
      message: messages.swapCompleted,
      data: {
        status: 'COMPLETED',
        payoutReference: 'NIP-0001-DONE',
        verifiedBy: { _id: second.id },
        accountDetails: { accountNumber: '0123456789', bank: 'GTBank', accountName: 'Ada Obi' },
        allowedActions: [],
      },
    });

    row = await swapRow(t, ref);
    expect(await transfersOf(t, row.transactionId!)).toEqual([
      ['swap_margin', 'asset:airtime', 'revenue', 100_000],
      ['swap_payout', 'asset:airtime', 'outside', 150_000],
    ]);
    // The wallet is untouched; the money went to the bank (outside the books).
    expect(await balanceKobo(t, user.token)).toBe(10_000);
    expect((await systemBalance(t, 'outside')) - outsideBefore).toBe(150_000);
    expect((await systemBalance(t, 'revenue')) - revenueBefore).toBe(100_000);
    const history = await historyOf(user.id);
    expect(history).toMatchObject([
      {
        id: row.transactionId,
        type: 'credit',
        amountKobo: 150_000,
        status: 'success',
        description: 'Airtime to cash paid to GTBank 0123456789',
        metadata: expect.objectContaining({
          payoutMethod: 'bank',
          bankName: 'GTBank',
          accountNumber: '0123456789',
          payoutReference: 'NIP-0001-DONE',
        }),
      },
    ]);
    expect(
      (await eventsOf(t, row.id)).map((e) => [e.action, e.actorId, e.fromStatus, e.toStatus]),
    ).toEqual([
      ['create', user.id, '', 'PENDING_TRANSFER'],
      ['upload', user.id, 'PENDING_TRANSFER', 'AWAITING_VERIFICATION'],
      ['approve', admin.id, 'AWAITING_VERIFICATION', 'PROCESSING'],
      ['complete', second.id, 'PROCESSING', 'COMPLETED'],
    ]);
    await expectLedgerConsistent(t);
  });
});

describe('reject', () => {
  it('records the default note "Transaction rejected by admin", who and when; moves no money', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    await upload(t, user.token, ref, await pngImage());
    t.clock.advance(5_000);
    const res = await verify(t, admin.token, ref, { action: 'reject' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.swapRejected,
      data: {
        status: 'REJECTED',
        adminNote: 'Transaction rejected by admin',
        note: 'Transaction rejected by admin',
        verifiedBy: { _id: admin.id, email: admin.email },
        verifiedAt: t.clock.now().toISOString(),
        allowedActions: [],
      },
    });
    const row = await swapRow(t, ref);
    expect(row).toMatchObject({ status: 'REJECTED', transactionId: null, verifiedBy: admin.id });
    expect((await eventsOf(t, row.id)).at(-1)).toMatchObject({
      action: 'reject',
      actorId: admin.id,
      note: 'Transaction rejected by admin',
    });
    expect(await balanceKobo(t, user.token)).toBe(0);
    expect(await historyOf(user.id)).toHaveLength(0);
    await expectLedgerConsistent(t);
  });

  it('keeps the note an admin writes', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'bank');
    const res = await verify(t, admin.token, ref, { action: 'reject', note: 'No airtime arrived' });
    expect(res.json().data.adminNote).toBe('No airtime arrived');
  });
});

describe('every refused transition (all statuses × actions × payout methods)', () => {
  const STATES: [SwapStatus, 'wallet' | 'bank'][] = [
    ['PENDING_TRANSFER', 'wallet'],
    ['PENDING_TRANSFER', 'bank'],
    ['AWAITING_VERIFICATION', 'wallet'],
    ['AWAITING_VERIFICATION', 'bank'],
    ['PROCESSING', 'bank'],
    ['COMPLETED', 'wallet'],
    ['COMPLETED', 'bank'],
    ['REJECTED', 'wallet'],
    ['REJECTED', 'bank'],
    ['CANCELLED', 'wallet'],
    ['CANCELLED', 'bank'],
  ];
  const ALLOWED = new Set([
    'PENDING_TRANSFER approve',
    'PENDING_TRANSFER reject',
    'AWAITING_VERIFICATION approve',
    'AWAITING_VERIFICATION reject',
    'PROCESSING complete',
  ]);
  const swaps = new Map<string, string>();
  beforeAll(async () => {
    for (const [status, method] of STATES) {
      swaps.set(`${status} ${method}`, (await swapIn(t, admin, status, method)).ref);
    }
  }, 180_000);

  const table = STATES.flatMap(([status, method]) =>
    (['approve', 'reject', 'complete'] as const)
      .filter((action) => !ALLOWED.has(`${status} ${action}`))
      .map((action) => [action, status, method] as const),
  );

  it.each(table)(
    '%s on a %s (%s) swap → 409 naming the status, nothing changes',
    async (action, status, method) => {
      const ref = swaps.get(`${status} ${method}`)!;
      const before = await swapRow(t, ref);
      const eventsBefore = await eventsOf(t, before.id);
      const res = await verify(t, admin.token, ref, {
        action,
        payoutReference: 'REF-123',
        note: 'trying',
      });
      expectError(res, 409, `Cannot ${action} this swap: its status is ${status}.`);
      expect(res.json().code).toBe('SWAP_TRANSITION_REFUSED');
      expect(await swapRow(t, ref)).toEqual(before);
      expect(await eventsOf(t, before.id)).toEqual(eventsBefore);
    },
  );

  it('the admin list offers exactly the allowed actions for each', async () => {
    for (const [status, method] of STATES) {
      const ref = swaps.get(`${status} ${method}`)!;
      let found: { allowedActions: string[] } | undefined;
      for (let page = 1; !found; page += 1) {
        const res = (
          await get(t, admin.token, `/api/airtime-swap/admin?status=${status}&page=${page}`)
        ).json();
        if (res.data.length === 0) break;
        found = res.data.find((s: { swapId: string }) => s.swapId === ref);
      }
      const expected = (['approve', 'reject', 'complete'] as const).filter(
        (a) => ALLOWED.has(`${status} ${a}`) && (a !== 'complete' || method === 'bank'),
      );
      expect(found?.allowedActions, `${status} ${method}`).toEqual(expected);
    }
    await expectLedgerConsistent(t);
  });
});

describe('bad verify requests', () => {
  it('answers 404 for an unknown swap, 400 for a bad id or action', async () => {
    expectError(
      await verify(t, admin.token, 'SWP-ZZZZZZZZ', { action: 'approve' }),
      404,
      messages.swapNotFound,
    );
    expectError(
      await verify(t, admin.token, '00000000-0000-4000-8000-000000000000', { action: 'approve' }),
      404,
      messages.swapNotFound,
    );
    expectError(
      await verify(t, admin.token, 'nope', { action: 'approve' }),
      400,
      messages.swapIdInvalid,
    );
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    for (const body of [{}, { action: 'pay' }, { action: 'APPROVE' }]) {
      expectError(await verify(t, admin.token, ref, body), 400, messages.swapSelectAction);
    }
    expect((await swapRow(t, ref)).status).toBe('PENDING_TRANSFER');
  });
});
