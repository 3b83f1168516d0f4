import { LAGOS_OFFSET_MS } from '@owo/shared/constants';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { replyMismatch } from './support/reply-check';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { manualClock } from '../src/lib/clock';
import type { Mail, Mailer } from '../src/lib/mailer';
import { startSandbox, type SandboxBaseUrls } from '@owo/providers/sandbox/server';
import { sandboxProviders } from '../src/sandbox-providers';
import { auditLedger } from '../src/ledger/invariants';
import type { Services } from '../src/services';

/**
 * The app in-process against a real database: an in-memory PGlite, or, when DATABASE_URL is set,
 * a fresh PostgreSQL database created for this test file and dropped after it.
 */
export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  services: Services;
  clock: ReturnType<typeof manualClock>;
  outbox: Mail[];
  /** The last 4-digit code mailed to an address. */
  lastCode(email: string): string;
  /**
   * A POST carries a fresh Idempotency-Key unless the test sets the header itself (every money
   * route requires one, as the web app always sends); `noIdempotencyKey` sends none, to test
   * that refusal.
   */
  request(
    options: InjectOptions & { token?: string; noIdempotencyKey?: boolean },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  /** The sandbox's origin (http://127.0.0.1:<port>), for its control calls. */
  sandboxOrigin: string;
  /** The app's own origin when created with `listen: true` (webhooks reach it over HTTP). */
  baseUrl?: string;
  /** The test database's URL on PostgreSQL (another node joins it with `sameDatabaseAs`). */
  databaseUrl?: string;
  /** Lines the Safe Haven simulator "sent to the phone on record" (OTPs). */
  sandboxLog: string[];
}

export interface TestAppOptions {
  /**
   * Listen on a free loopback port and point `config.publicBaseUrl` and the sandbox's PalmPay
   * notify URL at it, so the simulators' signed webhooks reach this app. Services that build a
   * webhook URL must read `config.publicBaseUrl` when they need it (it changes after listen).
   */
  listen?: boolean;
  /**
   * Rewrites the sandbox's base URLs before the adapters are built, e.g. to put the fault proxy
   * (tests/reliability/support/fault-proxy.ts) between the adapters and the simulators.
   */
  wrapBaseUrls?: (urls: SandboxBaseUrls) => SandboxBaseUrls | Promise<SandboxBaseUrls>;
  /**
   * A second API node on another app's database (and its session secret), with a data directory
   * of its own: on PostgreSQL its own connection pool to the same database; the in-memory PGlite
   * cannot be opened twice, so there the two apps share its one handle.
   */
  sameDatabaseAs?: TestApp;
  /** The app's logger instead of a silent one (a test that reads what the app logs). */
  logger?: AppDeps['logger'];
}

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL database's URL (absent on PGlite). */
  url?: string;
  /** Whether close() should close the handle (not when it is another app's). */
  owned: boolean;
  drop(): Promise<void>;
}

function joinDatabase(other: TestApp): TestDatabase {
  const nothing = async () => {};
  if (!other.databaseUrl) return { database: other.deps.database, owned: false, drop: nothing };
  const database = openDatabase({ databaseUrl: other.databaseUrl });
  return { database, url: other.databaseUrl, owned: true, drop: nothing };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database as a tarball file (PGlite runs only), or '' (set-up file). */
    pgliteSnapshot: string;
  }
}

let snapshot: Blob | undefined;

/** The migrated database the API project's set-up dumped, read once per test file. */
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

/**
 * An in-memory PGlite (from the suite's migrated snapshot when there is one), or a new PostgreSQL
 * database when DATABASE_URL is set (not migrated). Either way the caller runs migrate().
 */
