import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { FIXTURES } from '@owo/providers/safehaven/replies';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
  TIMEOUT_SCENARIO,
} from './harness';
import { expectOneOutcome, latestDebit, orderRow, transferCodes } from './purchase-support';
import { PIN } from './transfers-support';

/**
 * Safe Haven VAS orders end to end, with a recording proxy between the adapter and the simulator:
 * Safe Haven's own id (the pay reply's data.id) is stored on the order, the requery asks
 * vas/transaction/{that id}, a 404 from the lookup refunds nothing, and an order whose pay reply
 * was lost (no id) is never looked up by our reference.
 */

interface Exchange {
  method: string;
  path: string;
  requestBody: string;
  status: number;
  responseBody: string;
}

const exchanges: Exchange[] = [];
/** When set, the proxy answers every transaction lookup itself with this fixture (HTTP 404). */
let lookupsNotFound = false;
let proxy: Server;
let t: TestApp;

/** Forwards /safehaven/* to the sandbox and writes down each exchange. */
async function startProxy(target: string): Promise<string> {
  const origin = new URL(target).origin;
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const requestBody = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      const done = (status: number, body: string) => {
        exchanges.push({
          method: request.method ?? '',
          path,
          requestBody,
          status,
          responseBody: body,
        });
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body);
      };
      if (lookupsNotFound && path.includes('/vas/transaction/')) {
        done(404, JSON.stringify(FIXTURES.transactionNotFound));
        return;
      }
      const headers = { ...request.headers } as Record<string, string>;
      delete headers.host;
      delete headers['content-length'];
      fetch(`${origin}${path}`, {
        method: request.method,
        headers,
        body: requestBody === '' ? undefined : requestBody,
      })
        .then(async (res) => done(res.status, await res.text()))
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return `http://127.0.0.1:${address.port}${new URL(target).pathname}`;
}

