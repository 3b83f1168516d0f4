import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { OTP_MAX_ATTEMPTS, PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  PIN,
  toLagosMidMorning,
  type TestApp,
} from './harness';
import { newKey, sendTransfer } from './transfers-support';

/**
 * A wrong PIN says where the customer stands (decision 0058): `data.pin.attemptsLeft` after each
 * wrong try, `data.pin.lockedUntil` once locked, the same from validate-pin, a purchase (the
 * reserve's database function) and a transfer; and "Forgot PIN?"'s code is checked on its own step.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  toLagosMidMorning(t);
});
afterAll(async () => {
  await t?.close();
});

type Reply = Awaited<ReturnType<TestApp['request']>>;
const validate = (token: string, transactionPin: string) =>
  t.request({ method: 'POST', url: '/api/user/validate-pin', token, payload: { transactionPin } });
const airtime = (token: string, pin: string) =>
  t.request({
    method: 'POST',
    url: '/api/transactions/airtime',
    token,
    headers: { 'idempotency-key': newKey() },
    payload: {
      network: 1,
      mobile_number: MAGIC_PHONES.delivered,
      airtime_type: 'VTU',
      Ported_number: true,
      amount: 100,
      transactionPin: pin,
    },
  });

function expectTriesLeft(res: Reply, attemptsLeft: number) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'PIN_INCORRECT',
    message: messages.pinIncorrect,
    data: { message: messages.pinIncorrect, pin: { attemptsLeft, lockedUntil: null } },
  });
}
function expectLockedUntil(res: Reply, until: Date) {
  expect(res.statusCode, res.body).toBe(423);
  expect(res.json()).toMatchObject({
    code: 'PIN_LOCKED',
    message: messages.pinLocked,
    data: { pin: { attemptsLeft: 0, lockedUntil: until.toISOString() } },
  });
}

describe('wrong-PIN replies carry data.pin', () => {
  it('validate-pin: 4, 3, 2, 1 tries left, then the lock and when it ends, repeated while it lasts', async () => {
    const user = await customer(t);
    for (let left = PIN_MAX_FAILURES - 1; left >= 1; left -= 1) {
      expectTriesLeft(await validate(user.token, '0000'), left);
    }
    const lockedAt = t.clock.now();
    const until = new Date(lockedAt.getTime() + PIN_LOCK_MS);
    expectLockedUntil(await validate(user.token, '0000'), until);
    t.clock.advance(10 * 60_000);
    // The right PIN too, and the end does not move.
    expectLockedUntil(await validate(user.token, PIN), until);
    t.clock.advance(PIN_LOCK_MS);
    expect((await validate(user.token, PIN)).statusCode).toBe(200);
    // A right PIN starts the count again.
    expectTriesLeft(await validate(user.token, '0000'), PIN_MAX_FAILURES - 1);
  });

  it('a purchase (the reserve in the database) counts down and locks the same way; nothing is spent', async () => {
    const user = await customer(t, 1_000);
    const before = await balanceKobo(t, user.token);
    expectTriesLeft(await validate(user.token, '9999'), PIN_MAX_FAILURES - 1);
    for (let left = PIN_MAX_FAILURES - 2; left >= 1; left -= 1) {
      expectTriesLeft(await airtime(user.token, '9999'), left);
    }
    const until = new Date(t.clock.now().getTime() + PIN_LOCK_MS);
    expectLockedUntil(await airtime(user.token, '9999'), until);
    t.clock.advance(60_000);
    expectLockedUntil(await airtime(user.token, PIN), until);
    expect(await balanceKobo(t, user.token)).toBe(before);
    await expectLedgerConsistent(t);
  });

  it('a transfer (its own database function) counts down and locks the same way', async () => {
    const sender = await customer(t, 1_000);
    const recipient = await customer(t);
    const send = (pin: string) =>
      sendTransfer(
        t,
        sender.token,
        { recipientIdentifier: recipient.id, amount: 100, transactionPin: pin },
        { 'idempotency-key': newKey() },
      );
    for (let left = PIN_MAX_FAILURES - 1; left >= 1; left -= 1) {
      expectTriesLeft(await send('4321'), left);
    }
    const until = new Date(t.clock.now().getTime() + PIN_LOCK_MS);
    expectLockedUntil(await send('4321'), until);
    expectLockedUntil(await validate(sender.token, PIN), until);
    expect(await balanceKobo(t, recipient.token)).toBe(0);
  });
});

describe('POST /api/user/check-pin-otp', () => {
  const check = (token: string, otp: unknown) =>
    t.request({ method: 'POST', url: '/api/user/check-pin-otp', token, payload: { otp } });
  const setPin = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/user/set-transaction-pin', token, payload });

  it('a right code is confirmed without being used: it then changes a locked PIN, once', async () => {
    const user = await customer(t);
    for (let i = 0; i < PIN_MAX_FAILURES; i += 1) await validate(user.token, '0000');
    expect((await validate(user.token, PIN)).statusCode).toBe(423);
    expect(
      (await t.request({ method: 'POST', url: '/api/user/request-pin-otp', token: user.token }))
        .statusCode,
    ).toBe(200);
    const code = t.lastCode(user.email);
    const ok = await check(user.token, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: messages.otpChecked });
    // Checking again costs nothing either (a right check gives its try back).
    for (let i = 0; i < OTP_MAX_ATTEMPTS + 1; i += 1) {
      expect((await check(user.token, code)).statusCode).toBe(200);
    }
    const changed = await setPin(user.token, { transactionPin: '8642', otp: code });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await validate(user.token, '8642')).statusCode).toBe(200);
    // Used now.
    expect((await check(user.token, code)).json().code).toBe('OTP_INVALID');
  });

  it('wrong codes count like any code check: the 5th burns the code, then the address is throttled', async () => {
    const user = await customer(t);
    await t.request({ method: 'POST', url: '/api/user/request-pin-otp', token: user.token });
    const code = t.lastCode(user.email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i += 1) {
      const res = await check(user.token, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'OTP_INVALID',
        message: messages.otpInvalidOrExpired,
      });
    }
    expect((await check(user.token, wrong)).json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    // Five checks an hour from this address at this account, as for every code (decision 0016).
    const throttled = await check(user.token, code);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('OTP_VERIFY_THROTTLED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await setPin(user.token, { transactionPin: '8642', otp: code })).statusCode).toBe(429);
    expect((await validate(user.token, PIN)).statusCode).toBe(200);
  });

  it('needs a session and a 4-digit code', async () => {
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/user/check-pin-otp',
          payload: { otp: '1234' },
        })
      ).statusCode,
    ).toBe(401);
    const user = await customer(t);
    const bad = await check(user.token, '12a4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.invalidOtp);
  });
});