export async function freshDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return {
      database: openDatabase({ pgliteSnapshot: pgliteSnapshot() }),
      owned: true,
      drop: async () => {},
    };
  }
  const name = `owo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    owned: true,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function hasHeader(headers: InjectOptions['headers'], name: string): boolean {
  return Object.keys(headers ?? {}).some((h) => h.toLowerCase() === name);
}

/** For files about a supplier's silence: the adapter gives up after 1 s, not the harness's 10 s. */
export const TIMEOUT_SCENARIO = { PROVIDER_TIMEOUT_MS: '1000' } as const;

/** What set-up's supplier calls (the catalogue's first fill) wait, whatever the file's timeout. */
const SETUP_PROVIDER_TIMEOUT_MS = 30_000;

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // The simulators answer at once, but a loaded machine can take seconds: an ordinary call must
    // not time out into "pending". Files about the timeout itself set 1000 (the sandbox holds its
    // "timeout" number for 5 s).
    PROVIDER_TIMEOUT_MS: '10000',
    RECONCILER_INTERVAL_MS: '0',
    // Every request of a test file comes from one inject address; a file signs up more customers
    // than one client may request codes for (limiter.test.ts tests that limit with its own value).
    OTP_REQUESTS_PER_CLIENT_PER_HOUR: '100000',
    // Other features' tests move the clock by hours with one token; the session rules are
    // tested with their real values (session-rules.test.ts passes '' for the defaults). The
    // production profile refuses such limits, so a production app keeps the real ones.
    ...(env.NODE_ENV === 'production'
      ? {}
      : { SESSION_IDLE_TIMEOUT_S: String(30 * 86_400), SESSION_LIFETIME_S: String(30 * 86_400) }),
    ...(options.sameDatabaseAs
      ? { SESSION_SECRET: options.sameDatabaseAs.deps.config.sessionSecret }
      : {}),
    ...env,
  });
  const testDatabase = options.sameDatabaseAs
    ? joinDatabase(options.sameDatabaseAs)
    : await freshDatabase();
  const { database, drop } = testDatabase;
  await database.migrate();
  const outbox: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      outbox.push(mail);
    },
  };
  const clock = manualClock();
  let appOrigin: string | undefined;
  const sandboxLog: string[] = [];
  // The simulators run on their own port on the test's clock, so "pending, then delivered
  // after N seconds" follows clock.advance.
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    now: () => clock.now().getTime(),
    holdMs: 5_000,
    palmpayNotifyUrl: () => (appOrigin ? `${appOrigin}/api/webhooks/palmpay` : undefined),
    // Ogdams posts to the URL on its dashboard: our public origin, read at each delivery.
    ogdamsNotifyUrl: () => (appOrigin ? `${config.publicBaseUrl}/api/webhooks/ogdams` : undefined),
    ogdamsTickMs: 50,
    vtpassNotifyUrl: () => (appOrigin ? `${config.publicBaseUrl}/api/webhooks/vtpass` : undefined),
    safehavenLog: (line) => sandboxLog.push(line),
  });
  const baseUrls = options.wrapBaseUrls
    ? await options.wrapBaseUrls(sandbox.baseUrls)
    : sandbox.baseUrls;
  const deps: AppDeps = {
    config,
    database,
    clock,
    mailer,
    logger: options.logger ?? pino({ level: 'silent' }),
    providers: sandboxProviders(baseUrls, config),
  };
  const app = await buildApp(deps);
  // Every reply is checked against the schema its route declares for its status (hooks added
  // before ready() apply to every route). A mismatch fails the request() that met it.
  const replyProblems: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const problem = replyMismatch(
      request.routeOptions,
      reply.statusCode,
      reply.getHeader('content-type'),
      payload,
    );
    if (problem) replyProblems.push(problem);
    return payload;
  });
  const throwReplyProblems = () => {
    if (replyProblems.length > 0) throw new Error(replyProblems.splice(0).join('\n\n'));
  };
  await app.ready();
  // Set-up never runs on a file's short supplier timeout (TIMEOUT_SCENARIO): on a loaded machine
  // the catalogue's first fill would time out before the file's first test.
  await app.services.catalogue.ensureFilled(
    sandboxProviders(baseUrls, {
      ...config,
      providerTimeoutMs: Math.max(config.providerTimeoutMs, SETUP_PROVIDER_TIMEOUT_MS),
    }),
  );
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('app has no TCP address');
    appOrigin = `http://127.0.0.1:${address.port}`;
    config.publicBaseUrl = appOrigin;
  }

  return {
    app,
    deps,
    services: app.services,
    clock,
    outbox,
    sandboxOrigin: new URL(sandbox.baseUrls.vtpass).origin,
    baseUrl: appOrigin,
    databaseUrl: testDatabase.url,
    sandboxLog,
    lastCode(email) {
      const mail = outbox.filter((m) => m.to === email).at(-1);
      const code = mail && /\b(\d{4})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    async request({ token, headers, noIdempotencyKey, ...options }) {
      const key =
        String(options.method).toUpperCase() === 'POST' &&
        !noIdempotencyKey &&
        !hasHeader(headers, 'idempotency-key')
          ? { 'idempotency-key': randomUUID() }
          : {};
      const response = await app.inject({
        ...options,
        headers: { ...key, ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      throwReplyProblems();
      return response;
    },
    async close() {
      await app.close();
      await sandbox.close();
      if (testDatabase.owned) await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      // Replies of requests a test made with app.inject itself.
      throwReplyProblems();
    },
  };
}

export const STRONG_PASSWORD = 'Str0ng!pass';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Signs a new customer up through the real OTP flow; returns their token and id. */
export async function signUp(t: TestApp, email = uniqueEmail(), password = STRONG_PASSWORD) {
  await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { email } });
  const verify = await t.request({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { email, otp: t.lastCode(email) },
  });
  const { signupTicket } = verify.json();
  const done = await t.request({
    method: 'POST',
    url: '/api/auth/complete-signup',
    payload: {
      firstName: 'Ada',
      lastName: 'Obi',
      email,
      phoneNumber: '08031234567',
      password,
      signupTicket,
    },
  });
  if (done.statusCode !== 200) throw new Error(`signup failed: ${done.body}`);
  const body = done.json();
  return { email, password, token: body.token as string, id: body.data._id as string };
}

/** Credits a wallet the way operators do (adjustments → wallet). */
export async function fund(t: TestApp, userId: string, naira: number) {
  await t.services.adjustments.credit({
    userId,
    amountKobo: Math.round(naira * 100),
    reason: 'test funding',
    actor: 'test',
  });
}

/** The transaction PIN every test customer gets (customer() sets it). */
export const PIN = '1234';

/** Sets the transaction PIN through the API. */
export async function setPin(t: TestApp, token: string, pin = PIN) {
  const res = await t.request({
    method: 'POST',
    url: '/api/user/set-transaction-pin',
    token,
    payload: { transactionPin: pin },
  });
  if (res.statusCode !== 200) throw new Error(`set pin failed: ${res.body}`);
}

/** A customer with a PIN (1234) and, optionally, money. */
export async function customer(t: TestApp, naira = 0) {
  const user = await signUp(t);
  await setPin(t, user.token);
  if (naira > 0) await fund(t, user.id, naira);
  return user;
}

export async function balanceKobo(t: TestApp, token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/user', token });
  return Math.round(res.json().data.accountBalance * 100);
}

/** Throws with the broken rules when the ledger's invariants do not hold. */
export async function expectLedgerConsistent(t: TestApp) {
  const audit = await auditLedger(t.deps.database.db);
  if (!audit.ok) {
    throw new Error(
      `ledger invariants broken:\n${JSON.stringify(
        audit.checks.filter((c) => !c.ok),
        null,
        2,
      )}`,
    );
  }
}

/**
 * Moves the test clock to 10:00 of the next Lagos day, so "today" (the daily limit's day) does not
 * end in the middle of a test.
 */
export function toLagosMidMorning(t: TestApp): void {
  const now = t.clock.now().getTime();
  const lagosMidnight = now - ((now + LAGOS_OFFSET_MS) % 86_400_000);
  t.clock.advance(lagosMidnight + 86_400_000 + 10 * 3_600_000 - now);
}
