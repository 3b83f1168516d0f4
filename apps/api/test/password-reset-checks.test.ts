import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, PASSWORD_HISTORY_KEPT } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { passwordHistory } from '../src/db/schema';
import { createTestApp, signUp, STRONG_PASSWORD, type TestApp } from './harness';

/**
 * Password reset (decision 0059): the code is checked on its own screen without being used up,
 * counted like every code check; a reset or change may not bring back the current password or
 * one of the last PASSWORD_HISTORY_KEPT, and a refused password costs no new code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.request({ method: 'POST', url, payload, token });
const askReset = (email: string) => post('/api/user/request-password-reset', { email });
const checkCode = (email: string, otp: string) =>
  post('/api/user/check-reset-code', { email, otp });
const reset = (email: string, otp: string, password: string) =>
  post('/api/user/reset-password', { email, otp, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const wrongOf = (code: string) => (code === '0000' ? '1111' : '0000');

/** Asks for a code (13 minutes after the last: 5 an hour is the request limit) and returns it. */
async function freshCode(email: string) {
  t.clock.advance(13 * 60_000);
  const asked = await askReset(email);
  expect(asked.statusCode, asked.body).toBe(200);
  return t.lastCode(email);
}

describe('POST /api/user/check-reset-code', () => {
  it('confirms a right code without using it; the reset then uses it, once', async () => {
    const { email } = await signUp(t);
    const code = await freshCode(email);
    const wrong = await checkCode(email, wrongOf(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'OTP_INVALID',
      message: messages.otpInvalidOrExpired,
    });
    const ok = await checkCode(email, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: messages.otpChecked });
    expect((await checkCode(email, code)).statusCode).toBe(200);
    expect((await reset(email, code, 'N3w!password')).statusCode).toBe(200);
    expect((await checkCode(email, code)).json().code).toBe('OTP_INVALID');
    expect((await login(email, 'N3w!password')).statusCode).toBe(200);
  });

  it('wrong checks count with the reset’s own: the code burns on the 5th, then the address waits', async () => {
    const { email } = await signUp(t);
    const code = await freshCode(email);
    // Two wrong tries on the check screen and two on the reset: one count for the code.
    for (let i = 0; i < 2; i += 1)
      expect((await checkCode(email, wrongOf(code))).statusCode).toBe(400);
    for (let i = 0; i < 2; i += 1) {
      expect((await reset(email, wrongOf(code), 'N3w!password')).statusCode).toBe(400);
    }
    expect(OTP_MAX_ATTEMPTS).toBe(5);
    const burnt = await checkCode(email, wrongOf(code));
    expect(burnt.json()).toMatchObject({
      code: 'OTP_TOO_MANY_ATTEMPTS',
      message: messages.otpTooManyAttempts,
    });
    // The address has had its five checks at this account this hour: refused without comparing.
    const throttled = await checkCode(email, code);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('OTP_VERIFY_THROTTLED');
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail like a wrong code, and refuses a malformed body', async () => {
    const ghost = `ghost.${Date.now()}@example.com`;
    const res = await checkCode(ghost, '1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_INVALID');
    const bad = await checkCode(ghost, '12a4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.invalidOtp);
  });
});

describe('a reset may not bring an old password back', () => {
  it('refuses the current password with PASSWORD_REUSED, and the same code then takes a new one', async () => {
    const { email } = await signUp(t);
    const code = await freshCode(email);
    const same = await reset(email, code, STRONG_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'PASSWORD_REUSED',
      message: messages.passwordReused,
    });
    // Nothing changed, and the refusal used neither the code nor one of its tries.
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await reset(email, code, STRONG_PASSWORD)).statusCode).toBe(400);
    const fine = await reset(email, code, 'N3w!password');
    expect(fine.statusCode, fine.body).toBe(200);
    expect((await login(email, 'N3w!password')).statusCode).toBe(200);
  });

  it(`refuses the current and the last ${PASSWORD_HISTORY_KEPT}; the one before those is allowed again`, async () => {
    const { email, id } = await signUp(t);
    const passwords = [
      STRONG_PASSWORD,
      'Sec0nd!pass',
      'Th1rd!pass',
      'F0urth!pass',
      'F1fth!pass',
      'S1xth!pass',
    ];
    for (const next of passwords.slice(1)) {
      const done = await reset(email, await freshCode(email), next);
      expect(done.statusCode, done.body).toBe(200);
    }
    // Current: S1xth; kept: F1fth, F0urth, Th1rd, Sec0nd. STRONG_PASSWORD has dropped out.
    const kept = await t.deps.database.db
      .select()
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, id));
    expect(kept).toHaveLength(PASSWORD_HISTORY_KEPT);
    for (const row of kept) expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // One code for all of them: a refused password leaves the code as it was.
    const code = await freshCode(email);
    for (const old of passwords.slice(1)) {
      const res = await reset(email, code, old);
      expect(res.json().code, old).toBe('PASSWORD_REUSED');
    }
    const oldest = await reset(email, code, STRONG_PASSWORD);
    expect(oldest.statusCode, oldest.body).toBe(200);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('the Security screen’s change follows the same history', async () => {
    const { email, token } = await signUp(t);
    const change = (currentPassword: string, newPassword: string, bearer: string) =>
      post('/api/user/change-password', { currentPassword, newPassword }, bearer);
    expect((await change(STRONG_PASSWORD, 'Sec0nd!pass', token)).statusCode).toBe(200);
    const back = await change('Sec0nd!pass', STRONG_PASSWORD, token);
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe('PASSWORD_REUSED');
    expect((await login(email, 'Sec0nd!pass')).statusCode).toBe(200);
    // And a reset after it knows the changed-from password too.
    const res = await reset(email, await freshCode(email), STRONG_PASSWORD);
    expect(res.json().code).toBe('PASSWORD_REUSED');
  });
});
