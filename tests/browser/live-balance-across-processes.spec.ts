import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base, type Page, type Request } from '@playwright/test';
import pg from 'pg';
import { formatKobo } from '@owo/shared/money';
import { IDENTITY_REGISTER_PREFIX } from '@owo/providers/sandbox/identity-register';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { SMTP_URL } from '../../playwright.config';
import { ROOT, startCluster, type Cluster } from '../reliability/support/cluster/cluster';
import { call } from '../reliability/support/cluster/http';
import { POSTGRES_ADMIN_URL } from '../reliability/support/env';
import { newEmail, signUpByEmail } from './support/flows';
import { freshIdentityNumber, payIntoAccount } from './support/sandbox';
import { shot } from './support/shots';
import { screenShot } from './support/toasts';
import { homeBalance, sessionOf } from './support/wallet';

/**
 * The push across processes, in the browser (decision 0074): two API processes on one PostgreSQL
 * database behind nginx (deploy/nginx/nginx.conf as deployed), serving the built web app, with the
 * suppliers' simulators in a process of their own (the reliability suite's cluster). A customer
 * signs up through nginx; the app's live stream lands on one process, B. A deposit is credited
 * through the other, A: PalmPay's signed notification of a transfer into the customer's permanent
 * account, posted to A. The new balance shows in the app within a second of the credit's commit,
 * pushed: the app asked no pulse meanwhile and its one stream is still open.
 *
 * Which process serves the stream is read, not steered: nginx balances as it does in production
 * and the test leaves its configuration alone. Each process's database connections carry its name
 * (application_name), and a process opens its LISTEN connection with its first stream; only this
 * page opens streams, so the one process listening is the one serving the page's stream. nginx's
 * access log says the same once the stream has ended ($upstream_addr).
 *
 * Needs real server processes and a PostgreSQL server: runs only when DATABASE_URL is set.
 */

const WEB_BUILD = path.join(ROOT, 'apps/web/dist');
const STREAM = '/api/notifications/stream';
const PULSE = '/api/notifications/pulse';
const CREDIT_KOBO = 2_000_00;

const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
    async ({}, use) => {
      if (!existsSync(path.join(WEB_BUILD, 'index.html'))) {
        throw new Error(`no web build in ${WEB_BUILD}: run \`npm run build\` first`);
      }
      const cluster = await startCluster({
        adminUrl: POSTGRES_ADMIN_URL!,
        processes: 2,
        users: 0,
        env: { WEB_DIST_DIR: WEB_BUILD, SMTP_URL },
      });
      // Stopped whatever the test did: processes, sandbox, nginx, the scratch database.
      try {
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    // Migrations, the sandbox, two API processes and nginx, on a busy machine.
    { scope: 'worker', timeout: 300_000 },
  ],
  // The page talks to nginx only.
  baseURL: async ({ cluster }, use) => use(cluster.origin),
});

/** The names of the processes holding a LISTEN connection (each opens one with its first stream). */
async function listening(cluster: Cluster): Promise<string[]> {
  const rows = await cluster.database.query<{ name: string }>(
    `select application_name as name from pg_stat_activity
      where datname = current_database() and query = 'LISTEN owo_user' order by 1`,
  );
  return rows.map((row) => row.name);
}

/** When PostgreSQL announced each commit that changed the user (its triggers NOTIFY at commit). */
async function commitsOf(cluster: Cluster, userId: string) {
  const client = new pg.Client({ connectionString: cluster.database.url });
  const at: number[] = [];
  client.on('notification', (message) => {
    if (message.payload === userId) at.push(Date.now());
  });
  await client.connect();
  await client.query('LISTEN owo_user');
  return { at, close: () => client.end() };
}

/** From now on, the time (epoch ms, in the page) the home balance first reads `expected`. */
async function watchBalance(page: Page, expected: string) {
  await page.evaluate((text) => {
    const w = window as unknown as { __balanceShownAt?: number };
    const check = () => {
      const shown = document.querySelector('[data-testid="wallet-balance"]')?.textContent?.trim();
      if (w.__balanceShownAt === undefined && shown === text) w.__balanceShownAt = Date.now();
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, expected);
}

/**
 * When (epoch ms) each piece of the page's live stream reached the browser, from Chromium's own
 * network events: how long the push took apart from the page drawing it.
 */
async function streamArrivals(page: Page): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  const arrivals: number[] = [];
  let stream: { id: string; epochOffsetMs: number } | undefined;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname !== STREAM) return;
    // `timestamp` is a monotonic clock in seconds; `wallTime` the same instant, since the epoch.
    stream = { id: event.requestId, epochOffsetMs: (event.wallTime - event.timestamp) * 1000 };
  });
  cdp.on('Network.dataReceived', (event) => {
    if (stream?.id === event.requestId)
      arrivals.push(event.timestamp * 1000 + stream.epochOffsetMs);
  });
  await cdp.send('Network.enable');
  return arrivals;
}

