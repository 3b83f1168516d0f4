/**
 * The DataStation adapter against its simulator: every magic value through pay, an immediate
 * requery and a settled one (per kind, by DataStation's id when the pay reply gave one), the
 * refusals, and the catalogue.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS, SETTLE_AFTER_MS } from '../sandbox/magic';
import { EXPECTED, startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type { DataStationKind, PurchaseOutcome } from '../types';
import { DATASTATION_DATA_PLANS } from './catalogue';
import { createDataStationClient } from './client';
import { dataStationSimulator, SIM_PAGE_SIZE } from './simulator';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const ds = () => t.providers.datastation;
const ref = () => `owo-${randomUUID()}`;
const idOf = (o: PurchaseOutcome) => (o.status === 'failed' ? undefined : o.providerReference);

/**
 * DataStation differs from the shared table where an order was never recorded: its list cannot
 * tell that apart from an order it does not show us, so a lookup for it stays pending (a refused
 * order, invalidAccount, is failed at pay and never requeried in practice).
 */
const DATASTATION_EXPECTED: typeof EXPECTED = {
  ...EXPECTED,
  noReply: { pay: 'pending', requery: 'pending', settled: 'pending' },
  invalidAccount: { pay: 'failed', requery: 'pending', settled: 'pending' },
};

async function play(kind: DataStationKind, buy: (reference: string) => Promise<PurchaseOutcome>) {
  const reference = ref();
  const pay = await buy(reference);
  const requery = await ds().requery({ kind, reference, providerReference: idOf(pay) });
  t.advance(SETTLE_AFTER_MS);
  const providerReference = idOf(pay) ?? idOf(requery);
  const settled = await ds().requery({ kind, reference, providerReference });
  return { pay, requery, settled };
}

const statuses = (r: Awaited<ReturnType<typeof play>>) => ({
  pay: r.pay.status,
  requery: r.requery.status,
  settled: r.settled.status,
});

describe('DataStation adapter against the simulator: every magic value', () => {
  it.each(Object.entries(MAGIC_PHONES))('data, phone %s (%s)', async (scenario, phone) => {
    const result = await play('data', (reference) =>
      ds().buyData({ reference, networkId: 1, phone, dataId: 216, ported: true }),
    );
    expect(statuses(result)).toEqual(DATASTATION_EXPECTED[scenario]);
  });

  it.each(Object.entries(MAGIC_PHONES))('topup, phone %s (%s)', async (scenario, phone) => {
    const result = await play('topup', (reference) =>
      ds().topup({ reference, networkId: 4, phone, amountKobo: 100_00, ported: false }),
    );
    expect(statuses(result)).toEqual(DATASTATION_EXPECTED[scenario]);
  });

  it.each(Object.entries(MAGIC_SMARTCARDS))('cablesub, card %s (%s)', async (scenario, card) => {
    const result = await play('cable', (reference) =>
      ds().cablesub({ reference, cableId: 3, cablePlanId: 13, smartCardNumber: card }),
    );
    expect(statuses(result)).toEqual(DATASTATION_EXPECTED[scenario]);
  });

  it.each(Object.entries(MAGIC_METERS))('billpayment, meter %s (%s)', async (scenario, meter) => {
    const result = await play('bill', (reference) =>
      ds().billpayment({
        reference,
        discoId: 2,
        amountKobo: 3_000_00,
        meterNumber: meter,
        meterType: scenario === 'deliveredPostpaid' ? 'postpaid' : 'prepaid',
      }),
    );
    expect(statuses(result)).toEqual(DATASTATION_EXPECTED[scenario]);
  });

  it('returns DataStation id on pending and delivered; the requery asks by it, per kind', async () => {
    const reference = ref();
    const pay = await ds().topup({
      reference,
      networkId: 1,
      phone: MAGIC_PHONES.pendingThenDelivered,
      amountKobo: 500_00,
      ported: true,
    });
    expect(pay).toMatchObject({
      status: 'pending',
      providerReference: expect.stringMatching(/^\d+$/),
    });
    t.advance(SETTLE_AFTER_MS);
    const settled = await ds().requery({ kind: 'topup', reference, providerReference: idOf(pay) });
    expect(settled).toMatchObject({
      status: 'delivered',
      providerReference: idOf(pay),
      description: expect.stringMatching(/^DataStation lookup: Status successful/),
    });
    // The same id at another kind's endpoint is not that order: pending, never failed.
    const wrongKind = await ds().requery({ kind: 'data', reference, providerReference: idOf(pay) });
    expect(wrongKind).toMatchObject({ status: 'pending', providerReference: idOf(pay) });
  });

  it('finds a lost reply in the order list by ident and hands back DataStation id', async () => {
    const reference = ref();
    const pay = await ds().cablesub({
      reference,
      cableId: 1,
      cablePlanId: 17,
      smartCardNumber: MAGIC_SMARTCARDS.malformed,
    });
    expect(pay.status).toBe('pending');
    const requery = await ds().requery({ kind: 'cable', reference });
    expect(requery).toMatchObject({
      status: 'delivered',
      providerReference: expect.stringMatching(/^\d+$/),
      description: expect.stringMatching(/^DataStation order list/),
    });
  });

  it('parses the electricity token of a prepaid billpayment, none for postpaid', async () => {
    const prepaid = await ds().billpayment({
      reference: ref(),
      discoId: 1,
      amountKobo: 5_000_00,
      meterNumber: MAGIC_METERS.delivered,
      meterType: 'prepaid',
    });
    expect(prepaid).toMatchObject({
      status: 'delivered',
      token: expect.stringMatching(/^\d{4}(-\d{4}){4}$/),
      providerReference: expect.stringMatching(/^\d+$/),
    });
    const postpaid = await ds().billpayment({
      reference: ref(),
      discoId: 1,
      amountKobo: 5_000_00,
      meterNumber: MAGIC_METERS.deliveredPostpaid,
      meterType: 'postpaid',
    });
    expect(postpaid.status).toBe('delivered');
    expect(postpaid).not.toHaveProperty('token', expect.anything());
  });
});

