import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from './harness';

let t: TestApp;
let jwksServer: Server;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
const CLIENT_ID = 'owo-test.apps.googleusercontent.com';

beforeAll(async () => {
  // A local key set stands in for Google's: the verifier fetches it over HTTP like the real one.
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = {
    ...(await exportJWK(pair.publicKey)),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
  });
});
afterAll(async () => {
  await t.close();
  jwksServer.close();
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('password login', () => {
  it('signs in with the right password and returns a working token', async () => {
    const { email } = await signUp(t);
    const res = await login(email.toUpperCase(), STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String), data: { email } });
    expect(body.expires_in).toBeGreaterThan(0);
    const me = await t.request({ method: 'GET', url: '/api/user', token: body.token });
    expect(me.json().data.email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const { email } = await signUp(t);
    const wrong = await login(email, 'Wr0ng!pass', '10.0.0.2');
    const unknown = await login(uniqueEmail('ghost'), 'Wr0ng!pass', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(messages.badCredentials);
  });

  it('validates the login form with the spec messages', async () => {
    const res = await login('bad', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.invalidEmail);
    const empty = await login(uniqueEmail(), '');
    expect(empty.json().message).toBe(messages.invalidPassword);
  });

  it('throttles 5 failures from one address at an account, even with the right password', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 5; i += 1)
      expect((await login(email, 'Wr0ng!pass', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await login(email, STRONG_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.tooManyLoginAttempts);
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    // The owner elsewhere is not locked out by one guessing address (decision 0016).
    expect((await login(email, STRONG_PASSWORD, '10.1.0.9')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(email, STRONG_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('throttles 20 failures at an account from any addresses, even with the right password', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 20; i += 1)
      expect((await login(email, 'Wr0ng!pass', `10.3.${i}.1`)).statusCode).toBe(401);
    const blocked = await login(email, STRONG_PASSWORD, '10.3.99.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.tooManyLoginAttempts);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(email, STRONG_PASSWORD, '10.3.99.1')).statusCode).toBe(200);
  });

  it('throttles repeated failures per address across accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 20; i += 1) await login(uniqueEmail('spray'), 'Wr0ng!pass', ip);
    const { email } = await signUp(t);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('stores passwords as argon2id with the agreed cost', async () => {
    const { id } = await signUp(t);
    const row = await t.deps.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.id, id),
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('logout and revocation', () => {
  it('ends the session on the server', async () => {
    const { token } = await signUp(t);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(
      401,
    );
  });

  it('expires a token after its lifetime', async () => {
    const { email } = await signUp(t);
    const { token, expires_in } = (await login(email, STRONG_PASSWORD, '10.3.0.1')).json();
    t.clock.advance(expires_in * 1000 - 1000);
    expect((await t.request({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await t.request({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('resets with an e-mailed code and revokes every session', async () => {
    const { email, token } = await signUp(t);
    const asked = await t.request({
      method: 'POST',
      url: '/api/user/request-password-reset',
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const code = t.lastCode(email);
    const newPassword = 'N3w!password';
    const weak = await t.request({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { email, otp: code, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(messages.passwordCombined);
    const reset = await t.request({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { email, otp: code, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, '10.4.0.1')).statusCode).toBe(401);
    expect((await login(email, newPassword, '10.4.0.1')).statusCode).toBe(200);
    const reused = await t.request({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { email, otp: code, password: 'An0ther!pass' },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('answers an unknown e-mail like a known one and sends nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await t.request({
      method: 'POST',
      url: '/api/user/request-password-reset',
      payload: { email: ghost },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.passwordResetOtpSent);
    expect(t.outbox.some((m) => m.to === ghost)).toBe(false);
  });

  it('rate-limits reset requests for unknown and known e-mails alike', async () => {
    const { email } = await signUp(t);
    const ghost = uniqueEmail('ghost');
    for (const address of [email, ghost]) {
      const ask = () =>
        t.request({
          method: 'POST',
          url: '/api/user/request-password-reset',
          payload: { email: address },
        });
      expect((await ask()).statusCode).toBe(200);
      const again = await ask();
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toBe(messages.otpRateMinute);
    }
  });

  it('does not accept a sign-in code as a reset code', async () => {
    const { email } = await signUp(t);
    t.clock.advance(61_000);
    await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { email } });
    const res = await t.request({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { email, otp: t.lastCode(email), password: 'N3w!password' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Google sign-in', () => {
  async function idToken(
    claims: Record<string, unknown>,
    key = signingKey,
    options: { exp?: number } = {},
  ) {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience((claims.aud as string) ?? CLIENT_ID)
      .setSubject((claims.sub as string) ?? `g-${Math.random()}`)
      .setIssuedAt(now)
      .setExpirationTime(options.exp ?? now + 3600)
      .sign(key);
  }
  const google = (token: string) =>
    t.request({ method: 'POST', url: '/api/auth/google', payload: { idToken: token } });

  it('creates an account for a verified Google identity and signs it in again', async () => {
    const email = uniqueEmail('g');
    const sub = `sub-${Date.now()}`;
    const first = await google(
      await idToken({ email, sub, given_name: 'Tunde', family_name: 'Bello' }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { email, isGoogleUser: true, firstName: 'Tunde' },
    });
    const again = await google(await idToken({ email, sub }));
    expect(again.json().data._id).toBe(first.json().data._id);
  });

  it('links Google to an existing account with the same verified e-mail', async () => {
    const { email, id } = await signUp(t);
    const res = await google(await idToken({ email, sub: `link-${id}` }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(id);
  });

  it('rejects a wrong signature, audience, issuer, expiry or unverified e-mail', async () => {
    const email = uniqueEmail('g');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const bad = [
      await idToken({ email }, strangerKey),
      await idToken({ email, aud: 'someone-else' }),
      await idToken({ email }, signingKey, { exp: now - 10 }),
      await idToken({ email, email_verified: false }),
      await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer('https://evil.example.com')
        .setAudience(CLIENT_ID)
        .setSubject('x')
        .setExpirationTime(now + 3600)
        .sign(signingKey),
      'not-a-jwt',
    ];
    for (const token of bad) {
      const res = await google(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(messages.googleTokenInvalid);
    }
    const created = await t.deps.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, email),
    });
    expect(created).toBeUndefined();
  });
});

describe('Google sign-in without configuration', () => {
  // Starts an app of its own (its set-up counts in the test's time; over a minute when loaded).
  it('answers a clear error', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.request({
        method: 'POST',
        url: '/api/auth/google',
        payload: { idToken: 'x.y.z' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(messages.googleNotConfigured);
    } finally {
      await bare.close();
    }
  }, 300_000);
});