beforeAll(async () => {
  t = await createTestApp(TIMEOUT_SCENARIO, {
    wrapBaseUrls: async (urls) => ({ ...urls, safehaven: await startProxy(urls.safehaven) }),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
});

const FUNDING_KOBO = 5_000_00;
const PRICE_KOBO = 200_00;

function buyAirtime(token: string, phoneNumber: string) {
  return t.request({
    method: 'POST',
    url: '/api/services/pay/airtime',
    token,
    payload: {
      serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
      amount: PRICE_KOBO / 100,
      phoneNumber,
      transactionPin: PIN,
    },
  });
}

/** The exchanges of one order's pay call (by the phone it was for) and of lookups of one id. */
const payOf = (phone: string) =>
  exchanges.filter((e) => e.path.endsWith('/vas/pay/airtime') && e.requestBody.includes(phone));
const lookupsOf = (id: string) =>
  exchanges.filter((e) => e.method === 'GET' && e.path.endsWith(`/vas/transaction/${id}`));
/** Lookups since `from` of anything but the ids earlier pay replies named. */
const strangeLookupsSince = (from: number) =>
  exchanges
    .slice(from)
    .filter((e) => e.path.includes('/vas/transaction/'))
    .filter((e) => !knownIds.has(e.path.split('/vas/transaction/')[1] ?? ''));

/** Every Safe Haven id a pay reply of this file has named (earlier orders stay open). */
const knownIds = new Set<string>();

/** Safe Haven's id from the pay reply the proxy saw. */
function idFromPayReply(exchange: Exchange | undefined): string {
  const body = JSON.parse(exchange?.responseBody ?? '{}') as { data?: { id?: string } };
  if (!body.data?.id) throw new Error(`no data.id in ${exchange?.responseBody}`);
  knownIds.add(body.data.id);
  return body.data.id;
}

describe('Safe Haven VAS: orders are known by Safe Haven’s id', () => {
  it('a success settles delivered with Safe Haven’s id stored, and no reference of ours is sent', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const phone = MAGIC_PHONES.delivered;
    const before = exchanges.length;
    const res = await buyAirtime(user.token, phone);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data._id as string;
    const pay = payOf(phone).find((e) => exchanges.indexOf(e) >= before);
    const safeHavenId = idFromPayReply(pay);
    expect(safeHavenId).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.parse(pay!.requestBody)).not.toHaveProperty('reference');
    expect(await orderRow(t, id)).toMatchObject({
      state: 'delivered',
      supplier: 'safehaven',
      supplierReference: safeHavenId,
    });
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - PRICE_KOBO);
    await expectLedgerConsistent(t);
  });

  it('a pending order keeps Safe Haven’s id; the requery asks vas/transaction/{id} and settles it', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const before = exchanges.length;
    const res = await buyAirtime(user.token, MAGIC_PHONES.pendingThenDelivered);
    expect(res.statusCode, res.body).toBe(202);
    const id = (await latestDebit(t, user.id))!.id;
    const pay = payOf(MAGIC_PHONES.pendingThenDelivered).filter(
      (e) => exchanges.indexOf(e) >= before,
    );
    const safeHavenId = idFromPayReply(pay[0]);
    expect(await orderRow(t, id)).toMatchObject({
      state: 'pending',
      supplierReference: safeHavenId,
    });

    t.clock.advance(10 * 60_000);
    await t.services.reconciler.runOnce();
    expect(lookupsOf(safeHavenId).length).toBeGreaterThanOrEqual(1);
    expect(lookupsOf(safeHavenId)[0]?.status).toBe(200);
    expect(await orderRow(t, id)).toMatchObject({
      state: 'delivered',
      supplierReference: safeHavenId,
    });
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - PRICE_KOBO);
    await expectLedgerConsistent(t);
  });

  it('a requery that answers 404 leaves the order pending and refunds nothing', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const before = exchanges.length;
    const res = await buyAirtime(user.token, MAGIC_PHONES.pendingForever);
    expect(res.statusCode, res.body).toBe(202);
    const id = (await latestDebit(t, user.id))!.id;
    const safeHavenId = idFromPayReply(
      payOf(MAGIC_PHONES.pendingForever).find((e) => exchanges.indexOf(e) >= before),
    );

    lookupsNotFound = true;
    try {
      for (let pass = 0; pass < 3; pass += 1) {
        t.clock.advance(30 * 60_000);
        await t.services.reconciler.runOnce();
      }
    } finally {
      lookupsNotFound = false;
    }
    const lookups = lookupsOf(safeHavenId);
    expect(lookups.length).toBeGreaterThanOrEqual(1);
    expect(lookups.every((e) => e.status === 404)).toBe(true);
    const order = await orderRow(t, id);
    expect(order).toMatchObject({ state: 'pending', supplierReference: safeHavenId });
    expect(order?.lastDescription).toMatch(/404/);
    expectOneOutcome(await transferCodes(t, id), 'open');
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - PRICE_KOBO);
    await expectLedgerConsistent(t);
  });

  it('a lost pay reply leaves no id: no lookup by our reference is made, nothing is refunded', async () => {
    const user = await customer(t, FUNDING_KOBO / 100);
    const res = await buyAirtime(user.token, MAGIC_PHONES.timeout);
    expect(res.statusCode, res.body).toBe(202);
    const id = (await latestDebit(t, user.id))!.id;
    expect((await orderRow(t, id))?.supplierReference ?? null).toBeNull();

    const from = exchanges.length;
    t.clock.advance(10 * 60_000);
    await t.services.reconciler.runOnce();
    // Earlier tests' open orders are looked up by their ids; this one has none to ask by.
    expect(strangeLookupsSince(from)).toEqual([]);
    const order = await orderRow(t, id);
    expect(order?.state).toBe('pending');
    expect(order?.lastDescription).toMatch(/admin must decide/);
    // Nothing any lookup can learn: it waits for an admin from now, not after the age limit.
    expect(order?.needsDecisionAt).not.toBeNull();
    expectOneOutcome(await transferCodes(t, id), 'open');
    expect(await balanceKobo(t, user.token)).toBe(FUNDING_KOBO - PRICE_KOBO);
    await expectLedgerConsistent(t);
  });
});
