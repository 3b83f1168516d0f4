import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import {
  balanceKobo,
  createTestApp,
  expectLedgerConsistent,
  fund,
  signUp,
  type TestApp,
} from './harness';
import {
  bankTransfer,
  depositCredits,
  depositStatus,
  flagsOf,
  moneyRowCounts,
  simulateTransfer,
  verifiedCustomer,
} from './deposit-support';

/** Small caps so a few thousand naira reach them. */
const ENV = {
  LIMIT_UNVERIFIED_BALANCE_NAIRA: '5000',
  LIMIT_VERIFIED_BALANCE_NAIRA: '20000',
};

describe('deposits and the wallet balance cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV, { listen: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a session that would pass the cap is refused with the limit message and writes nothing', async () => {
    const user = await signUp(t);
    await fund(t, user.id, 4000);
    const before = await moneyRowCounts(t);
    const res = await bankTransfer(t, user.token, 1000.01);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: `This deposit would take your wallet above its limit of ₦5,000.00. You can add up to ₦1,000.00. ${messages.limitRaiseHint}`,
    });
    expect(await moneyRowCounts(t)).toEqual(before);
    // Exactly up to the cap is fine.
    expect((await bankTransfer(t, user.token, 1000)).statusCode).toBe(200);
  });

  it('verified customers have the higher cap, without the hint', async () => {
    const user = await verifiedCustomer(t);
    await fund(t, user.id, 19_500);
    const res = await t.request({
      method: 'POST',
      url: '/api/deposit',
      token: user.token,
      payload: { amount: 600 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'This deposit would take your wallet above its limit of ₦20,000.00. You can add up to ₦500.00.',
    );
    expect((await bankTransfer(t, user.token, 500)).statusCode).toBe(200);
  });

  it('a credit past the cap is kept and flagged for review', async () => {
    const user = await signUp(t);
    await fund(t, user.id, 4000);
    const session = (await bankTransfer(t, user.token, 1000)).json().data;
    // The customer sends more than the session asked for: it arrived, so it is credited.
    await simulateTransfer(t, session.payerVirtualAccNo, 300_000);
    expect((await depositStatus(t, user.token, session._id)).json().data).toMatchObject({
      status: 'Completed',
      creditedAmount: 3000,
    });
    expect(await balanceKobo(t, user.token)).toBe(700_000);
    const [credit] = await depositCredits(t, user.id);
    const flags = await flagsOf(t, user.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      transactionId: credit?.id,
      reason: 'balance_cap_exceeded',
      resolvedAt: null,
      details: { balanceKobo: 700_000, balanceCapKobo: 500_000 },
    });
    await expectLedgerConsistent(t);
  });

  it('a permanent-account credit past the cap is kept and flagged; one under it is not flagged', async () => {
    const user = await verifiedCustomer(t);
    await simulateTransfer(t, user.account.accountNumber, 1_000_000);
    expect(await flagsOf(t, user.id)).toHaveLength(0);
    await simulateTransfer(t, user.account.accountNumber, 1_500_000);
    expect(await balanceKobo(t, user.token)).toBe(2_500_000);
    const flags = await flagsOf(t, user.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]?.details).toMatchObject({
      source: 'deposit:virtual_account',
      balanceKobo: 2_500_000,
      balanceCapKobo: 2_000_000,
    });
    await expectLedgerConsistent(t);
  });
});
