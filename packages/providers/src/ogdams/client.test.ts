/**
 * The real Ogdams adapter against the simulator: the vend reply for every magic phone, then the
 * signed webhook event the simulator posts once the order is final (by the sandbox clock).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OGDAMS_NETWORK_IDS } from '@owo/shared/networks';
import { ProviderError } from '../errors';
import { MAGIC_PHONES, SETTLE_AFTER_MS } from '../sandbox/magic';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type { PurchaseOutcome } from '../types';
import { createOgdamsClient } from './client';

const AIRTEL = OGDAMS_NETWORK_IDS.AIRTEL;

/** Our webhook endpoint: every event the simulator posts, with its headers. */
const received: { body: string; headers: IncomingHttpHeaders }[] = [];
let receiver: Server;
let notifyUrl: string;
let t: TestSandbox;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/ogdams`;
  t = await startTestSandbox({ ogdamsNotifyUrl: () => notifyUrl, ogdamsTickMs: 10 });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const og = () => t.providers.ogdams;

/** The event for `reference` as the adapter reads it, once it arrives (undefined if none). */
async function eventFor(reference: string, waitMs = 600) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    for (const { body, headers } of received) {
      const flat = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]));
      const event = og().parseWebhook(body, flat);
      if (event?.reference === reference) return event;
    }
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Final = PurchaseOutcome['status'] | 'none';

/** Per magic phone: the vend reply, then the webhook's verdict (none: no event ever comes). */
const EXPECTED: Record<keyof typeof MAGIC_PHONES, { pay: PurchaseOutcome['status']; hook: Final }> =
  {
    delivered: { pay: 'delivered', hook: 'delivered' },
    failed: { pay: 'failed', hook: 'failed' },
    pendingThenDelivered: { pay: 'pending', hook: 'delivered' },
    pendingThenReversed: { pay: 'pending', hook: 'failed' },
    pendingForever: { pay: 'pending', hook: 'none' },
    http500: { pay: 'pending', hook: 'failed' },
    malformed: { pay: 'pending', hook: 'delivered' },
    timeout: { pay: 'pending', hook: 'delivered' },
    noReply: { pay: 'pending', hook: 'none' },
  };

async function play(buy: (reference: string) => Promise<PurchaseOutcome>) {
  const reference = `owo-${randomUUID()}`;
  const pay = await buy(reference);
  const requery = await og().requery({ reference });
  t.advance(SETTLE_AFTER_MS);
  const event = await eventFor(reference);
  return { pay: pay.status, requery: requery.status, hook: event?.outcome.status ?? 'none' };
}

describe('Ogdams adapter against the simulator: every magic phone', () => {
  const cases = Object.entries(MAGIC_PHONES) as [keyof typeof MAGIC_PHONES, string][];

  it.each(cases)('vend/data, phone %s (%s)', async (scenario, phone) => {
    const result = await play((reference) =>
      og().vendData({ reference, networkId: AIRTEL, planId: '2002', phone }),
    );
    expect(result).toEqual({ ...EXPECTED[scenario], requery: 'pending' });
  });

  it.each(cases)('vend/airtime, phone %s (%s)', async (scenario, phone) => {
    const result = await play((reference) =>
      og().vendAirtime({ reference, networkId: AIRTEL, amountKobo: 200_00, phone }),
    );
    expect(result).toEqual({ ...EXPECTED[scenario], requery: 'pending' });
  });

  it('a 202 keeps Ogdams ref on the pending outcome; the event is signed in ogdams-simhosting-signature', async () => {
    const reference = `owo-${randomUUID()}`;
    const pay = await og().vendData({
      reference,
      networkId: AIRTEL,
      planId: '2010',
      phone: MAGIC_PHONES.pendingThenDelivered,
    });
    expect(pay).toMatchObject({
      status: 'pending',
      providerReference: expect.stringMatching(/^OGD\|/),
      description: expect.stringMatching(/code 202/),
    });
    t.advance(SETTLE_AFTER_MS);
    expect(await eventFor(reference)).toMatchObject({ outcome: { status: 'delivered' } });
    const delivery = received.find((r) => r.body.includes(reference))!;
    expect(delivery.headers['ogdams-simhosting-signature']).toMatch(/^[0-9a-f]{128}$/);
    expect(JSON.parse(delivery.body)).toMatchObject({
      status: true,
      code: 200,
      event: { type: 'data', data: { network: AIRTEL, reference } },
    });
  });
});

describe('Ogdams refusals', () => {
  it('fails a plan of another network (424) and keeps a duplicate reference pending', async () => {
    const wrongPlan = await og().vendData({
      reference: `owo-${randomUUID()}`,
      networkId: 1,
      planId: '2002',
      phone: MAGIC_PHONES.delivered,
    });
    expect(wrongPlan).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/^Ogdams code 424: Invalid planId/),
    });
    const reference = `owo-${randomUUID()}`;
    const input = { reference, networkId: AIRTEL, amountKobo: 100_00, phone: '08021234567' };
    expect((await og().vendAirtime(input)).status).toBe('delivered');
    expect((await og().vendAirtime(input)).status).toBe('pending');
  });

  it('a reference longer than Ogdams accepts is never sent: failed, with an operator alert', async () => {
    expect(
      await og().vendData({
        reference: `owo-${randomUUID()}F`,
        networkId: AIRTEL,
        planId: '2002',
        phone: MAGIC_PHONES.delivered,
      }),
    ).toMatchObject({ status: 'failed', alert: expect.stringMatching(/longer than 40/) });
  });

  it('a wrong key: vend failed with an alert, plans and balance throw', async () => {
    const stranger = createOgdamsClient({
      baseUrl: t.sandbox.baseUrls.ogdams,
      timeoutMs: 500,
      apiKey: 'sk_test_wrong',
    });
    expect(
      await stranger.vendAirtime({
        reference: 'x1',
        networkId: AIRTEL,
        amountKobo: 100_00,
        phone: MAGIC_PHONES.delivered,
      }),
    ).toMatchObject({ status: 'failed', alert: expect.stringMatching(/API key/) });
    await expect(stranger.plans()).rejects.toThrow(ProviderError);
    await expect(stranger.balance()).rejects.toThrow(ProviderError);
  });
});

describe('Ogdams read-only calls', () => {
  it('lists Airtel plans in exact kobo', async () => {
    const plans = await og().plans();
    expect(plans.length).toBeGreaterThan(10);
    expect(plans.every((p) => p.networkId === AIRTEL && Number.isSafeInteger(p.amountKobo))).toBe(
      true,
    );
    expect(plans.find((p) => p.planId === '2002')).toEqual({
      planId: '2002',
      networkId: AIRTEL,
      name: 'Airtel 1GB',
      validity: '1 day',
      amountKobo: 490_00,
    });
  });

  it('reads the main balance, which falls with each order served; an empty wallet refuses', async () => {
    const wallet = t.sandbox.wallets.ogdams;
    expect((await og().balance()).mainBalanceKobo).toBe(wallet.balanceKobo);
    wallet.set(300_00);
    const vend = (reference: string) =>
      og().vendAirtime({ reference, networkId: AIRTEL, amountKobo: 200_00, phone: '08021234567' });
    expect((await vend('bal-1')).status).toBe('delivered');
    expect((await og().balance()).mainBalanceKobo).toBe(100_00);
    // Ogdams's 424 in its words about our wallet: failed, with an alert to fund it.
    expect(await vend('bal-2')).toMatchObject({ status: 'failed', alert: expect.any(String) });
    expect((await og().balance()).mainBalanceKobo).toBe(100_00);
    wallet.set(5_000_000_00);
  });
});
