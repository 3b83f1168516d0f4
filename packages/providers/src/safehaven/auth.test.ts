import { generateKeyPairSync } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { SAFEHAVEN_CATEGORY_IDS } from './catalogue';
import {
  CLIENT_ASSERTION_TYPE,
  TOKEN_REFRESH_MARGIN_MS,
  createTokenSource,
  signClientAssertion,
  verifyClientAssertion,
  type AssertionClaims,
} from './auth';
import { createSafeHavenClient } from './client';
import { safeHavenSimulator } from './simulator';

const keys = SANDBOX_KEYS.safehaven;
const NOW_S = 1_800_000_000;
const claims: AssertionClaims = {
  iss: keys.companyUrl,
  sub: keys.clientId,
  aud: 'http://127.0.0.1/safehaven',
  iat: NOW_S,
  exp: NOW_S + 600,
};

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('client assertion (RS256 with node:crypto)', () => {
  it('verifies what it signed, with the claims intact', () => {
    const jwt = signClientAssertion(claims, keys.privateKey);
    const [header] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
    });
    expect(verifyClientAssertion(jwt, keys.publicKey, NOW_S)).toEqual({ ok: true, claims });
  });

  it('refuses a changed payload, a changed signature and another key', () => {
    const jwt = signClientAssertion(claims, keys.privateKey);
    const [header, , signature] = jwt.split('.');
    const forged = `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`;
    expect(verifyClientAssertion(forged, keys.publicKey, NOW_S)).toEqual({
      ok: false,
      reason: 'signature',
    });
    const flipped = signature!.startsWith('A')
      ? `B${signature!.slice(1)}`
      : `A${signature!.slice(1)}`;
    expect(
      verifyClientAssertion(`${header}.${jwt.split('.')[1]}.${flipped}`, keys.publicKey, NOW_S),
    ).toMatchObject({ ok: false, reason: 'signature' });
    const truncated = `${header}.${jwt.split('.')[1]}.AAAA`;
    expect(verifyClientAssertion(truncated, keys.publicKey, NOW_S)).toMatchObject({
      reason: 'signature',
    });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(verifyClientAssertion(signClientAssertion(claims, pem), keys.publicKey, NOW_S)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses alg none, expired and malformed tokens, and missing claims', () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.AAAA`;
    expect(verifyClientAssertion(unsigned, keys.publicKey, NOW_S)).toMatchObject({
      reason: 'algorithm',
    });
    const jwt = signClientAssertion(claims, keys.privateKey);
    expect(verifyClientAssertion(jwt, keys.publicKey, claims.exp)).toMatchObject({
      reason: 'expired',
    });
    expect(verifyClientAssertion('not-a-jwt', keys.publicKey, NOW_S)).toMatchObject({
      reason: 'malformed',
    });
    const noSub = signClientAssertion({ ...claims, sub: '' }, keys.privateKey);
    expect(verifyClientAssertion(noSub, keys.publicKey, NOW_S)).toMatchObject({
      reason: 'claims',
    });
  });
});

interface Standalone {
  app: FastifyInstance;
  baseUrl: string;
  /** Paths requested, in order. */
  calls: string[];
  tokenCalls(): number;
  /** The simulator's token clock (real ms), moved by tests. */
  authClock: { ms: number };
}

let running: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(running.map((app) => app.close()));
  running = [];
});

