import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { identityHolders, users } from '../src/db/schema';
import { ACCOUNT_OPENINGS_PER_HOUR } from '../src/modules/kyc/account-service';
import { identityDigest } from '../src/modules/kyc/verification-service';
import type { FaultProxy } from '../../../tests/reliability/support/fault-proxy';
import { signUp, type TestApp } from './harness';
import { withProxiedApp } from './proxied-app';
import {
  FIXED_OTP,
  accountRows,
  createSubaccount,
  identityNumber,
  initiate,
  validate,
} from './deposit-support';

/**
 * One NIN, one KYC-verified wallet (docs/decisions/0016): wallets that each validated the same
 * number and ask for their accounts at the same moment. The claim on identity_holders is taken
 * before any supplier is called, so the losers never reach Safe Haven or PalmPay. The supplier
 * calls are counted on a proxy in front of the sandbox (nothing is broken on it).
 */
describe('one identity number opens one wallet, also under a burst', () => {
  let t: TestApp;
  let proxy: FaultProxy;
  withProxiedApp((app) => ({ t, proxy } = app));

  const accountCalls = (since: number) => {
    const seen = proxy.log.slice(since);
    return {
      safehaven: seen.filter((e) => e.supplier === 'safehaven' && e.path.includes('subaccount'))
        .length,
      palmpay: seen.filter((e) => e.supplier === 'palmpay' && e.path.includes('virtual/account'))
        .length,
    };
  };

  /** `count` wallets, each with a validated verification of `number`. */
  async function walletsHolding(number: string, count: number) {
    const wallets = [];
    for (let i = 0; i < count; i += 1) {
      const user = await signUp(t);
      const started = await initiate(t, user.token, { type: 'NIN', number });
      expect(started.statusCode, started.body).toBe(200);
      const identityId = started.json().data.identityId as string;
      const checked = await validate(t, user.token, { identityId, otp: FIXED_OTP });
      expect(checked.statusCode, checked.body).toBe(200);
      wallets.push({ ...user, identityId });
    }
    return wallets;
  }

  const open = (w: { token: string; email: string; identityId: string }, number: string) =>
    createSubaccount(t, w.token, {
      phoneNumber: '08031234567',
      emailAddress: w.email,
      identityId: w.identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: FIXED_OTP,
    });

  async function verified(userId: string): Promise<boolean> {
    const [row] = await t.deps.database.db
      .select({ v: users.isKycVerified })
      .from(users)
      .where(eq(users.id, userId));
    return row?.v ?? false;
  }

  for (const count of [3, 50]) {
    it(`${count} wallets with one NIN at once: exactly one is verified, the rest open nothing`, async () => {
      const number = identityNumber();
      const wallets = await walletsHolding(number, count);
      const since = proxy.log.length;

      const replies = await Promise.all(wallets.map((w) => open(w, number)));

      const won = replies.filter((r) => r.statusCode === 200);
      const lost = replies.filter((r) => r.statusCode !== 200);
      expect(won).toHaveLength(1);
      for (const r of lost) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json()).toMatchObject({
          code: 'IDENTITY_IN_USE',
          message: 'This NIN is already linked to another account. Please contact support.',
        });
      }
      const flags = await Promise.all(wallets.map((w) => verified(w.id)));
      expect(flags.filter(Boolean)).toHaveLength(1);
      const winner = wallets[flags.indexOf(true)]!;
      expect(won[0]!.json().data.accountNumber).toMatch(/^\d{10}$/);
      // The losers reached no supplier and hold no account rows.
      expect(accountCalls(since)).toEqual({ safehaven: 1, palmpay: 1 });
      for (const w of wallets) {
        expect((await accountRows(t, w.id)).length).toBe(w === winner ? 2 : 0);
      }
      const holders = await t.deps.database.db
        .select()
        .from(identityHolders)
        .where(eq(identityHolders.userId, winner.id));
      expect(holders).toHaveLength(1);
      // Fifty sign-ups and verifications in one test: over a minute on a loaded machine.
    }, 240_000);
  }

  it('a number Safe Haven refused to open an account for is given back to the others', async () => {
    const number = identityNumber();
    const [first, second] = await walletsHolding(number, 2);
    // A wrong OTP at the account step: Safe Haven refuses it, nothing is opened.
    const refused = await createSubaccount(t, first!.token, {
      phoneNumber: '08031234567',
      emailAddress: first!.email,
      identityId: first!.identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp: '999999',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(messages.accountRejected);

    const opened = await open(second!, number);
    expect(opened.statusCode, opened.body).toBe(200);
    const late = await open(first!, number);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('IDENTITY_IN_USE');
    expect(await verified(first!.id)).toBe(false);
    expect(await accountRows(t, first!.id)).toHaveLength(0);
  });

  it(`a burst of 200 account-opening attempts reaches Safe Haven ${ACCOUNT_OPENINGS_PER_HOUR} times`, async () => {
    const number = identityNumber();
    const [user] = await walletsHolding(number, 1);
    const since = proxy.log.length;
    // A wrong OTP each time: Safe Haven refuses, the number is given back, and it is tried again.
    const replies = await Promise.all(
      Array.from({ length: 200 }, () =>
        createSubaccount(t, user!.token, {
          phoneNumber: '08031234567',
          emailAddress: user!.email,
          identityId: user!.identityId,
          identityNumber: number,
          identityType: 'NIN',
          otp: '999999',
        }),
      ),
    );
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(200 - ACCOUNT_OPENINGS_PER_HOUR);
    for (const r of refused) {
      expect(r.json().code).toBe('VERIFICATION_THROTTLED');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(accountCalls(since).safehaven).toBe(ACCOUNT_OPENINGS_PER_HOUR);
  });

  it('a wallet verified with a second number gives up the first one it had claimed', async () => {
    const user = await signUp(t);
    const firstNumber = identityNumber();
    const started = await initiate(t, user.token, { type: 'NIN', number: firstNumber });
    const firstId = started.json().data.identityId as string;
    await validate(t, user.token, { identityId: firstId, otp: FIXED_OTP });
    // What an unclear Safe Haven answer for the first number leaves behind: the claim.
    await t.deps.database.db.insert(identityHolders).values({
      type: 'NIN',
      numberDigest: identityDigest(t.deps.config.sessionSecret, 'NIN', firstNumber),
      userId: user.id,
    });
    const secondNumber = identityNumber();
    const again = await initiate(t, user.token, { type: 'NIN', number: secondNumber });
    const secondId = again.json().data.identityId as string;
    await validate(t, user.token, { identityId: secondId, otp: FIXED_OTP });
    const res = await open({ ...user, identityId: secondId }, secondNumber);
    expect(res.statusCode, res.body).toBe(200);
    const held = await t.deps.database.db
      .select()
      .from(identityHolders)
      .where(eq(identityHolders.userId, user.id));
    expect(held).toHaveLength(1);
    expect(held[0]!.numberDigest).toBe(
      identityDigest(t.deps.config.sessionSecret, 'NIN', secondNumber),
    );
  });
});
