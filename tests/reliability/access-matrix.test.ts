import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_GUARD_SCRIPT } from '@owo/shared/landing-guard-script';
import { messages } from '@owo/shared/messages';
import { buildApp, type ApiRoute } from '../../apps/api/src/app';
import { loadConfig, type Config } from '../../apps/api/src/config';
import { errorCatalogue } from '../../apps/api/src/errors';
import { sessions, users } from '../../apps/api/src/db/schema';
import {
  balanceKobo,
  createTestApp,
  customer,
  PIN,
  uniqueEmail,
  type TestApp,
} from '../../apps/api/test/harness';
import { FIXED_OTP, identityNumber } from '../../apps/api/test/deposit-support';
import { expectMoneyInvariants } from './support/invariants';
import {
  bearer,
  callRoute,
  callUpload,
  outcome,
  type Credential,
  type Reply,
} from './support/access/calls';
import { changedTables, snapshotTables } from './support/access/db-snapshot';
import {
  ADMIN_ATTACK_BODIES,
  EXPECTED_PUBLIC,
  fillPath,
  OWNED_PARAM_ROUTES,
  paramsOf,
  routeKey,
  sampleUrl,
  uncoveredParamRoutes,
} from './support/access/route-params';
import { buildAccessWorld, leaksIn, type AccessWorld } from './support/access/world';

/**
 * access matrix: generated from app.routeTable. Every guarded route is called without a
 * token, with broken, unknown, revoked, disabled-account and expired tokens (401, nothing
 * changes); every admin route as a regular user (403, nothing changes); every admin-area read as
 * support staff (200) and every admin-area write (403, nothing changes); every route whose
 * parameter names something a user owns as user B on user A's ids (404, none of A's data in the
 * reply). Then the rate limits (their own app and clock) and the security headers and CORS.
 */

/** Admin routes: under /api/admin, or an /admin segment of a feature (/api/airtime-swap/admin). */
const isAdminPath = (url: string) => /\/admin(\/|$)/.test(url);

/** The admin area's guards: staff (reads, admin or support) and admin (writes, admin only). */
const isStaffArea = (access: ApiRoute['access']) => access === 'admin' || access === 'staff';

/** Figures for docs/reliability.md, printed at the end. */
const figures: Record<string, number> = {};
const count = (what: string, n = 1) => {
  figures[what] = (figures[what] ?? 0) + n;
};