async function standalone(tokenLifetimeSeconds = 2_400): Promise<Standalone> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const calls: string[] = [];
  const authClock = { ms: Date.now() };
  app.addHook('onRequest', async (request) => {
    calls.push(request.url);
  });
  await app.register(safeHavenSimulator, {
    prefix: '/safehaven',
    keys,
    now: Date.now,
    holdMs: 1_000,
    authNow: () => authClock.ms,
    tokenLifetimeSeconds,
    log: () => {},
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  running.push(app);
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}/safehaven/`,
    calls,
    tokenCalls: () => calls.filter((c) => c.endsWith('/oauth2/token')).length,
    authClock,
  };
}

function client(baseUrl: string, overrides: { privateKey?: string; now?: () => number } = {}) {
  return createSafeHavenClient({
    baseUrl,
    timeoutMs: 2_000,
    clientId: keys.clientId,
    privateKey: overrides.privateKey ?? keys.privateKey,
    companyUrl: keys.companyUrl,
    debitAccountNumber: keys.debitAccountNumber,
    now: overrides.now,
  });
}

describe('token exchange against the simulator', () => {
  it('exchanges a signed assertion for a token and caches it until shortly before expiry', async () => {
    const sim = await standalone(600);
    let clock = Date.now();
    const source = createTokenSource(
      {
        baseUrl: sim.baseUrl,
        clientId: keys.clientId,
        privateKey: keys.privateKey,
        companyUrl: keys.companyUrl,
      },
      { timeoutMs: 2_000, now: () => clock },
    );
    // A burst of callers shares one token request.
    const [a, b] = await Promise.all([source.get(), source.get()]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.token.accessToken).toBe(b.token.accessToken);
    expect(a.token.ibsClientId).toMatch(/^[0-9a-f]{24}$/);
    expect(sim.tokenCalls()).toBe(1);

    clock += 600_000 - TOKEN_REFRESH_MARGIN_MS - 1_000;
    const c = await source.get();
    expect(c.ok && c.token.accessToken).toBe(a.token.accessToken);
    expect(sim.tokenCalls()).toBe(1);

    clock += 2_000; // now inside the refresh margin
    const d = await source.get();
    expect(d.ok && d.token.accessToken).not.toBe(a.token.accessToken);
    expect(sim.tokenCalls()).toBe(2);
  });

  it('makes one token request for many calls, and refreshes once on a 401', async () => {
    const sim = await standalone();
    const ours = { ms: sim.authClock.ms };
    const sh = client(sim.baseUrl, { now: () => ours.ms });
    await sh.banks();
    await sh.products(SAFEHAVEN_CATEGORY_IDS.data.MTN);
    expect(sim.tokenCalls()).toBe(1);

    // Safe Haven expires the token before our cache thinks it should (clock skew, revocation).
    // Our clock runs two minutes behind: our cache still has two minutes left.
    sim.authClock.ms += 2_400_000;
    ours.ms += 2_400_000 - 120_000;
    const banks = await sh.banks();
    expect(banks.length).toBeGreaterThan(20);
    expect(sim.tokenCalls()).toBe(2);
    const tail = sim.calls.slice(-3).map((c) => c.replace(/^\/safehaven\//, ''));
    expect(tail).toEqual(['transfers/banks', 'oauth2/token', 'transfers/banks']);
  });

  it('refuses a wrong key, an expired assertion and a foreign client id with a 401', async () => {
    const sim = await standalone();
    const post = (body: Record<string, unknown>) =>
      fetch(`${sim.baseUrl}oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: keys.clientId,
          client_assertion_type: CLIENT_ASSERTION_TYPE,
          ...body,
        }),
      });
    const nowS = Math.floor(Date.now() / 1000);
    const good = { ...claims, aud: sim.baseUrl, iat: nowS, exp: nowS + 600 };
    const ok = await post({ client_assertion: signClientAssertion(good, keys.privateKey) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 2_400 });

    const expired = await post({
      client_assertion: signClientAssertion({ ...good, exp: nowS - 1 }, keys.privateKey),
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ statusCode: 401, error: 'invalid_client' });

    const wrongAud = await post({
      client_assertion: signClientAssertion({ ...good, aud: 'https://elsewhere' }, keys.privateKey),
    });
    expect(wrongAud.status).toBe(401);

    const foreign = await post({
      client_id: 'someone-else',
      client_assertion: signClientAssertion(good, keys.privateKey),
    });
    expect(foreign.status).toBe(401);

    const noToken = await fetch(`${sim.baseUrl}transfers/banks`);
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ statusCode: 401 });
  });

  it('with a key Safe Haven does not know: reads throw, creates are unavailable, pay is not sent', async () => {
    const sim = await standalone();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const sh = client(sim.baseUrl, {
      privateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    await expect(sh.banks()).rejects.toBeInstanceOf(ProviderError);
    expect(await sh.initiateVerification({ type: 'NIN', number: '22200000001' })).toMatchObject({
      ok: false,
      reason: 'unavailable',
    });
    expect(await sh.nameEnquiry({ bankCode: '000013', accountNumber: '0123456789' })).toMatchObject(
      { ok: false, reason: 'unavailable' },
    );
    const pay = await sh.pay('airtime', {
      reference: 'ref-no-token',
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      amountKobo: 10_000,
      phoneNumber: '08011111111',
    });
    expect(pay).toMatchObject({ status: 'failed', alert: expect.stringMatching(/token/) });
    expect(pay.description).toContain('pay not sent');
    expect(sim.calls.some((c) => c.includes('vas/pay'))).toBe(false);
    const requery = await sh.requery({
      reference: 'ref-no-token',
      providerReference: '6a1f00c0ffee000000100001',
    });
    expect(requery).toMatchObject({
      status: 'pending',
      providerReference: '6a1f00c0ffee000000100001',
    });
  });
});
