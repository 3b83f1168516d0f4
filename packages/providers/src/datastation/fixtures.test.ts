/**
 * Every DataStation reply in fixtures/ (shapes from the public sources in SOURCES.md), served over
 * HTTP through the real adapter: what each means for an order, and what the adapter asks for.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataStationClient, DataStationKind } from '../types';
import { createDataStationClient, LIST_PAGES_SEARCHED } from './client';
import { networkReply, userReply } from './sim-replies';

const KEY = 'fixture-token';
/** The ident in every fixture order that is ours. */
const REFERENCE = '202611211000Fx7f1c2d000a';

type Answer = { status: number; text: string };
let answer: (url: string) => Answer = () => ({ status: 200, text: '{}' });
let requests: { method: string; url: string; auth: string | undefined; body: string }[] = [];
let server: Server;
let client: DataStationClient;

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

function serve(status: number, name: string) {
  const text = JSON.stringify(fixture(name));
  answer = () => ({ status, text });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = req.url ?? '';
      requests.push({ method: req.method ?? '', url, auth: req.headers.authorization, body });
      const { status, text } = answer(url);
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createDataStationClient({
    baseUrl: `http://127.0.0.1:${port}/`,
    timeoutMs: 2_000,
    apiKey: KEY,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

const BUY: Record<DataStationKind, () => ReturnType<DataStationClient['buyData']>> = {
  data: () =>
    client.buyData({
      reference: REFERENCE,
      networkId: 1,
      phone: '08031234567',
      dataId: 216,
      ported: true,
    }),
  topup: () =>
    client.topup({
      reference: REFERENCE,
      networkId: 4,
      phone: '08021234567',
      amountKobo: 500_00,
      ported: false,
    }),
  cable: () =>
    client.cablesub({
      reference: REFERENCE,
      cableId: 3,
      cablePlanId: 13,
      smartCardNumber: '7027914329',
    }),
  bill: () =>
    client.billpayment({
      reference: REFERENCE,
      discoId: 1,
      amountKobo: 5_000_00,
      meterNumber: '45031234567',
      meterType: 'prepaid',
    }),
};
const FILE: Record<DataStationKind, string> = {
  data: 'data',
  topup: 'topup',
  cable: 'cablesub',
  bill: 'billpayment',
};

describe('purchase replies (HTTP 201 with the order)', () => {
  describe.each(Object.keys(BUY) as DataStationKind[])('%s', (kind) => {
    it.each([
      ['successful', 'delivered'],
      ['failed', 'failed'],
      ['processing', 'pending'],
    ])(`${FILE[kind]}-%s → %s, with DataStation id unless failed`, async (name, status) => {
      serve(201, `${FILE[kind]}-${name}`);
      const outcome = await BUY[kind]();
      expect(outcome.status).toBe(status);
      if (outcome.status === 'failed') expect(outcome.alert).toBeUndefined();
      else expect(outcome.providerReference).toBe(String(fixture(`${FILE[kind]}-${name}`).id));
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        method: 'POST',
        url: `/api/${FILE[kind]}/`,
        auth: `Token ${KEY}`,
      });
      expect(JSON.parse(requests[0]!.body)).toMatchObject({ ident: REFERENCE });
    });
  });

  it('sends the documented fields per kind', async () => {
    for (const kind of Object.keys(BUY) as DataStationKind[]) {
      serve(201, `${FILE[kind]}-successful`);
      await BUY[kind]();
    }
    expect(requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      {
        network: 1,
        mobile_number: '08031234567',
        plan: 216,
        Ported_number: true,
        ident: REFERENCE,
      },
      {
        network: 4,
        amount: 500,
        mobile_number: '08021234567',
        Ported_number: false,
        airtime_type: 'VTU',
        ident: REFERENCE,
      },
      { cablename: 3, cableplan: 13, smart_card_number: '7027914329', ident: REFERENCE },
      {
        disco_name: 1,
        amount: 5000,
        meter_number: '45031234567',
        MeterType: 1,
        ident: REFERENCE,
      },
    ]);
  });

  it('reads the prepaid token of a successful billpayment', async () => {
    serve(201, 'billpayment-successful');
    expect(await BUY.bill()).toMatchObject({ token: '1234-5678-9012-3456-7890' });
  });
});

describe('purchase refusals and unclear answers', () => {
  it.each([
    [400, 'error-400-validation', undefined],
    [400, 'error-400-field', undefined],
    [400, 'error-400-insufficient-balance', /DataStation wallet is too low/],
    [401, 'error-401-invalid-token', /API token/],
    [401, 'error-401-no-credentials', /API token/],
  ])('HTTP %i %s → failed', async (status, name, alert) => {
    serve(status, name);
    const outcome = await BUY.data();
    expect(outcome.status).toBe('failed');
    if (outcome.status !== 'failed') return;
    if (alert) expect(outcome.alert).toMatch(alert);
    else expect(outcome.alert).toBeUndefined();
  });

  it.each([
    ['404 without a body', 404, ''],
    ['405 with a detail', 405, '{"detail":"Method \\"POST\\" not allowed."}'],
    ['429 throttled', 429, '{"detail":"Request was throttled."}'],
    ['500 HTML', 500, '<html><body>Server Error (500)</body></html>'],
    ['201 that is not JSON', 201, '{"id":48213,"Status":"succ'],
    ['201 with an unknown Status', 201, '{"id":48213,"Status":"pending"}'],
    ['201 without a Status', 201, '{"id":48213}'],
  ])('%s → pending', async (_, status, text) => {
    answer = () => ({ status, text });
    expect((await BUY.data()).status).toBe('pending');
  });
});