describe('access matrix', () => {
  let t: TestApp;
  let w: AccessWorld;
  let guarded: ApiRoute[];
  /** Signed in before anything else, so the clock can expire it alone at the end. */
  let early: { token: string; id: string };

  beforeAll(async () => {
    // No background jobs: the "database unchanged" checks compare every table.
    t = await createTestApp({ ANALYTICS_ROLLUP_INTERVAL_MS: '0' });
    early = await customer(t);
    w = await buildAccessWorld(t);
    // Every route not meant to be public, whatever guard it registered: one that lost its guard
    // is still called (and must still refuse).
    guarded = t.app.routeTable.filter((r) => !EXPECTED_PUBLIC.includes(routeKey(r)));
  });
  afterAll(async () => {
    console.log(`access matrix figures: ${JSON.stringify(figures)}`);
    await t?.close();
  });

  it('the public routes are exactly the expected set, and every other route is guarded', () => {
    const table = t.app.routeTable;
    const pub = table.filter((r) => r.access === 'public').map(routeKey);
    expect(pub.sort()).toEqual(EXPECTED_PUBLIC);
    // The admin area lives under an /admin path segment; a route there with a weaker guard is a
    // hole even if the route table still lists it.
    const weakAdmin = table.filter((r) => isAdminPath(r.url) && !isStaffArea(r.access));
    expect(weakAdmin.map(routeKey)).toEqual([]);
    figures.routes = table.length;
    figures.publicRoutes = pub.length;
    figures.userRoutes = table.filter((r) => r.access === 'user').length;
    figures.adminRoutes = table.filter((r) => r.access === 'admin').length;
    figures.staffRoutes = table.filter((r) => r.access === 'staff').length;
  });

  it('every route with a parameter has an id provider (new routes are covered by construction)', () => {
    const { missing, stale } = uncoveredParamRoutes(t.app.routeTable);
    expect(missing, 'routes with a :param that route-params.ts does not cover').toEqual([]);
    expect(stale, 'route-params.ts rows naming no route').toEqual([]);
    figures.paramRoutes = t.app.routeTable.filter((r) => paramsOf(r.url).length > 0).length;
  });

  it('the unsigned webhooks are refused and change nothing', async () => {
    const before = await snapshotTables(t.deps.database.db);
    const res = await t.request({
      method: 'POST',
      url: '/api/webhooks/palmpay',
      payload: { orderNo: 'X1', orderStatus: 1, orderAmount: 100_000, sign: 'forged' },
    });
    expect(res.statusCode).toBe(401);
    const ogdams = await t.request({
      method: 'POST',
      url: '/api/webhooks/ogdams',
      headers: { 'ogdams-simhosting-signature': 'f'.repeat(128) },
      payload: { status: true, code: 200, data: { msg: 'Successful', reference: 'X1' } },
    });
    expect(ogdams.statusCode).toBe(401);
    // VTpass signs nothing: a callback naming no order of ours is acknowledged and moves nothing.
    const vtpass = await t.request({
      method: 'POST',
      url: '/api/webhooks/vtpass',
      payload: { type: 'transaction-update', data: { code: '040', requestId: 'X1' } },
    });
    expect(vtpass.json()).toEqual({ response: 'success' });
    // Only the count of refused signatures moves (decision 0045): nothing else is written.
    expect(changedTables(before, await snapshotTables(t.deps.database.db))).toEqual([
      'supplier_webhooks',
    ]);
  });

  it("user B on user A's ids: 404 and none of A's data, on every owned parameter", async () => {
    const before = await snapshotTables(t.deps.database.db);
    const b = bearer('user B', w.b.token);
    const failures: string[] = [];
    for (const route of guarded.filter((r) => routeKey(r) in OWNED_PARAM_ROUTES)) {
      for (const id of OWNED_PARAM_ROUTES[routeKey(route)]!(w)) {
        const url = fillPath(route.url, id.value);
        const res = route.url.endsWith('/upload')
          ? await callUpload(t, url, b)
          : await callRoute(t, route, url, b);
        count('crossUserCalls');
        const leaks = leaksIn(res.body, w, [id.value]);
        if (![403, 404].includes(res.statusCode) || leaks.length > 0) {
          failures.push(`${routeKey(route)} with A's ${id.label}: ${outcome(res)} ${leaks}`);
        }
        // The same id as A answers: the 404 above is the owner check, not a bad id.
        const own =
          route.url.endsWith('/upload') || id.ownerOpens === false
            ? undefined
            : await callRoute(t, route, url, bearer('user A', w.a.token));
        if (own && own.statusCode !== 200) {
          failures.push(`${routeKey(route)} with A's ${id.label} as A: ${outcome(own)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // rate_events is the limiter's bookkeeping, not data: A's own status reads of A's checkout
    // claim the PalmPay question they may ask (decision 0016, "Checkouts").
    const changed = changedTables(before, await snapshotTables(t.deps.database.db));
    expect(changed.filter((table) => table !== 'rate_events')).toEqual([]);
  });

  it("user B's own lists and lookups hold none of A's data", async () => {
    const b = bearer('user B', w.b.token);
    const failures: string[] = [];
    const gets = guarded.filter(
      (r) => r.access === 'user' && r.method === 'GET' && paramsOf(r.url).length === 0,
    );
    for (const route of gets) {
      const res = await callRoute(t, route, route.url, b);
      count('crossUserCalls');
      const leaks = leaksIn(res.body, w);
      if (res.statusCode >= 500 || leaks.length > 0)
        failures.push(`${routeKey(route)}: ${outcome(res)} ${leaks}`);
    }

    // Ids that travel in the body or the query rather than the path.
    const lagosMonth = new Date(t.clock.now().getTime() + 3_600_000).toISOString().slice(0, 7);
    const probes: { what: string; res: Awaited<ReturnType<TestApp['request']>>; ok: number[] }[] = [
      {
        what: "history searched for A's reference",
        res: await t.request({
          method: 'GET',
          url: `/api/transactions?search=${encodeURIComponent(w.a.transactionReference)}`,
          headers: b.headers,
        }),
        ok: [200],
      },
      {
        what: "validate A's identity check",
        res: await t.request({
          method: 'POST',
          url: '/api/verification/validate',
          headers: b.headers,
          payload: { identityId: w.a.identityId, otp: FIXED_OTP },
        }),
        ok: [404],
      },
      {
        what: "open an account on A's identity check",
        res: await t.request({
          method: 'POST',
          url: '/api/account/subaccount',
          headers: b.headers,
          payload: {
            phoneNumber: '08031234567',
            emailAddress: w.b.email,
            identityId: w.a.identityId,
            identityNumber: w.a.identityNumber,
            identityType: 'NIN',
            otp: FIXED_OTP,
          },
        }),
        ok: [400, 403, 404, 409],
      },
      {
        what: "enquire about A's NIN",
        res: await t.request({
          method: 'POST',
          url: '/api/verification/enquiry',
          headers: b.headers,
          payload: { type: 'NIN', number: w.a.identityNumber },
        }),
        ok: [200, 404],
      },
      {
        what: "replay A's Idempotency-Key and body",
        res: await t.request({
          method: 'POST',
          url: '/api/transactions/airtime',
          headers: { ...b.headers, 'idempotency-key': w.a.purchaseKey },
          payload: w.a.purchaseBody,
        }),
        // B has no money: B's own request is judged (402), A's stored reply is not replayed.
        ok: [402],
      },
      {
        what: "B's statement of the month A transacted in",
        res: await t.request({
          method: 'GET',
          url: `/api/transactions/statement?month=${lagosMonth}`,
          headers: b.headers,
        }),
        ok: [200],
      },
    ];
    for (const probe of probes) {
      count('crossUserCalls');
      const leaks = leaksIn(probe.res.body, w, [
        w.a.transactionReference,
        w.a.identityId,
        w.a.identityNumber,
        w.a.purchaseKey,
      ]);
      if (!probe.ok.includes(probe.res.statusCode) || leaks.length > 0)
        failures.push(`${probe.what}: ${outcome(probe.res)} ${leaks} ${probe.res.body}`);
    }
    const history = probes[0]!.res.json() as { transactions: unknown[] };
    expect(history.transactions).toEqual([]);
    expect(failures).toEqual([]);
    // B got no account from A's identity check.
    const accounts = await t.request({ method: 'GET', url: '/api/account', headers: b.headers });
    expect(accounts.json().data).toEqual([]);
  });

  it('a regular user on every admin route: 403, and the database is unchanged', async () => {
    const before = await snapshotTables(t.deps.database.db);
    const failures: string[] = [];
    for (const as of [bearer('user B', w.b.token), bearer('user A', w.a.token)]) {
      for (const route of guarded.filter((r) => isStaffArea(r.access) || isAdminPath(r.url))) {
        const res = await callRoute(
          t,
          route,
          sampleUrl(route, w),
          as,
          ADMIN_ATTACK_BODIES[routeKey(route)],
        );
        count('adminAsUserCalls');
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN')
          failures.push(`${routeKey(route)} as ${as.label}: ${outcome(res)}`);
        else expect(res.json().message).toBe(messages.forbidden);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshotTables(t.deps.database.db))).toEqual([]);
    // The admin's own token passes the same guard (the 403s above are the role check).
    const status = await t.request({
      method: 'GET',
      url: '/api/admin/system/status',
      headers: bearer('admin', w.admin.token).headers,
    });
    expect(status.statusCode).toBe(200);
  });

  it('support staff: every admin-area read answers, every write is 403; the database is unchanged', async () => {
    const support = bearer('support', w.support.token);
    const before = await snapshotTables(t.deps.database.db);
    const failures: string[] = [];
    const area = guarded.filter((r) => isStaffArea(r.access) || isAdminPath(r.url));
    for (const route of area) {
      const res = await callRoute(
        t,
        route,
        sampleUrl(route, w),
        support,
        ADMIN_ATTACK_BODIES[routeKey(route)],
      );
      count('supportCalls');
      if (route.access === 'staff') {
        // Reads only: a staff route that is not a GET could change something.
        if (route.method !== 'GET') failures.push(`${routeKey(route)} is staff but not a GET`);
        if (res.statusCode !== 200) failures.push(`${routeKey(route)} as support: ${outcome(res)}`);
      } else if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN') {
        failures.push(`${routeKey(route)} as support: ${outcome(res)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(area.filter((r) => r.access === 'staff').length).toBeGreaterThan(10);
    expect(changedTables(before, await snapshotTables(t.deps.database.db))).toEqual([]);
    // Support staff cannot give themselves (or anyone) a role: role changes are admin only.
    const promote = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${w.support.id}/role`,
      headers: support.headers,
      payload: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(403);
    const me = await t.request({ method: 'GET', url: '/api/user', headers: support.headers });
    expect(me.json().data.role).toBe('support');
  });

  /** Every guarded route with each credential: 401 UNAUTHORIZED; the database is unchanged. */
  /** `code`: UNAUTHORIZED, or the reason a real session ended (SESSION_EXPIRED, decision 0049). */
  async function expectAllRefused(who: Credential[], code = 'UNAUTHORIZED') {
    const before = await snapshotTables(t.deps.database.db);
    const failures: string[] = [];
    for (const cred of who) {
      for (const route of guarded) {
        const res = await callRoute(t, route, sampleUrl(route, w), cred);
        count(`401:${cred.label}`);
        // The reseller API's routes take API keys only: a session, or anything else, is no key.
        const expected = route.access === 'apikey' ? 'API_KEY_INVALID' : code;
        if (res.statusCode !== 401 || res.json().code !== expected)
          failures.push(`${routeKey(route)} ${cred.label}: ${outcome(res)}`);
        else if (leaksIn(res.body, w).length > 0) failures.push(`${routeKey(route)}: leaks`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshotTables(t.deps.database.db))).toEqual([]);
  }

  it('no token, malformed and unknown tokens: 401 on every guarded route', async () => {
    await expectAllRefused([
      { label: 'no token', headers: {} },
      { label: 'empty bearer', headers: { authorization: 'Bearer ' } },
      { label: 'basic auth', headers: { authorization: `Basic ${btoa(`${w.a.email}:x`)}` } },
      { label: 'malformed token', headers: { authorization: 'Bearer not a token!' } },
      // Well-formed but never issued (a guess, or a token from another deployment).
      bearer('unknown token', randomBytes(32).toString('base64url')),
    ]);
  });

  it("revoked (logged out, password reset) and disabled accounts' tokens: 401 everywhere", async () => {
    // Logout revokes the session it is called with.
    const loggedOut = await customer(t);
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer('x', loggedOut.token).headers,
    });
    expect(out.statusCode).toBe(200);
    // A password reset revokes every session of the account.
    const reset = await customer(t);
    await t.request({
      method: 'POST',
      url: '/api/user/request-password-reset',
      payload: { email: reset.email },
    });
    const done = await t.request({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { email: reset.email, otp: t.lastCode(reset.email), password: 'N3w!password' },
    });
    expect(done.statusCode).toBe(200);
    // A suspended account (an admin's suspension, which also revokes its sessions), and one
    // disabled by a database change alone (its session rows untouched: the guard reads the status).
    const disabled = await customer(t);
    const suspended = await customer(t);
    const suspension = await t.request({
      method: 'POST',
      url: `/api/admin/users/${suspended.id}/suspend`,
      headers: bearer('admin', w.admin.token).headers,
      payload: { reason: 'access matrix' },
    });
    expect(suspension.statusCode).toBe(200);
    await t.deps.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, disabled.id));

    await expectAllRefused([
      bearer('logged-out token', loggedOut.token),
      bearer('token from before a password reset', reset.token),
      bearer("disabled account's token", disabled.token),
      bearer("suspended account's token", suspended.token),
    ]);
    // And the disabled account cannot sign in again.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: disabled.email, password: disabled.password },
    });
    expect(login.statusCode).toBe(403);
    const suspendedLogin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: suspended.email, password: suspended.password },
    });
    expect(suspendedLogin.statusCode).toBe(403);
    expect(suspendedLogin.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('a token past the session lifetime: 401 everywhere (and not a second earlier)', async () => {
    const me = (token: string) =>
      t.request({ method: 'GET', url: '/api/user', headers: bearer('x', token).headers });
    // `early` was issued first: move to one second before its end, as the sessions row has it.
    const [session] = await t.deps.database.db
      .select({ expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.userId, early.id));
    if (!session) throw new Error('no session row for the early user');
    // The harness's long test lifetime; the real 12 hours and 15 minutes idle: session-rules.test.ts.
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(
      t.deps.config.sessionLifetimeS * 1000,
    );
    t.clock.advance(session.expiresAt.getTime() - t.clock.now().getTime() - 1000);
    expect((await me(early.token)).statusCode).toBe(200);
    t.clock.advance(2000);
    // Refused everywhere, naming the lifetime so the app can say why (decision 0049).
    await expectAllRefused([bearer('expired token', early.token)], 'SESSION_EXPIRED');
    await expectMoneyInvariants(t.deps.database.db);
  });
});

/**
 * The rate limits, each taken past its limit and then past its window on the test clock: OTP
 * requests (every route that mails a code), OTP verification, password login and the transaction
 * PIN. Each counter lives in the database: a second app instance on the same database (as a
 * second API process would be) sees the same count.
 */
describe('rate limits', () => {
  let t: TestApp;
  /** The same app built again on the same database: shares nothing with `t` but the tables. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ ANALYTICS_ROLLUP_INTERVAL_MS: '0' });
    other = await buildApp(t.deps);
    await other.ready();
  });
  afterAll(async () => {
    console.log(`rate-limit figures: ${JSON.stringify(limitFigures)}`);
    await other?.close();
    await t?.close();
  });
  const limitFigures: Record<string, string> = {};

  /** Alternates between the two instances, so no count can live in one process's memory. */
  let turn = 0;
  function post(url: string, payload: object, extra: { token?: string; ip?: string } = {}) {
    turn += 1;
    return (turn % 2 === 0 ? other : t.app).inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: extra.ip ?? '127.0.0.1',
      // A fresh key a call, as the app sends one per payment: money routes require it.
      headers: extra.token
        ? { authorization: `Bearer ${extra.token}`, 'idempotency-key': randomUUID() }
        : {},
    });
  }
  const minutes = (n: number) => t.clock.advance(n * 60_000);
  function expectRefused(res: Reply, status: number, code: string) {
    expect({ status: res.statusCode, code: res.json().code }, res.body).toEqual({ status, code });
    const entry = (errorCatalogue as Record<string, { message: string }>)[code];
    expect(res.json().message).toBe(entry?.message);
  }

  it('OTP requests: 1 a minute and 5 an hour per e-mail, on every route that mails a code', async () => {
    const email = uniqueEmail('otp-limit');
    const request = () => post('/api/auth/request-otp', { email });
    expect((await request()).statusCode).toBe(200);
    expectRefused(await request(), 429, 'OTP_RATE_MINUTE');
    expectRefused(await post('/api/auth/resend-otp', { email }), 429, 'OTP_RATE_MINUTE');
    for (let i = 2; i <= 5; i += 1) {
      minutes(1.02);
      expect((await request()).statusCode, `code ${i}`).toBe(200);
    }
    minutes(1.02);
    expectRefused(await request(), 429, 'OTP_RATE_HOUR');
    // An hour after the first code, one fits again.
    minutes(60 - 5 * 1.02 + 0.02);
    expect((await request()).statusCode).toBe(200);
    limitFigures.otpRequests = '1/minute, 5/hour per e-mail and purpose';

    // Password reset (also for an e-mail with no account) and the PIN code: the same limits.
    const nobody = uniqueEmail('nobody');
    expect((await post('/api/user/request-password-reset', { email: nobody })).statusCode).toBe(
      200,
    );
    expectRefused(
      await post('/api/user/request-password-reset', { email: nobody }),
      429,
      'OTP_RATE_MINUTE',
    );
    const user = await customer(t);
    expect((await post('/api/user/request-pin-otp', {}, { token: user.token })).statusCode).toBe(
      200,
    );
    expectRefused(
      await post('/api/user/request-pin-otp', {}, { token: user.token }),
      429,
      'OTP_RATE_MINUTE',
    );
  });

  it('OTP verification: a code burns after 5 wrong tries; 5 an hour per address and e-mail, 10 per e-mail, then 429', async () => {
    const email = uniqueEmail('otp-guess');
    const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');
    const verify = (otp: string, ip: string) =>
      post('/api/auth/verify-otp', { email, otp }, { ip });
    const [guesserA, guesserB, owner] = ['10.8.0.1', '10.8.0.2', '10.8.0.3'];

    expect((await post('/api/auth/request-otp', { email })).statusCode).toBe(200);
    const first = t.lastCode(email);
    for (let i = 1; i <= 4; i += 1)
      expectRefused(await verify(wrongFor(first), guesserA), 400, 'OTP_INVALID');
    expectRefused(await verify(wrongFor(first), guesserA), 400, 'OTP_TOO_MANY_ATTEMPTS');
    // The guessing address has used its 5 checks at this e-mail: even the right code is refused.
    expectRefused(await verify(first, guesserA), 429, 'OTP_VERIFY_THROTTLED');

    minutes(1.02);
    expect((await post('/api/auth/request-otp', { email })).statusCode).toBe(200);
    const second = t.lastCode(email);
    for (let i = 6; i <= 9; i += 1)
      expectRefused(await verify(wrongFor(second), guesserB), 400, 'OTP_INVALID');
    expectRefused(await verify(wrongFor(second), guesserB), 400, 'OTP_TOO_MANY_ATTEMPTS');
    minutes(1.02);
    expect((await post('/api/auth/request-otp', { email })).statusCode).toBe(200);
    const third = t.lastCode(email);
    // Ten wrong codes in the hour from two addresses: the right one is refused from anywhere.
    expectRefused(await verify(third, owner), 429, 'OTP_VERIFY_THROTTLED');
    // The hour passes (the code with it): a new code works.
    minutes(59);
    expect((await post('/api/auth/request-otp', { email })).statusCode).toBe(200);
    expect((await verify(t.lastCode(email), owner)).statusCode).toBe(200);
    limitFigures.otpVerification =
      '5 wrong per code (burned), 5 checks/hour per address and e-mail, 10 wrong/hour per e-mail, 20 wrong/15 min per address';
  });

  it('OTP verification: 20 wrong codes from one address across e-mails, then 429 for 15 minutes', async () => {
    const ip = '10.7.0.1';
    const emails = Array.from({ length: 5 }, () => uniqueEmail('spray'));
    for (const email of emails) {
      expect((await post('/api/auth/request-otp', { email })).statusCode).toBe(200);
    }
    let wrong = 0;
    for (const email of emails) {
      const code = t.lastCode(email);
      for (let i = 0; i < 4; i += 1) {
        const res = await post(
          '/api/auth/verify-otp',
          { email, otp: code === '0000' ? '1111' : '0000' },
          { ip },
        );
        expectRefused(res, 400, 'OTP_INVALID');
        wrong += 1;
      }
    }
    expect(wrong).toBe(20);
    const last = emails[0]!;
    const right = { email: last, otp: t.lastCode(last) };
    expectRefused(await post('/api/auth/verify-otp', right, { ip }), 429, 'OTP_VERIFY_THROTTLED');
    // Another address is not held back by this one.
    const other = emails[1]!;
    const fromElsewhere = { email: other, otp: t.lastCode(other) };
    expect((await post('/api/auth/verify-otp', fromElsewhere, { ip: '10.7.0.9' })).statusCode).toBe(
      200,
    );
    // Fifteen minutes on (the codes expired meanwhile), the address may try again.
    minutes(15.02);
    expect((await post('/api/auth/request-otp', { email: last })).statusCode).toBe(200);
    const fresh = { email: last, otp: t.lastCode(last) };
    expect((await post('/api/auth/verify-otp', fresh, { ip })).statusCode).toBe(200);
  });

  it("login: 5 wrong passwords per address and account, 20 per account away from the owner's addresses, 20 per address in 15 minutes, then 429", async () => {
    const user = await customer(t);
    const login = (password: string, ip?: string, email = user.email) =>
      post('/api/auth/login', { email, password }, { ip });
    for (let i = 1; i <= 5; i += 1)
      expectRefused(await login('Wr0ng!pass'), 401, 'BAD_CREDENTIALS');
    // The right password too, from the guessing address, while its window holds; the owner
    // elsewhere is not locked out by one address (decision 0016).
    expectRefused(await login(user.password), 429, 'LOGIN_THROTTLED');
    expect((await login(user.password, '10.7.0.2')).statusCode).toBe(200);
    // Twenty failures from four more addresses reach the account's 20: a new address is refused,
    // even with the right password; where the owner signed in, they still sign in (decision 0050).
    for (let i = 0; i < 20; i += 1)
      expectRefused(await login('Wr0ng!pass', `10.7.1.${i % 4}`), 401, 'BAD_CREDENTIALS');
    expectRefused(await login(user.password, '10.7.0.9'), 429, 'LOGIN_THROTTLED');
    expect((await login(user.password, '10.7.0.2')).statusCode).toBe(200);
    minutes(15.02);
    expect((await login(user.password, '10.7.0.9')).statusCode).toBe(200);
    expect((await login(user.password)).statusCode).toBe(200);

    // One address trying many accounts (4 each, under the per-account limit).
    const ip = '10.7.0.3';
    for (let i = 0; i < 20; i += 1) {
      expectRefused(await login('Wr0ng!pass', ip, uniqueEmail('stuffing')), 401, 'BAD_CREDENTIALS');
    }
    expectRefused(await login(user.password, ip), 429, 'LOGIN_THROTTLED');
    expect((await login(user.password, '10.7.0.4')).statusCode).toBe(200);
    minutes(15.02);
    expect((await login(user.password, ip)).statusCode).toBe(200);
    limitFigures.login =
      "5 failures/15 min per address and account, 20 per account away from the owner's addresses, 20 failures/15 min per address";
  });

  it('lookups that cost or reveal: recipient lookups 30 per 10 minutes, identity checks 5 an hour', async () => {
    const user = await customer(t);
    const target = await customer(t);
    const lookup = () =>
      post('/api/transfers/verify-recipient', { email: target.email }, { token: user.token });
    for (let i = 1; i <= 30; i += 1) expect((await lookup()).statusCode, `lookup ${i}`).toBe(200);
    expectRefused(await lookup(), 429, 'LOOKUPS_THROTTLED');
    minutes(10.02);
    expect((await lookup()).statusCode).toBe(200);

    const initiate = () =>
      post(
        '/api/verification/initiate',
        { type: 'NIN', number: identityNumber() },
        { token: user.token },
      );
    for (let i = 1; i <= 5; i += 1)
      expect((await initiate()).statusCode, `initiate ${i}`).toBe(200);
    expectRefused(await initiate(), 429, 'VERIFICATION_THROTTLED');
    minutes(60.02);
    expect((await initiate()).statusCode).toBe(200);
    limitFigures.lookups = 'recipient lookup 30/10 min per user; identity initiate 5/hour per user';
  });

  it('PIN: 5 wrong PINs lock PIN use for 30 minutes (423) on every money route; nothing moves', async () => {
    const user = await customer(t, 5_000);
    const balance = await balanceKobo(t, user.token);
    const airtime = (pin: string) =>
      post(
        '/api/transactions/airtime',
        {
          network: 1,
          mobile_number: '08031234567',
          airtime_type: 'VTU',
          Ported_number: true,
          amount: 100,
          transactionPin: pin,
        },
        { token: user.token },
      );
    for (let i = 1; i <= 4; i += 1) expectRefused(await airtime('9999'), 400, 'PIN_INCORRECT');
    expectRefused(await airtime('9999'), 423, 'PIN_LOCKED');
    // The right PIN, on any route that checks it, is locked out too.
    expectRefused(await airtime(PIN), 423, 'PIN_LOCKED');
    expectRefused(
      await post('/api/user/validate-pin', { transactionPin: PIN }, { token: user.token }),
      423,
      'PIN_LOCKED',
    );
    const recipient = await customer(t);
    expectRefused(
      await post(
        '/api/transfers',
        { recipientIdentifier: recipient.email, amount: 100, transactionPin: PIN },
        { token: user.token },
      ),
      423,
      'PIN_LOCKED',
    );
    expect(await balanceKobo(t, user.token)).toBe(balance);
    minutes(29.9);
    expectRefused(await airtime(PIN), 423, 'PIN_LOCKED');
    minutes(0.2);
    expect((await airtime(PIN)).statusCode).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(balance - 100_00);
    limitFigures.pin = '5 wrong in a row lock 30 min (423)';
    await expectMoneyInvariants(t.deps.database.db);
  });
});

/**
 * Security headers and CORS as the real deployment sends them: on API replies, on the web shell
 * and its assets (a minimal built app in a temporary WEB_DIST_DIR), with CORS off by default and
 * on for the origins CORS_ORIGINS names.
 */
describe('security headers and CORS', () => {
  let t: TestApp;
  const webDir = mkdtempSync(path.join(tmpdir(), 'owo-access-web-'));
  /** Built again on the same database with another config (as a restart with new env would). */
  const variants: FastifyInstance[] = [];
  async function appWith(config: Partial<Config>) {
    const app = await buildApp({ ...t.deps, config: { ...t.deps.config, ...config } });
    await app.ready();
    variants.push(app);
    return app;
  }
  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    // The shell as the prerender writes it: the landing guard inline, the bundle by src.
    writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><title>Owo</title><div id="root"></div>\n    <script>${LANDING_GUARD_SCRIPT}</script>` +
        '<script type="module" src="/assets/index-abc123.js"></script>',
    );
    writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await createTestApp({ ANALYTICS_ROLLUP_INTERVAL_MS: '0', WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    for (const app of variants) await app.close();
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  function expectHardened(res: Reply, what: string) {
    const h = res.headers;
    expect(h['x-content-type-options'], what).toBe('nosniff');
    expect(h['x-frame-options'], what).toBe('DENY');
    expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security'], what).toMatch(/max-age=\d{7,}; includeSubDomains/);
    expect(h['cross-origin-opener-policy'], what).toBe('same-origin-allow-popups');
    expect(h['x-powered-by'], what).toBeUndefined();
    const csp = String(h['content-security-policy'] ?? '');
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain('https://accounts.google.com/gsi/client');
    expect(csp, what).not.toContain('upgrade-insecure-requests');
    expect(csp, what).not.toContain("'unsafe-eval'");
  }

  it('API replies, errors included, carry the security headers', async () => {
    expectHardened(await t.request({ method: 'GET', url: '/api/health' }), 'health');
    expectHardened(await t.request({ method: 'GET', url: '/api/user' }), '401 reply');
    expectHardened(await t.request({ method: 'GET', url: '/api/nowhere' }), '404 reply');
  });

  it('the web shell, its assets and the service worker carry them too', async () => {
    for (const url of ['/', '/home', '/deposit/session/abc', '/sw.js', '/assets/index-abc123.js']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectHardened(res, url);
    }
    const shell = await t.request({ method: 'GET', url: '/home' });
    expect(shell.headers['content-type']).toMatch(/text\/html/);
    expect(shell.headers['cache-control']).toBe('no-cache');
    // Every inline script of the shell runs under the policy: allowed by its hash, with no
    // 'unsafe-inline' for scripts.
    const scriptSrc =
      /script-src ([^;]*)/.exec(String(shell.headers['content-security-policy']))?.[1] ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const inline = [...shell.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    for (const text of inline) {
      const hash = createHash('sha256').update(text).digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });

  it('CORS by default: no other origin may call the API from a browser', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:5173']) {
      const preflight = await t.request({
        method: 'OPTIONS',
        url: '/api/transfers',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-headers'], origin).toBeUndefined();
      const simple = await t.request({ method: 'GET', url: '/api/config', headers: { origin } });
      expect(simple.statusCode).toBe(200);
      expect(simple.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('CORS_ORIGINS: the named origins get the headers, others still none', async () => {
    const config = loadConfig({
      SESSION_SECRET: 'x'.repeat(32),
      CORS_ORIGINS: 'https://app.example.com, https://admin.example.com/',
    });
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'https://admin.example.com']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(
      /CORS_ORIGINS/,
    );
    const app = await appWith({ corsOrigins: config.corsOrigins });
    for (const origin of config.corsOrigins) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/transactions/airtime',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      const methods = String(preflight.headers['access-control-allow-methods']);
      for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(m);
      const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase();
      for (const h of ['authorization', 'content-type', 'idempotency-key']) {
        expect(allowed).toContain(h);
      }
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const simple = await app.inject({ method: 'GET', url: '/api/config', headers: { origin } });
      expect(simple.headers['access-control-allow-origin']).toBe(origin);
      expect(String(simple.headers.vary)).toMatch(/origin/i);
      // A guarded call from the allowed origin still needs its token.
      const guardedCall = await app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { origin },
      });
      expect(guardedCall.statusCode).toBe(401);
      expect(guardedCall.headers['access-control-allow-origin']).toBe(origin);
    }
    const stranger = await app.inject({
      method: 'OPTIONS',
      url: '/api/transactions/airtime',
      headers: {
        origin: 'https://app.example.com.evil.example',
        'access-control-request-method': 'POST',
      },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});