describe('DataStation refusals', () => {
  it('fails a purchase refused with HTTP 400 (not charged), without an alert', async () => {
    const wrongPlan = await ds().buyData({
      reference: ref(),
      networkId: 2,
      phone: MAGIC_PHONES.delivered,
      dataId: 216,
      ported: true,
    });
    expect(wrongPlan).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/HTTP 400.*Invalid plan id 216 for GLO/),
    });
    expect(wrongPlan).not.toHaveProperty('alert');
  });

  it('rejects a wrong token: a purchase fails with an operator alert, reads throw', async () => {
    const stranger = createDataStationClient({
      baseUrl: t.sandbox.baseUrls.datastation,
      timeoutMs: 500,
      apiKey: 'wrong',
    });
    const outcome = await stranger.buyData({
      reference: ref(),
      networkId: 1,
      phone: MAGIC_PHONES.delivered,
      dataId: 7,
      ported: true,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/Invalid token/),
      alert: expect.stringMatching(/API token/),
    });
    await expect(stranger.catalogue()).rejects.toThrow(ProviderError);
    await expect(stranger.balance()).rejects.toThrow(ProviderError);
    // A requery cannot conclude anything from a refusal.
    expect((await stranger.requery({ kind: 'data', reference: 'any' })).status).toBe('pending');
  });
});

describe('DataStation with its own simulator instance', () => {
  let app: FastifyInstance;
  let client: ReturnType<typeof createDataStationClient>;
  let clock = Date.parse('2026-11-21T09:00:00Z');
  beforeAll(async () => {
    app = Fastify({ logger: false, forceCloseConnections: true });
    await app.register(dataStationSimulator, {
      apiKey: 'k',
      now: () => clock,
      holdMs: 5_000,
      openingBalanceKobo: 10_000_00,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    client = createDataStationClient({ baseUrl: `${address}/`, timeoutMs: 1_000, apiKey: 'k' });
  });
  afterAll(() => app.close());

  it('reads our wallet in kobo and alerts when it is too low for an order', async () => {
    expect(await client.balance()).toBe(10_000_00);
    const bought = await client.topup({
      reference: ref(),
      networkId: 1,
      phone: MAGIC_PHONES.delivered,
      amountKobo: 1_000_00,
      ported: true,
    });
    expect(bought.status).toBe('delivered');
    expect(await client.balance()).toBe(10_000_00 - 970_00);
    const tooBig = await client.billpayment({
      reference: ref(),
      discoId: 1,
      amountKobo: 20_000_00,
      meterNumber: MAGIC_METERS.delivered,
      meterType: 'prepaid',
    });
    expect(tooBig).toMatchObject({
      status: 'failed',
      alert: expect.stringMatching(/DataStation wallet is too low/),
    });
  });

  it('keeps a lost order pending however many newer orders push it off the list', async () => {
    const lost = ref();
    const pay = await client.buyData({
      reference: lost,
      networkId: 1,
      phone: MAGIC_PHONES.noReply,
      dataId: 7,
      ported: true,
    });
    expect(pay.status).toBe('pending');
    for (let i = 0; i < SIM_PAGE_SIZE * 3 + 1; i++) {
      clock += 1;
      await client.topup({
        reference: ref(),
        networkId: 1,
        phone: MAGIC_PHONES.delivered,
        amountKobo: 50_00,
        ported: true,
      });
    }
    for (const kind of ['data', 'topup'] as const) {
      expect(await client.requery({ kind, reference: lost })).toMatchObject({
        status: 'pending',
        description: expect.stringMatching(/not proof it never received it/),
      });
    }
  });
});

describe('DataStation catalogue', () => {
  it('reads every plan once in exact kobo, StarTimes ("STARTIME") bouquets, networks by family', async () => {
    const catalogue = await ds().catalogue();
    expect(catalogue.dataPlans).toHaveLength(DATASTATION_DATA_PLANS.length);
    expect(catalogue.dataPlans.find((p) => p.dataId === 216)).toEqual({
      dataId: 216,
      network: 'MTN',
      planType: 'AWOOF',
      size: '1.0GB',
      validity: '1 day',
      amountKobo: 250_00,
    });
    expect(catalogue.networks).toEqual([
      { networkId: 1, name: 'MTN' },
      { networkId: 2, name: 'GLO' },
      { networkId: 3, name: '9MOBILE' },
      { networkId: 4, name: 'AIRTEL' },
    ]);
    const startimes = catalogue.cablePlans.filter((p) => p.cablename === 'STARTIMES');
    expect(startimes.length).toBeGreaterThan(0);
    expect(startimes.every((p) => p.cableId === 3)).toBe(true);
    expect(catalogue.cablePlans.find((p) => p.package === 'GOtv Jolli')).toMatchObject({
      cableId: 1,
      amountKobo: 5_800_00,
    });
  });
});
