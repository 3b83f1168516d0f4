/**
 * Every documented Ogdams reply (fixtures/), served over HTTP as Ogdams sends it (HTTP status =
 * the envelope's code), through the real adapter: what each means for an order.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OgdamsClient } from '../types';
import { createOgdamsClient } from './client';
import { OGDAMS_SIGNATURE_HEADER, signOgdamsBody } from './protocol';

const KEY = 'sk_test_fixture_key';
const REFERENCE = '202611211000Fx7f1c2d000a';

/** What the fake Ogdams answers next: a fixture (status = its code) or raw text. */
let next: { status: number; text: string } = { status: 200, text: '{}' };
let lastRequest: { url: string; auth: string | undefined; body: string } | undefined;
let server: Server;
let client: OgdamsClient;

function serve(name: string) {
  const text = JSON.stringify(fixture(name));
  next = { status: (fixture(name) as { code: number }).code, text };
}

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      lastRequest = { url: req.url ?? '', auth: req.headers.authorization, body };
      res.writeHead(next.status, { 'content-type': 'application/json' }).end(next.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createOgdamsClient({
    baseUrl: `http://127.0.0.1:${port}/api/v1/`,
    timeoutMs: 2_000,
    apiKey: KEY,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const buyData = () =>
  client.vendData({ reference: REFERENCE, networkId: 2, planId: '2002', phone: '08021234567' });
const buyAirtime = () =>
  client.vendAirtime({
    reference: REFERENCE,
    networkId: 2,
    amountKobo: 200_00,
    phone: '08021234567',
  });

describe('vend replies', () => {
  it.each([
    ['vend-data-success', 'delivered', 'OGD|27|20261121100012|4811'],
    ['vend-data-queued', 'pending', 'OGD|27|20261121100013|4812'],
    ['vend-data-processing', 'pending', 'OGD|27|20261121100014|4813'],
    ['vend-data-failed', 'failed', undefined],
    ['vend-not-found', 'pending', undefined],
    ['vend-undocumented-code', 'pending', undefined],
  ])('%s → %s', async (name, status, providerReference) => {
    serve(name);
    const outcome = await buyData();
    expect(outcome.status).toBe(status);
    if (outcome.status !== 'failed') expect(outcome.providerReference).toBe(providerReference);
    else expect(outcome.alert).toBeUndefined();
  });

  it('sends the documented vend/data request: Bearer key, networkId, numeric planId, phoneNumber, reference', async () => {
    serve('vend-data-success');
    await buyData();
    expect(lastRequest?.url).toBe('/api/v1/vend/data');
    expect(lastRequest?.auth).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(lastRequest!.body)).toEqual({
      networkId: 2,
      planId: 2002,
      phoneNumber: '08021234567',
      reference: REFERENCE,
    });
  });

  it('vend/airtime: naira amount and type vtu; success delivered, 424 failed', async () => {
    serve('vend-airtime-success');
    expect(await buyAirtime()).toMatchObject({ status: 'delivered' });
    expect(lastRequest?.url).toBe('/api/v1/vend/airtime');
    expect(JSON.parse(lastRequest!.body)).toEqual({
      networkId: 2,
      amount: 200,
      phoneNumber: '08021234567',
      type: 'vtu',
      reference: REFERENCE,
    });
    serve('vend-airtime-failed');
    expect(await buyAirtime()).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/^Ogdams code 424: Invalid phone number/),
    });
  });

  it('401 (our key refused) is failed with an operator alert', async () => {
    serve('vend-unauthorized');
    expect(await buyData()).toMatchObject({
      status: 'failed',
      alert: expect.stringMatching(/API key/),
    });
  });

  it('424 for want of funds in our Ogdams wallet is failed with an operator alert', async () => {
    const body = fixture('vend-data-failed') as { data: { msg: string } };
    body.data.msg = 'Insufficient wallet balance';
    next = { status: 424, text: JSON.stringify(body) };
    expect(await buyData()).toMatchObject({
      status: 'failed',
      alert: expect.stringMatching(/wallet/),
    });
  });

  it('never fails on what Ogdams did not say: 424 without status false, 200 without status true, HTML 500, cut JSON', async () => {
    const noStatus = fixture('vend-data-failed') as Record<string, unknown>;
    delete noStatus.status;
    next = { status: 424, text: JSON.stringify(noStatus) };
    expect((await buyData()).status).toBe('pending');
    const half = fixture('vend-data-success') as Record<string, unknown>;
    half.status = false;
    next = { status: 200, text: JSON.stringify(half) };
    expect((await buyData()).status).toBe('pending');
    next = { status: 500, text: '<html>Internal Server Error</html>' };
    expect((await buyData()).status).toBe('pending');
    next = { status: 200, text: '{"status":true,"code":200,"data":{"msg":"ok","re' };
    expect((await buyData()).status).toBe('pending');
  });
});