/**
 * A permanent PalmPay account for the signed-in customer (signed up as Ada Okafor): the KYC
 * flow, through nginx. The API runs against the sandbox as against live suppliers here, so it
 * does not enrol the customer in the sandbox's identity register as sandbox mode does: the test
 * enrols them as the holder of their NIN, or the name check refuses it.
 */
async function permanentAccount(cluster: Cluster, page: Page): Promise<string> {
  const { auth, user } = await sessionOf(page);
  const as = { token: auth.token! };
  const number = freshIdentityNumber();
  const otp = SAFEHAVEN_IDENTITIES.fixedOtp;
  const sandbox = new URL(cluster.sandbox.baseUrls.palmpay).origin;
  const enrolled = await call(sandbox, 'PUT', `${IDENTITY_REGISTER_PREFIX}/${number}`, {
    json: { firstName: 'Ada', lastName: 'Okafor' },
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const started = await call(cluster.origin, 'POST', '/api/verification/initiate', {
    ...as,
    json: { type: 'NIN', number },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const identityId = started.body.data.identityId as string;
  const checked = await call(cluster.origin, 'POST', '/api/verification/validate', {
    ...as,
    json: { identityId, otp },
  });
  expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  const created = await call(cluster.origin, 'POST', '/api/account/subaccount', {
    ...as,
    json: {
      phoneNumber: '08031234567',
      emailAddress: user.email,
      identityId,
      identityNumber: number,
      identityType: 'NIN',
      otp,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.accountNumber as string;
}

test.describe('live balance across two API processes behind nginx', () => {
  test.skip(
    !POSTGRES_ADMIN_URL,
    'needs two API processes on one PostgreSQL database behind nginx: runs only when DATABASE_URL is set (not on PGlite)',
  );
  test.setTimeout(180_000);

  test('a deposit credited through process A is pushed within a second to the app whose stream process B serves', async ({
    page,
    cluster,
  }) => {
    // Every API request the page makes: where, when it started, and whether it has ended.
    const requests = new Map<Request, { path: string; at: number; ended: boolean }>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) {
        requests.set(request, { path: pathname, at: Date.now(), ended: false });
      }
    });
    const ended = (request: Request) => {
      const entry = requests.get(request);
      if (entry) entry.ended = true;
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    const made = () => [...requests.values()];

    const arrivals = await streamArrivals(page);
    expect(await listening(cluster), 'no stream before the app opens one').toEqual([]);
    const streamOpened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === STREAM && response.ok(),
    );
    await signUpByEmail(page, newEmail('two-processes'));
    expect((await streamOpened).headers()['content-type']).toMatch(/^text\/event-stream/);
    await expect(homeBalance(page)).toHaveText(formatKobo(0));

    // B: the process holding the page's stream. Its LISTEN opens just after the stream does.
    await expect.poll(() => listening(cluster), { timeout: 10_000 }).not.toEqual([]);
    const holders = await listening(cluster);
    expect(holders, 'one process serves the stream').toHaveLength(1);
    const b = cluster.names.indexOf(holders[0]!);
    const a = 1 - b;
    expect(b).toBeGreaterThanOrEqual(0);

    const accountNumber = await permanentAccount(cluster, page);
    const { user } = await sessionOf(page);
    const commits = await commitsOf(cluster, user._id);
    try {
      // The first pulse the app asked by HTTP as it started is long answered: from here on, a
      // pulse request would be polling.
      const watchFrom = Date.now();
      const pulsesLogged = cluster.nginx.answeredBy('GET', PULSE).length;
      // Both records see a pulse request: the one the app asked as it started.
      expect(pulsesLogged).toBeGreaterThan(0);
      expect(made().filter((r) => r.path === PULSE).length).toBeGreaterThan(0);
      await watchBalance(page, formatKobo(CREDIT_KOBO));

      // The customer's bank pays the permanent account: the PalmPay simulator signs its
      // notification. The cluster's simulator has no URL for account notifications, so it
      // delivers none itself; this test posts it, to process A, as PalmPay would post it to us.
      const paid = await payIntoAccount(
        new URL(cluster.sandbox.baseUrls.palmpay).origin,
        accountNumber,
        CREDIT_KOBO,
      );
      expect(paid.kind).toBe('virtual_account');
      expect(paid.delivered, 'only this test delivers the notification').toBe(false);

      const sentAt = Date.now();
      const webhook = await call(cluster.origins[a]!, 'POST', '/api/webhooks/palmpay', {
        raw: JSON.stringify(paid.notification),
      });
      expect(webhook.status, JSON.stringify(webhook.body)).toBe(200);
      const answeredAt = Date.now();

      await page.waitForFunction(
        () => (window as unknown as { __balanceShownAt?: number }).__balanceShownAt !== undefined,
        null,
        { timeout: 10_000 },
      );
      const shownAt = await page.evaluate(
        () => (window as unknown as { __balanceShownAt: number }).__balanceShownAt,
      );
      // The moment, as it is (the deposit's toast, fetched after the push, soon covers the
      // balance; the balance alone is shot at the end, the toast closed).
      await shot(page, 'live-balance-across-processes', 0);
      // Requests the page started just before the balance showed reach these lists by now.
      await page.waitForTimeout(500);

      // The credit's commit: the first change of this user PostgreSQL announced after the
      // notification was sent (A answers it only once its transaction has committed).
      await expect
        .poll(() => commits.at.some((at) => at >= sentAt), { message: 'the credit committed' })
        .toBe(true);
      const committedAt = commits.at.find((at) => at >= sentAt)!;
      const meanwhile = made()
        .filter((r) => r.at >= sentAt && r.at <= shownAt)
        .map((r) => `${r.at - sentAt} ms ${r.path}`);
      const pushedAt = arrivals.find((at) => at >= sentAt);
      const timing =
        `stream on ${cluster.names[b]}, credit through ${cluster.names[a]}: ` +
        `commit ${committedAt - sentAt} ms after sending, webhook answered at ` +
        `${answeredAt - sentAt} ms, pushed pulse in the browser at ` +
        `${pushedAt === undefined ? '?' : Math.round(pushedAt - sentAt)} ms, ` +
        `balance shown at ${shownAt - sentAt} ms ` +
        `(${shownAt - committedAt} ms after the commit); page requests meanwhile: ` +
        `${meanwhile.join(', ') || 'none'}`;
      test.info().annotations.push({ type: 'timing', description: timing });
      console.log(timing);

      // Pushed, not polled: no pulse asked by the page, none reached nginx, and the one stream
      // the page opened is still open.
      const polled = made().filter((r) => r.path === PULSE && r.at >= watchFrom);
      expect(polled, 'pulse requests while waiting for the credit').toEqual([]);
      expect(cluster.nginx.answeredBy('GET', PULSE)).toHaveLength(pulsesLogged);
      const streams = made().filter((r) => r.path === STREAM);
      expect(streams, 'the page opened one stream').toHaveLength(1);
      expect(streams[0]!.ended, 'the stream is still open').toBe(false);
      // The promise is the push: the change reaches the app (its stream, in the browser) within
      // a second of the commit. Drawing it is the browser's own work, which a starved test
      // machine stretches (677 ms once at load 20), so the paint gets a looser bound; it can only
      // have come from the push, as no pulse was asked for.
      expect(pushedAt, 'a pushed pulse reached the browser').toBeDefined();
      expect(pushedAt! - committedAt, 'pushed within a second of the commit').toBeLessThan(1_000);
      expect(shownAt - committedAt, 'shown soon after the push').toBeLessThan(3_000);
      await screenShot(page, 'live-balance-across-processes-balance');
    } finally {
      await commits.close();
    }

    // nginx's own word on who served the stream, once it has ended; and A never held one.
    await page.close();
    await expect
      .poll(() => cluster.nginx.answeredBy('GET', STREAM), { timeout: 10_000 })
      .toEqual([cluster.apis[b]!.port]);
    expect(await listening(cluster)).toEqual([cluster.names[b]]);
  });
});