describe('requery by DataStation id: GET api/<kind>/<id>', () => {
  it.each([
    ['data', 'data-successful', 'delivered'],
    ['data', 'data-failed', 'failed'],
    ['data', 'data-processing', 'pending'],
    ['topup', 'topup-successful', 'delivered'],
    ['topup', 'topup-processing', 'pending'],
    ['cable', 'cablesub-failed', 'failed'],
    ['bill', 'billpayment-successful', 'delivered'],
  ] as const)('%s %s → %s, at the kind’s own endpoint', async (kind, name, status) => {
    serve(200, name);
    const id = String(fixture(name).id);
    const outcome = await client.requery({ kind, reference: REFERENCE, providerReference: id });
    expect(outcome.status).toBe(status);
    if (outcome.status !== 'failed') expect(outcome.providerReference).toBe(id);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /api/${FILE[kind]}/${id}`]);
  });

  it.each([
    ['404 without a body', 404, ''],
    ['500', 500, 'Server Error'],
    ['an order with another id', 200, JSON.stringify(fixture('data-successful'))],
  ])('%s → pending, DataStation id kept', async (_, status, text) => {
    answer = () => ({ status, text });
    const outcome = await client.requery({
      kind: 'data',
      reference: REFERENCE,
      providerReference: '99999',
    });
    expect(outcome).toMatchObject({ status: 'pending', providerReference: '99999' });
  });
});

describe('requery without DataStation id: our ident in the kind’s order list', () => {
  it('finds our order and hands back its id', async () => {
    serve(200, 'data-list-found');
    const outcome = await client.requery({ kind: 'data', reference: REFERENCE });
    expect(outcome).toMatchObject({ status: 'delivered', providerReference: '48213' });
    expect(requests.map((r) => r.url)).toEqual(['/api/data/']);
  });

  it('an empty list (count 0) is pending, never failed: it is not a documented "never received"', async () => {
    serve(200, 'data-list-empty');
    for (const kind of Object.keys(BUY) as DataStationKind[]) {
      expect((await client.requery({ kind, reference: REFERENCE })).status).toBe('pending');
    }
    expect(requests.map((r) => r.url)).toEqual([
      '/api/data/',
      '/api/topup/',
      '/api/cablesub/',
      '/api/billpayment/',
    ]);
  });

  it(`searches ${LIST_PAGES_SEARCHED} pages of other orders, then stays pending`, async () => {
    serve(200, 'data-list-other');
    const outcome = await client.requery({ kind: 'topup', reference: REFERENCE });
    expect(outcome.status).toBe('pending');
    expect(requests.map((r) => r.url)).toEqual([
      '/api/topup/',
      '/api/topup/?page=2',
      '/api/topup/?page=3',
    ]);
  });

  it('an unreadable list is pending', async () => {
    answer = () => ({ status: 503, text: 'busy' });
    expect((await client.requery({ kind: 'data', reference: REFERENCE })).status).toBe('pending');
  });
});

describe('catalogue and balance', () => {
  beforeEach(() => {
    answer = (url) => ({
      status: 200,
      text: JSON.stringify(fixture(url.startsWith('/api/network/') ? 'network' : 'user')),
    });
  });

  it('reads networks from the plan families of api/network/, and StarTimes plans ("STARTIME")', async () => {
    const catalogue = await client.catalogue();
    expect(catalogue.networks).toEqual([
      { networkId: 1, name: 'MTN' },
      { networkId: 2, name: 'GLO' },
      { networkId: 3, name: '9MOBILE' },
      { networkId: 4, name: 'AIRTEL' },
    ]);
    expect(catalogue.dataPlans.map((p) => p.dataId).sort((a, b) => a - b)).toEqual([
      7, 8, 209, 227, 252, 271, 341,
    ]);
    expect(catalogue.cablePlans.filter((p) => p.cablename === 'STARTIMES')).toEqual([
      {
        cablePlanId: 12,
        cablename: 'STARTIMES',
        cableId: 3,
        package: 'Nova - 1 Week',
        amountKobo: 700_00,
      },
      {
        cablePlanId: 13,
        cablename: 'STARTIMES',
        cableId: 3,
        package: 'Basic - 1 Month',
        amountKobo: 4_000_00,
      },
    ]);
  });

  it('reads our wallet from user.Account_Balance, in kobo', async () => {
    expect(await client.balance()).toBe(250_000_00);
    answer = () => ({ status: 200, text: '{"user":{"Account_Balance":20176.49999999992}}' });
    expect(await client.balance()).toBe(20_176_50);
  });
});

describe('the simulator speaks the fixtures’ shapes', () => {
  const keys = (o: unknown) => Object.keys(o as object);
  it('api/user/ and api/network/', () => {
    const user = userReply(1_000_00);
    const wire = fixture('user');
    expect(keys(user)).toEqual(keys(wire));
    expect(keys(user.user)).toEqual(keys(wire.user));
    expect(keys(user.Cableplan)).toEqual(expect.arrayContaining(keys(wire.Cableplan)));
    expect(keys(networkReply())).toEqual(keys(fixture('network')));
  });
});
