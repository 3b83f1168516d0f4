import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { WALLET_LIMITS_KOBO } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { formatKobo } from '@owo/shared/money';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  fund,
  toLagosMidMorning,
  type TestApp,
} from './harness';
import { countRows } from './purchase-support';
import { PIN, markVerified, newKey, sendTransfer } from './transfers-support';

/**
 * The daily outflow limit by KYC level (unverified ₦50,000, verified ₦200,000 per Lagos day) on
 * every spend: purchases and transfers share one count; pending debits count, failed ones do not;
 * a refusal says what is left and writes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  toLagosMidMorning(t);
});
afterAll(async () => {
  await t?.close();
});

const UNVERIFIED = WALLET_LIMITS_KOBO.unverified.dailyOut;
const VERIFIED = WALLET_LIMITS_KOBO.verified.dailyOut;

/** The refusal text: the limit, what is left, and for unverified users how to raise it. */
function limitMessage(limitKobo: number, remainingKobo: number, verified: boolean) {
  const text = messages.dailyLimitReached
    .replace('{limit}', formatKobo(limitKobo))
    .replace('{remaining}', formatKobo(remainingKobo));
  return verified ? text : `${text} ${messages.limitRaiseHint}`;
}

function airtime(token: string, naira: number, phone: string = MAGIC_PHONES.delivered) {
  return t.request({
    method: 'POST',
    url: '/api/transactions/airtime',
    token,
    payload: {
      network: 1,
      mobile_number: phone,
      airtime_type: 'VTU',
      Ported_number: true,
      amount: naira,
      transactionPin: PIN,
    },
  });
}

async function expectRefused(
  res: Awaited<ReturnType<typeof airtime>>,
  limitKobo: number,
  remainingKobo: number,
  verified = false,
) {
  expect(res.statusCode, res.body).toBe(403);
  const message = limitMessage(limitKobo, remainingKobo, verified);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'LIMIT_EXCEEDED',
    message,
    data: { message },
  });
}

describe('unverified: ₦50,000 a day', () => {
  it('purchases until refused; the refusal says what is left and writes nothing', async () => {
    expect(UNVERIFIED).toBe(50_000_00);
    const user = await customer(t, 60_000);
    expect((await airtime(user.token, 20_000)).statusCode).toBe(200);
    expect((await airtime(user.token, 20_000)).statusCode).toBe(200);
    const balance = await balanceKobo(t, user.token);
    const rows = await countRows(t, user.id);

    await expectRefused(await airtime(user.token, 20_000), UNVERIFIED, 10_000_00);
    expect(await balanceKobo(t, user.token)).toBe(balance);
    expect(await countRows(t, user.id)).toBe(rows);

    // Up to the limit exactly is allowed; then nothing more today.
    expect((await airtime(user.token, 10_000)).statusCode).toBe(200);
    await expectRefused(await airtime(user.token, 50), UNVERIFIED, 0);
    expect(await balanceKobo(t, user.token)).toBe(balance - 10_000_00);
    await expectLedgerConsistent(t);
  });

  it('pending debits count; failed (refunded) ones do not', async () => {
    const user = await customer(t, 60_000);
    expect((await airtime(user.token, 20_000, MAGIC_PHONES.pendingForever)).statusCode).toBe(202);
    expect((await airtime(user.token, 20_000, MAGIC_PHONES.failed)).statusCode).toBe(422);
    expect((await airtime(user.token, 20_000)).statusCode).toBe(200);
    // Spent today: ₦20,000 pending + ₦20,000 delivered; the failed one is back in the wallet.
    await expectRefused(await airtime(user.token, 20_000), UNVERIFIED, 10_000_00);
    expect((await airtime(user.token, 10_000)).statusCode).toBe(200);
    await expectLedgerConsistent(t);
  });

  it('transfers and purchases share the count; a transfer refusal writes nothing', async () => {
    const user = await customer(t, 60_000);
    const friend = await customer(t);
    expect((await airtime(user.token, 30_000)).statusCode).toBe(200);
    const balance = await balanceKobo(t, user.token);
    const refused = await sendTransfer(t, user.token, {
      recipientIdentifier: friend.id,
      amount: 25_000,
      transactionPin: PIN,
    });
    await expectRefused(refused, UNVERIFIED, 20_000_00);
    expect(await balanceKobo(t, user.token)).toBe(balance);
    expect(await balanceKobo(t, friend.token)).toBe(0);
    expect(await countRows(t, friend.id)).toBe(0);

    const sent = await sendTransfer(t, user.token, {
      recipientIdentifier: friend.id,
      amount: 20_000,
      transactionPin: PIN,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expectRefused(await airtime(user.token, 50), UNVERIFIED, 0);
    // Money received does not raise what may be spent.
    const back = await sendTransfer(t, friend.token, {
      recipientIdentifier: user.id,
      amount: 5_000,
      transactionPin: PIN,
    });
    expect(back.statusCode).toBe(200);
    await expectRefused(await airtime(user.token, 50), UNVERIFIED, 0);
    await expectLedgerConsistent(t);
  });

  it('a new Lagos day starts a new count', async () => {
    const user = await customer(t, 60_000);
    expect((await airtime(user.token, 50_000)).statusCode).toBe(200);
    await expectRefused(await airtime(user.token, 100), UNVERIFIED, 0);
    t.clock.advance(24 * 3_600_000);
    expect((await airtime(user.token, 100)).statusCode).toBe(200);
  });

  it('a duplicate queued behind its first request replays instead of being judged on the limit', async () => {
    const user = await customer(t, 60_000);
    expect((await airtime(user.token, 30_000)).statusCode).toBe(200);
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request({
          method: 'POST',
          url: '/api/transactions/airtime',
          token: user.token,
          headers: { 'idempotency-key': key },
          payload: {
            network: 1,
            mobile_number: MAGIC_PHONES.delivered,
            airtime_type: 'VTU',
            Ported_number: true,
            amount: 20_000,
            transactionPin: PIN,
          },
        }),
      ),
    );
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(replies[0]!.json());
    }
    expect(await balanceKobo(t, user.token)).toBe(10_000_00);
    await expectLedgerConsistent(t);
  });
});

describe('verified: ₦200,000 a day', () => {
  it('allows more, and its refusal has no "verify" hint', async () => {
    expect(VERIFIED).toBe(200_000_00);
    const user = await customer(t);
    await markVerified(t, user.id);
    await fund(t, user.id, 250_000);
    const friend = await customer(t);
    await markVerified(t, friend.id);

    const sent = await sendTransfer(t, user.token, {
      recipientIdentifier: friend.id,
      amount: 150_000,
      transactionPin: PIN,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await sendTransfer(t, user.token, {
      recipientIdentifier: friend.id,
      amount: 60_000,
      transactionPin: PIN,
    });
    await expectRefused(refused, VERIFIED, 50_000_00, true);
    expect(refused.json().message).not.toContain(messages.limitRaiseHint);

    expect((await airtime(user.token, 50_000)).statusCode).toBe(200);
    await expectRefused(await airtime(user.token, 50), VERIFIED, 0, true);
    expect(await balanceKobo(t, user.token)).toBe(50_000_00);
    await expectLedgerConsistent(t);
  });
});
