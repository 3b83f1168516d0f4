import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { createServer } from 'node:net';
import pino from 'pino';
import { createMailer } from '../src/lib/mailer';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const requestOtp = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { email } });
const verifyOtp = (email: string, otp: string, remoteAddress = '127.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { email, otp },
    remoteAddress,
  });

describe('OTP sign-in and sign-up', () => {
  it('mails a 4-digit code and signs a new e-mail up through a ticket', async () => {
    const email = uniqueEmail();
    const sent = await requestOtp(email.toUpperCase());
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true });
    expect(t.lastCode(email)).toMatch(/^\d{4}$/);

    const verified = await verifyOtp(email, t.lastCode(email));
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.email).toBe(email);
    expect(body.token).toBeUndefined();
    expect(typeof body.signupTicket).toBe('string');

    const done = await t.request({
      method: 'POST',
      url: '/api/auth/complete-signup',
      payload: {
        firstName: 'Chioma',
        lastName: 'Eze',
        email,
        phoneNumber: '+2348031234567',
        password: STRONG_PASSWORD,
        signupTicket: body.signupTicket,
      },
    });
    expect(done.statusCode).toBe(200);
    const user = done.json();
    expect(user).toMatchObject({
      success: true,
      data: { email, firstName: 'Chioma', phoneNumber: '08031234567' },
    });
    expect(user.token).toEqual(expect.any(String));
    expect(user.expires_in).toBeGreaterThan(0);
  });

  it('signs an existing account in with a code', async () => {
    const { email } = await signUp(t);
    t.clock.advance(61_000);
    await requestOtp(email);
    const res = await verifyOtp(email, t.lastCode(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { email }, token: expect.any(String) });
    expect(res.json().email).toBeUndefined();
  });

  it('refuses complete-signup without a ticket for that e-mail', async () => {
    const victim = uniqueEmail('victim');
    const attacker = uniqueEmail('attacker');
    await requestOtp(attacker);
    const { signupTicket } = (await verifyOtp(attacker, t.lastCode(attacker))).json();
    const base = {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '08031234567',
      password: STRONG_PASSWORD,
    };
    const forged = await t.request({
      method: 'POST',
      url: '/api/auth/complete-signup',
      payload: { ...base, email: victim, signupTicket },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(messages.signupTicketInvalid);
    const missing = await t.request({
      method: 'POST',
      url: '/api/auth/complete-signup',
      payload: { ...base, email: victim },
    });
    expect(missing.statusCode).toBe(400);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an expired ticket and a second completion for one e-mail', async () => {
    const email = uniqueEmail();
    await requestOtp(email);
    const { signupTicket } = (await verifyOtp(email, t.lastCode(email))).json();
    const payload = {
      firstName: 'A',
      lastName: 'B',
      email,
      phoneNumber: '08031234567',
      password: STRONG_PASSWORD,
      signupTicket,
    };
    const [first, second] = await Promise.all([
      t.request({ method: 'POST', url: '/api/auth/complete-signup', payload }),
      t.request({ method: 'POST', url: '/api/auth/complete-signup', payload }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);

    const late = uniqueEmail();
    await requestOtp(late);
    const ticket = (await verifyOtp(late, t.lastCode(late))).json().signupTicket;
    t.clock.advance(31 * 60_000);
    const expired = await t.request({
      method: 'POST',
      url: '/api/auth/complete-signup',
      payload: { ...payload, email: late, signupTicket: ticket },
    });
    expect(expired.statusCode).toBe(400);
  });

  it('validates sign-up fields with the spec messages', async () => {
    const email = uniqueEmail();
    await requestOtp(email);
    const { signupTicket } = (await verifyOtp(email, t.lastCode(email))).json();
    const base = {
      firstName: 'A',
      lastName: 'B',
      email,
      phoneNumber: '08031234567',
      password: STRONG_PASSWORD,
      signupTicket,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'weakpass' }, messages.passwordCombined],
      [{ phoneNumber: '12345' }, messages.invalidPhoneFormat],
      [{ phoneNumber: '00031234567' }, messages.invalidPhoneFormat],
      [{ firstName: '  ' }, messages.provideFirstName],
      [{ lastName: '' }, messages.provideLastName],
      [{ email: 'not-an-email' }, messages.invalidEmail],
    ];
    for (const [change, message] of cases) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/complete-signup',
        payload: { ...base, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('OTP rules', () => {
  it('rejects a malformed code and e-mail with the spec messages', async () => {
    const bad = await verifyOtp(uniqueEmail(), '12a4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.invalidOtp);
    const badEmail = await requestOtp('nope');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(messages.invalidEmail);
  });

  it('expires a code after 10 minutes', async () => {
    const email = uniqueEmail();
    await requestOtp(email);
    const code = t.lastCode(email);
    t.clock.advance(10 * 60_000 + 1);
    const res = await verifyOtp(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.otpInvalidOrExpired);
  });

  it('accepts a code once', async () => {
    const email = uniqueEmail();
    await requestOtp(email);
    const code = t.lastCode(email);
    const [a, b] = await Promise.all([verifyOtp(email, code), verifyOtp(email, code)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((await verifyOtp(email, code)).statusCode).toBe(400);
  });

  it('burns a code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    await requestOtp(email);
    const code = t.lastCode(email);
    const wrong = code === '0000' ? '1111' : '0000';
    const replies = [];
    for (let i = 0; i < 5; i += 1) replies.push((await verifyOtp(email, wrong)).json().message);
    expect(replies.slice(0, 4).every((m) => m === messages.otpInvalidOrExpired)).toBe(true);
    expect(replies[4]).toBe(messages.otpTooManyAttempts);
    // From the guessing address the limit answers first; from any other, the code is burned.
    const here = await verifyOtp(email, code);
    expect(here.statusCode).toBe(429);
    expect(here.json().message).toBe(messages.otpVerifyThrottled);
    expect(Number(here.headers['retry-after'])).toBeGreaterThan(0);
    const right = await verifyOtp(email, code, '10.7.0.1');
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(messages.otpInvalidOrExpired);
  });

  it('allows 1 request a minute and 5 an hour per e-mail, and a new code replaces the old', async () => {
    const email = uniqueEmail();
    expect((await requestOtp(email)).statusCode).toBe(200);
    const first = t.lastCode(email);
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/resend-otp',
      payload: { email },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(messages.otpRateMinute);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(61_000);
      expect(
        (await t.request({ method: 'POST', url: '/api/auth/resend-otp', payload: { email } }))
          .statusCode,
      ).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await requestOtp(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(messages.otpRateHour);
    const latest = t.lastCode(email);
    if (latest !== first) expect((await verifyOtp(email, first)).statusCode).toBe(400);
    expect((await verifyOtp(email, latest)).statusCode).toBe(200);
    // Another address is not affected.
    expect((await requestOtp(uniqueEmail())).statusCode).toBe(200);
  });

  it('answers 503 when the mail server is down, and no code or request is used up', async () => {
    // The real SMTP mailer, pointed at a port nothing listens on (the production profile's path).
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const down = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'owo@example.com',
      logger: pino({ level: 'silent' }),
    });
    const email = uniqueEmail();
    const user = await signUp(t, email);
    t.clock.advance(61_000);
    expect((await requestOtp(email)).statusCode).toBe(200);
    const working = t.lastCode(email);
    const sentBefore = t.outbox.length;
    t.clock.advance(61_000);

    const { send } = t.deps.mailer;
    t.deps.mailer.send = (mail) => down.send(mail);
    try {
      // Six tries in one minute: none uses up the minute's or the hour's codes.
      for (let i = 0; i < 6; i += 1) {
        const refused = await requestOtp(email);
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toMatchObject({
          success: false,
          code: 'MAIL_UNAVAILABLE',
          message: messages.mailUnavailable,
        });
        expect(refused.headers['retry-after']).toBe('60');
      }
      const reset = await t.request({
        method: 'POST',
        url: '/api/user/request-password-reset',
        payload: { email },
      });
      expect(reset.statusCode).toBe(503);
    } finally {
      t.deps.mailer.send = send;
    }
    expect(t.outbox.length).toBe(sentBefore);
    // The code mailed before the outage still signs in.
    const signedIn = await verifyOtp(email, working);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data._id).toBe(user.id);

    // With the mail server back, a fresh code is sent within the same minute: the failed
    // requests were given back.
    expect((await requestOtp(email)).statusCode).toBe(200);
    expect(t.lastCode(email)).toMatch(/^\d{4}$/);
  });

  it('stores codes hashed, never in clear', async () => {
    const email = uniqueEmail();
    await requestOtp(email);
    const code = t.lastCode(email);
    const rows = await t.deps.database.db.query.otpCodes.findMany();
    const mine = rows.filter((r) => r.email === email);
    expect(mine.length).toBe(1);
    expect(mine[0]!.codeHash).not.toContain(code);
    expect(mine[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
