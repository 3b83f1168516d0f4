import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import {
  eventsOf,
  get,
  newSwap,
  pngImage,
  signInAdmin,
  swapRow,
  transfersOf,
  upload,
  verify,
  type Reply,
} from './airtime-swap-support';

/**
 * Admins acting on the same swap at the same moment: each swap is paid at most once. On
 * PostgreSQL the requests really run in parallel (row locks decide); PGlite serialises them.
 */

let t: TestApp;
let admins: Awaited<ReturnType<typeof signInAdmin>>[];
beforeAll(async () => {
  t = await createTestApp();
  admins = [];
  for (let i = 0; i < 4; i += 1) admins.push(await signInAdmin(t));
});
afterAll(async () => {
  await t?.close();
});

const ROUNDS = 3;
const statuses = (replies: Reply[]) => replies.map((r) => r.statusCode).sort();

async function awaitingSwap(method: 'wallet' | 'bank', amount = 1000) {
  const user = await customer(t);
  const ref = await newSwap(t, user, method, amount);
  expect((await upload(t, user.token, ref, await pngImage())).statusCode).toBe(200);
  return { user, ref };
}

describe('two admins approve the same wallet swap at once', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))('round %i: paid once', async () => {
    const { user, ref } = await awaitingSwap('wallet');
    const replies = await Promise.all(
      admins.slice(0, 2).map((a) => verify(t, a.token, ref, { action: 'approve' })),
    );
    expect(statuses(replies)).toEqual([200, 409]);
    const loser = replies.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe('Cannot approve this swap: its status is COMPLETED.');
    expect(await balanceKobo(t, user.token)).toBe(60_000);
    const row = await swapRow(t, ref);
    expect((await transfersOf(t, row.transactionId!)).map((x) => x[0])).toEqual([
      'swap_margin',
      'swap_payout',
    ]);
    expect((await eventsOf(t, row.id)).filter((e) => e.action === 'approve')).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('four admins at once: still paid once', async () => {
    const { user, ref } = await awaitingSwap('wallet', 5000);
    const replies = await Promise.all(
      admins.map((a) => verify(t, a.token, ref, { action: 'approve' })),
    );
    expect(statuses(replies)).toEqual([200, 409, 409, 409]);
    expect(await balanceKobo(t, user.token)).toBe(300_000);
    await expectLedgerConsistent(t);
  });
});

describe('approve and reject at the same moment', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'round %i: exactly one wins and the money agrees with it',
    async () => {
      const { user, ref } = await awaitingSwap('wallet');
      const [approve, reject] = await Promise.all([
        verify(t, admins[0]!.token, ref, { action: 'approve' }),
        verify(t, admins[1]!.token, ref, { action: 'reject' }),
      ]);
      expect([approve!.statusCode, reject!.statusCode].sort()).toEqual([200, 409]);
      const row = await swapRow(t, ref);
      if (approve!.statusCode === 200) {
        expect(row.status).toBe('COMPLETED');
        expect(reject!.json().message).toBe('Cannot reject this swap: its status is COMPLETED.');
        expect(await balanceKobo(t, user.token)).toBe(60_000);
      } else {
        expect(row.status).toBe('REJECTED');
        expect(approve!.json().message).toBe('Cannot approve this swap: its status is REJECTED.');
        expect(await balanceKobo(t, user.token)).toBe(0);
        expect(row.transactionId).toBeNull();
      }
      await expectLedgerConsistent(t);
    },
  );
});

describe('the two steps of a bank payout, raced', () => {
  it('two approves: one moves it to PROCESSING; two completes: one pays out', async () => {
    const { user, ref } = await awaitingSwap('bank', 2000);
    const approves = await Promise.all(
      admins
        .slice(0, 2)
        .map((a, i) => verify(t, a.token, ref, { action: 'approve', payoutReference: `A${i}` })),
    );
    expect(statuses(approves)).toEqual([200, 409]);
    expect((await swapRow(t, ref)).status).toBe('PROCESSING');

    const completes = await Promise.all(
      admins
        .slice(0, 3)
        .map((a, i) => verify(t, a.token, ref, { action: 'complete', payoutReference: `C${i}` })),
    );
    expect(statuses(completes)).toEqual([200, 409, 409]);
    const row = await swapRow(t, ref);
    expect(row.status).toBe('COMPLETED');
    expect(await transfersOf(t, row.transactionId!)).toEqual([
      ['swap_margin', 'asset:airtime', 'revenue', 80_000],
      ['swap_payout', 'asset:airtime', 'outside', 120_000],
    ]);
    expect(await balanceKobo(t, user.token)).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('reject against complete on a processing swap: reject is refused, the payout stands', async () => {
    const { ref } = await awaitingSwap('bank');
    await verify(t, admins[0]!.token, ref, { action: 'approve', payoutReference: 'P' });
    const [complete, reject] = await Promise.all([
      verify(t, admins[0]!.token, ref, { action: 'complete', payoutReference: 'P' }),
      verify(t, admins[1]!.token, ref, { action: 'reject' }),
    ]);
    expect(complete!.statusCode).toBe(200);
    expect(reject!.statusCode).toBe(409);
    expect((await swapRow(t, ref)).status).toBe('COMPLETED');
    await expectLedgerConsistent(t);
  });
});

describe('the owner cancels while an admin approves', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'round %i: either cancelled and unpaid, or completed and paid',
    async () => {
      // Before the upload: the only time the owner may cancel (decision 0054).
      const user = await customer(t);
      const ref = await newSwap(t, user, 'wallet');
      const [cancel, approve] = await Promise.all([
        get(t, user.token, '/api/airtime-swap/pending/clear'),
        verify(t, admins[2]!.token, ref, { action: 'approve' }),
      ]);
      const row = await swapRow(t, ref);
      if (approve!.statusCode === 200) {
        expect(row.status).toBe('COMPLETED');
        expect(await balanceKobo(t, user.token)).toBe(60_000);
        // The cancel either found nothing open or was refused with the new status.
        expect([404, 409]).toContain(cancel!.statusCode);
      } else {
        expect(cancel!.statusCode).toBe(200);
        expect(approve!.statusCode).toBe(409);
        expect(row.status).toBe('CANCELLED');
        expect(await balanceKobo(t, user.token)).toBe(0);
      }
      await expectLedgerConsistent(t);
    },
  );
});