describe('read-only calls', () => {
  it('plans: v1 (data.msg list, price) and v4 (grouped by network, ourPrice) in exact kobo', async () => {
    serve('plans-v1');
    expect(await client.plans()).toEqual([
      { planId: '2002', networkId: 2, name: 'Airtel 1GB', validity: '1 day', amountKobo: 490_00 },
      { planId: '101', networkId: 1, name: 'MTN SME 1GB', validity: '30 Days', amountKobo: 500_00 },
    ]);
    expect(lastRequest?.url).toBe('/api/v1/get/data/plans');
    serve('plans-v4');
    expect(await client.plans()).toEqual([
      { planId: '101', networkId: 1, name: '500MB [SME]', validity: '30 Days', amountKobo: 250_00 },
      { planId: '2002', networkId: 2, name: '1GB [DIRECT]', validity: '1 day', amountKobo: 490_00 },
    ]);
  });

  it('balance: data.msg.mainBalance in kobo', async () => {
    serve('balance-success');
    expect((await client.balance()).mainBalanceKobo).toBe(25_000_00);
    expect(lastRequest?.url).toBe('/api/v1/get/balances');
  });

  it('a refused read throws', async () => {
    serve('vend-unauthorized');
    await expect(client.plans()).rejects.toThrow(/ogdams/);
    await expect(client.balance()).rejects.toThrow(/ogdams/);
  });

  it('requery answers pending and calls nothing (no lookup is documented)', async () => {
    lastRequest = undefined;
    expect(await client.requery({ reference: REFERENCE, providerReference: 'OGD|1' })).toEqual({
      status: 'pending',
      description: expect.stringMatching(/webhook/),
      raw: null,
      providerReference: 'OGD|1',
    });
    expect(lastRequest).toBeUndefined();
  });
});

describe('webhook events', () => {
  const signed = (name: string, secret = KEY) => {
    const raw = JSON.stringify(fixture(name));
    return { raw, headers: { [OGDAMS_SIGNATURE_HEADER]: signOgdamsBody(raw, secret) } };
  };

  it.each([
    ['webhook-delivered', '202611211000Fx7f1c2d0001', 'delivered'],
    ['webhook-failed', '202611211000Fx7f1c2d0002', 'failed'],
    ['webhook-processing', '202611211000Fx7f1c2d0003', 'pending'],
    ['webhook-envelope-delivered', 'OGD|27|20261121100014|4813', 'delivered'],
  ])('%s → %s for %s', (name, reference, status) => {
    const { raw, headers } = signed(name);
    const event = client.parseWebhook(raw, headers);
    expect(event?.reference).toBe(reference);
    expect(event?.outcome.status).toBe(status);
  });

  it('a wrong, missing or stale signature is refused; the header name is case-insensitive', () => {
    const { raw, headers } = signed('webhook-delivered');
    expect(client.parseWebhook(raw, signed('webhook-delivered', 'another key').headers)).toBeNull();
    expect(client.parseWebhook(raw, {})).toBeNull();
    expect(
      client.parseWebhook(raw.replace('Data delivered', 'Data delivered!'), headers),
    ).toBeNull();
    const upper = { 'Ogdams-Simhosting-Signature': headers[OGDAMS_SIGNATURE_HEADER] };
    expect(client.parseWebhook(raw, upper)?.outcome.status).toBe('delivered');
  });

  it('a webhook secret set apart from the API key is the one that counts', () => {
    const separate = createOgdamsClient({
      baseUrl: 'http://127.0.0.1:9/',
      timeoutMs: 100,
      apiKey: KEY,
      webhookSecret: 'whsec_separate',
    });
    const { raw, headers } = signed('webhook-delivered', 'whsec_separate');
    expect(separate.parseWebhook(raw, headers)?.outcome.status).toBe('delivered');
    expect(separate.parseWebhook(raw, signed('webhook-delivered').headers)).toBeNull();
  });
});
