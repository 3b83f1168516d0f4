/**
 * Every documented VTpass reply in fixtures/ served over HTTP to the real adapter: what the order
 * becomes (delivered / failed / failed with an operator alert / pending) on pay and on requery.
 * The fixtures are VTpass's shapes (SOURCES.md) with our values; the simulator builds its replies
 * from the same files.
 */
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVtpassClient } from './client';
import { VTPASS_CODES } from './codes';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const REQUEST_ID = '202611211000owoFixture01';
const KEYS = { apiKey: 'k', publicKey: 'PK_p', secretKey: 'SK_s' };

let server: Server;
let baseUrl: string;
/** What the server answers next: the fixture file and the HTTP status. */
let answer = { file: 'pay-delivered.json', status: 200 };
const seen: { method?: string; path?: string; headers?: Record<string, unknown> } = {};

beforeAll(async () => {
  const { readFile } = await import('node:fs/promises');
  server = createServer((req, res) => {
    seen.method = req.method;
    seen.path = req.url;
    seen.headers = req.headers;
    req.resume();
    req.on('end', () => {
      void readFile(new URL(answer.file, FIXTURES), 'utf8').then((body) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => createVtpassClient({ baseUrl, timeoutMs: 2_000, keys: KEYS });
const serve = (file: string, status = 200) => {
  answer = { file, status };
};
const pay = () =>
  client().pay({
    requestId: REQUEST_ID,
    serviceID: 'dstv',
    amountKobo: 19_000_00,
    phone: '08031234567',
    billersCode: '1212121212',
    variationCode: 'dstv79',
    subscriptionType: 'change',
    quantity: 1,
  });

/** 'alert': failed with an operator alert; 'held': pending with one (no refund, no failover). */
type Verdict = 'delivered' | 'failed' | 'alert' | 'pending' | 'held';
const verdictOf = (o: Awaited<ReturnType<typeof pay>>): Verdict =>
  o.status === 'failed' && o.alert
    ? 'alert'
    : o.status === 'pending' && o.alert
      ? 'held'
      : o.status;

const PAY: Array<[string, Verdict]> = [
  ['pay-delivered.json', 'delivered'],
  ['pay-delivered-prepaid.json', 'delivered'],
  ['pay-electricity-ikedc.json', 'delivered'],
  ['pay-electricity-ekedc.json', 'delivered'],
  ['pay-electricity-aedc.json', 'delivered'],
  ['pay-electricity-ibedc.json', 'delivered'],
  ['pay-electricity-kedco.json', 'delivered'],
  ['pay-electricity-postpaid.json', 'delivered'],
  // Delivered as far as the adapter reads it; the API keeps it pending until a token comes.
  ['pay-electricity-no-token.json', 'delivered'],
  ['pay-pending.json', 'pending'],
  ['pay-099-initiated.json', 'pending'],
  ['pay-014-request-id-exists.json', 'pending'],
  ['pay-044-resolved.json', 'pending'],
  ['pay-083-system-error.json', 'pending'],
  ['pay-089-request-processing.json', 'pending'],
  ['pay-unknown-code.json', 'pending'],
  ['pay-010-variation-code.json', 'failed'],
  ['pay-011-invalid-arguments.json', 'failed'],
  ['pay-012-product.json', 'failed'],
  ['pay-013-below-minimum.json', 'failed'],
  ['pay-016-failed.json', 'failed'],
  ['pay-017-above-maximum.json', 'failed'],
  ['pay-019-likely-duplicate.json', 'failed'],
  ['pay-020-biller-confirmed.json', 'failed'],
  ['pay-030-biller-not-reachable.json', 'failed'],
  ['pay-031-below-minimum-quantity.json', 'failed'],
  ['pay-032-above-maximum-quantity.json', 'failed'],
  ['pay-040-reversal.json', 'failed'],
  ['pay-091-not-processed.json', 'failed'],
  ['pay-018-low-wallet-balance.json', 'alert'],
  ['pay-021-account-locked.json', 'alert'],
  ['pay-022-account-suspended.json', 'alert'],
  ['pay-023-api-access-not-enabled.json', 'alert'],
  ['pay-024-account-inactive.json', 'alert'],
  ['pay-027-ip-not-whitelisted.json', 'alert'],
  ['pay-028-product-not-whitelisted.json', 'alert'],
  ['pay-034-service-suspended.json', 'alert'],
  ['pay-035-service-inactive.json', 'alert'],
  ['pay-085-improper-request-id.json', 'alert'],
  // Defined by no public VTpass page: held pending with an alert (decision 0042).
  ['pay-087-invalid-credentials.json', 'held'],
  // 000 with a status VTpass's table does not list: held pending with an alert.
  ['pay-000-status-failed.json', 'held'],
];

const REQUERY: Array<[string, Verdict]> = [
  ['requery-delivered.json', 'delivered'],
  ['requery-electricity-ikedc.json', 'delivered'],
  ['requery-pending.json', 'pending'],
  ['requery-reversed.json', 'failed'],
  ['requery-040-reversal.json', 'failed'],
  ['requery-015-not-found.json', 'failed'],
  ['pay-000-status-failed.json', 'held'],
  ['pay-016-failed.json', 'failed'],
  ['pay-091-not-processed.json', 'failed'],
  // About the requery call, not the order: never a reason to refund.
  ['pay-011-invalid-arguments.json', 'pending'],
  ['pay-018-low-wallet-balance.json', 'pending'],
  ['pay-027-ip-not-whitelisted.json', 'pending'],
  ['pay-085-improper-request-id.json', 'pending'],
  ['pay-087-invalid-credentials.json', 'pending'],
  ['pay-099-initiated.json', 'pending'],
  ['pay-unknown-code.json', 'pending'],
];

describe('VTpass fixtures on pay', () => {
  it('covers every pay fixture and every documented code', () => {
    const files = readdirSync(FIXTURES).filter((f) => f.startsWith('pay-'));
    expect(files.sort()).toEqual(PAY.map(([f]) => f).sort());
    const classified = PAY.map(([f]) => /^pay-(\d{3})-/.exec(f)?.[1]).filter(Boolean);
    for (const code of Object.keys(VTPASS_CODES).filter((c) => c !== '000' && c !== '001')) {
      expect(classified, `fixture for ${code}`).toContain(code);
    }
  });

  it.each(PAY)('%s → %s', async (file, verdict) => {
    serve(file);
    const outcome = await pay();
    expect(verdictOf(outcome)).toBe(verdict);
    expect(seen).toMatchObject({ method: 'POST', path: '/api/pay' });
    expect(seen.headers).toMatchObject({ 'api-key': 'k', 'secret-key': 'SK_s' });
    if (verdict === 'alert' || verdict === 'held') {
      expect(outcome.status === 'delivered' ? undefined : outcome.alert).toMatch(/\w/);
    }
  });

  it('reads the same way whatever the HTTP status below 500 (a 401 with 087 is held with an alert)', async () => {
    serve('pay-087-invalid-credentials.json', 401);
    expect(verdictOf(await pay())).toBe('held');
    serve('pay-018-low-wallet-balance.json', 401);
    expect(verdictOf(await pay())).toBe('alert');
    serve('pay-016-failed.json', 502);
    expect(verdictOf(await pay())).toBe('pending');
  });

  it('keeps the transaction id of a delivery and of a pending order', async () => {
    serve('pay-delivered.json');
    expect(await pay()).toMatchObject({ providerReference: '17637192000000000001' });
    serve('pay-099-initiated.json');
    expect(await pay()).toMatchObject({
      status: 'pending',
      providerReference: '17637192000000000001',
    });
  });

  it('reads the token and units of a prepaid meter', async () => {
    serve('pay-delivered-prepaid.json');
    expect(await pay()).toMatchObject({
      status: 'delivered',
      token: '1234-5678-9012-3456-7890',
      units: '9.5 kWh',
    });
  });
});

describe('VTpass fixtures on requery', () => {
  it.each(REQUERY)('%s → %s', async (file, verdict) => {
    serve(file);
    const outcome = await client().requery(REQUEST_ID);
    expect(verdictOf(outcome)).toBe(verdict);
    expect(seen).toMatchObject({ method: 'POST', path: '/api/requery' });
  });

  it('says why a 015 refunds: VTpass never recorded the request id', async () => {
    serve('requery-015-not-found.json');
    expect((await client().requery(REQUEST_ID)).description).toMatch(/never recorded/);
  });
});

describe('VTpass fixtures: reads', () => {
  it('merchant-verify of a DStv card: bouquet, its code and the renewal amount', async () => {
    serve('merchant-verify-dstv.json');
    const card = await client().verifySmartcard({ serviceID: 'dstv', billersCode: '1212121212' });
    expect(card).toEqual({
      ok: true,
      info: {
        customerName: 'Ibrahim Musa Danjuma',
        status: 'ACTIVE',
        dueDate: '2026-12-06T00:00:00',
        customerNumber: '8061522780',
        currentBouquet: 'DStv Compact N19,000',
        currentBouquetCode: 'dstv79',
        renewalAmountKobo: 18_050_00,
      },
    });
    expect(seen).toMatchObject({ method: 'POST', path: '/api/merchant-verify' });
  });

  it('merchant-verify of a StarTimes card names the customer only', async () => {
    serve('merchant-verify-startimes.json');
    const card = await client().verifySmartcard({ serviceID: 'startimes', billersCode: '0213' });
    expect(card).toMatchObject({
      ok: true,
      info: {
        customerName: 'Funke Adesola Bello',
        currentBouquetCode: '',
        renewalAmountKobo: null,
      },
    });
  });

  it('merchant-verify of a meter, and of a wrong number', async () => {
    serve('merchant-verify-meter.json');
    expect(
      await client().verifyMeter({
        serviceID: 'ikeja-electric',
        billersCode: '1111111111111',
        type: 'prepaid',
      }),
    ).toMatchObject({ ok: true, info: { meterType: 'PREPAID', minimumAmountKobo: 500_00 } });
    serve('merchant-verify-wrong-number.json');
    expect(
      await client().verifyMeter({
        serviceID: 'ikeja-electric',
        billersCode: '1',
        type: 'prepaid',
      }),
    ).toMatchObject({ ok: false, reason: 'invalid', description: expect.stringMatching(/meter/) });
  });

  it('service-variations with both spellings of the list', async () => {
    serve('service-variations.json');
    expect(await client().variations('dstv')).toEqual([
      {
        variationCode: 'dstv-padi',
        name: 'DStv Padi N4,400',
        amountKobo: 4_400_00,
        fixedPrice: true,
      },
      {
        variationCode: 'dstv79',
        name: 'DStv Compact N19,000',
        amountKobo: 19_000_00,
        fixedPrice: true,
      },
    ]);
    expect(seen).toMatchObject({ method: 'GET', path: '/api/service-variations?serviceID=dstv' });
    expect(seen.headers).toMatchObject({ 'api-key': 'k', 'public-key': 'PK_p' });
  });

  it('balance in exact kobo; a reply without it throws', async () => {
    serve('balance.json');
    expect(await client().balance()).toBe(250_000_50);
    expect(seen).toMatchObject({ method: 'GET', path: '/api/balance' });
    serve('pay-087-invalid-credentials.json', 401);
    await expect(client().balance()).rejects.toThrow(/balance/);
  });
});
