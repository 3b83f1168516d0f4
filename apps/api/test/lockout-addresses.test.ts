import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from './harness';

/**
 * Lockouts an attacker cannot aim (decision 0050): failures are counted per account and address;
 * the account-wide ceiling still stops a guess spread over many addresses, but not at an address
 * the owner signed in from, and the owner away from home still gets in with a fresh code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOME = '192.0.2.10';
const NEW_PHONE = '192.0.2.99';
const attackers = (n: number, base: number) =>
  Array.from({ length: n }, (_, i) => `198.51.${base}.${i + 1}`);

const post = (url: string, payload: object, remoteAddress: string) =>
  t.request({ method: 'POST', url, payload, remoteAddress });
const login = (email: string, password: string, ip: string) =>
  post('/api/auth/login', { email, password }, ip);
const requestOtp = (email: string, ip: string) => post('/api/auth/request-otp', { email }, ip);
const verifyOtp = (email: string, otp: string, ip: string) =>
  post('/api/auth/verify-otp', { email, otp }, ip);

/** An account that signed up (and so signed in) from HOME. */
async function ownerAtHome() {
  const email = uniqueEmail('owner');
  expect((await requestOtp(email, HOME)).statusCode).toBe(200);
  const verified = await verifyOtp(email, t.lastCode(email), HOME);
  const done = await post(
    '/api/auth/complete-signup',
    {
      firstName: 'Ada',
      lastName: 'Obi',
      email,
      phoneNumber: '08031234567',
      password: STRONG_PASSWORD,
      signupTicket: verified.json().signupTicket,
    },
    HOME,
  );
  expect(done.statusCode, done.body).toBe(200);
  t.clock.advance(61_000);
  return email;
}

describe('passwords guessed from many addresses at once', () => {
  it('checks at most 5 per address and 20 in all, and the owner at home still signs in', async () => {
    const email = await ownerAtHome();
    // Eight addresses, eight wrong passwords each, all at once.
    const burst = await Promise.all(
      attackers(8, 1).flatMap((ip) =>
        Array.from({ length: 8 }, (_, i) =>
          login(email, `Wrong!pass${i}`, ip).then((r) => ({ ip, r })),
        ),
      ),
    );
    const checked = burst.filter(({ r }) => r.json().code === 'BAD_CREDENTIALS');
    const refused = burst.filter(({ r }) => r.json().code === 'LOGIN_THROTTLED');
    expect(checked.length + refused.length).toBe(64);
    expect(checked.length).toBe(20);
    for (const ip of attackers(8, 1)) {
      expect(checked.filter((c) => c.ip === ip).length).toBeLessThanOrEqual(5);
    }
    // The ceiling holds for a ninth address even with the right password...
    expect((await login(email, STRONG_PASSWORD, '198.51.1.200')).json().code).toBe(
      'LOGIN_THROTTLED',
    );
    // ...but the owner, where they signed in before, is not held back by strangers.
    expect((await login(email, STRONG_PASSWORD, HOME)).statusCode).toBe(200);
    // Away from home the ceiling applies; a fresh code is the owner's way in, and it lifts it.
    expect((await login(email, STRONG_PASSWORD, NEW_PHONE)).statusCode).toBe(429);
    expect((await requestOtp(email, NEW_PHONE)).statusCode).toBe(200);
    expect((await verifyOtp(email, t.lastCode(email), NEW_PHONE)).statusCode).toBe(200);
    expect((await login(email, STRONG_PASSWORD, '192.0.2.150')).statusCode).toBe(200);
  });
});

describe('codes guessed from many addresses at once', () => {
  it('checks at most 5 per code and 10 in all, and the owner at home signs in with a fresh code', async () => {
    const email = await ownerAtHome();
    expect((await requestOtp(email, HOME)).statusCode).toBe(200);
    const first = t.lastCode(email);
    const wrong = (i: number) => String((Number(first) + 1 + i) % 10_000).padStart(4, '0');
    // Six addresses, five wrong codes each, all at once: the issue locked the owner with two.
    const burst = await Promise.all(
      attackers(6, 2).flatMap((ip) =>
        Array.from({ length: 5 }, (_, i) => verifyOtp(email, wrong(i), ip)),
      ),
    );
    const codes = burst.map((r) => r.json().code as string);
    const checked = codes.filter((c) => c === 'OTP_INVALID' || c === 'OTP_TOO_MANY_ATTEMPTS');
    expect(codes.filter((c) => c === 'OTP_VERIFY_THROTTLED').length + checked.length).toBe(30);
    // The account-wide ceiling: 10 checks, i.e. two codes' worth (the open code burned at 5).
    expect(checked.length).toBe(10);
    expect(codes.filter((c) => c === 'OTP_TOO_MANY_ATTEMPTS').length).toBeLessThanOrEqual(1);
    expect(burst.every((r) => r.statusCode !== 200)).toBe(true);

    // A new address meets the ceiling, even with a right code.
    t.clock.advance(61_000);
    expect((await requestOtp(email, HOME)).statusCode).toBe(200);
    const fresh = t.lastCode(email);
    expect((await verifyOtp(email, fresh, '198.51.2.200')).json().code).toBe(
      'OTP_VERIFY_THROTTLED',
    );
    // The owner at home: the fresh code signs in.
    const home = await verifyOtp(email, fresh, HOME);
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().data.email).toBe(email);
  });

  it('away from home, a password reset is the way in when sign-in codes are being guessed', async () => {
    const email = await ownerAtHome();
    expect((await requestOtp(email, HOME)).statusCode).toBe(200);
    await Promise.all(
      attackers(3, 3).flatMap((ip) =>
        Array.from({ length: 5 }, (_, i) => verifyOtp(email, String(1000 + i), ip)),
      ),
    );
    t.clock.advance(61_000);
    expect((await requestOtp(email, NEW_PHONE)).statusCode).toBe(200);
    expect((await verifyOtp(email, t.lastCode(email), NEW_PHONE)).statusCode).toBe(429);
    // The reset code has its own count: it works from the new phone.
    expect((await post('/api/user/request-password-reset', { email }, NEW_PHONE)).statusCode).toBe(
      200,
    );
    const reset = await post(
      '/api/user/reset-password',
      { email, otp: t.lastCode(email), password: 'N3w!password' },
      NEW_PHONE,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(email, 'N3w!password', NEW_PHONE)).statusCode).toBe(200);
  });
});
