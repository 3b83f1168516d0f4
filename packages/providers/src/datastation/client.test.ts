import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CABLES, DISCOS } from '@owo/shared/billers';
import { ProviderError } from '../errors';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS, SETTLE_AFTER_MS } from '../sandbox/magic';
import { EXPECTED, startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type { PurchaseOutcome } from '../types';
import { DATASTATION_DATA_PLANS } from './catalogue';
import { createDataStationClient, parseDataPlans } from './client';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const ds = () => t.providers.datastation;
const ref = () => `owo-${randomUUID()}`;

async function play(buy: (reference: string) => Promise<PurchaseOutcome>) {
  const reference = ref();
  const pay = await buy(reference);
  const requery = await ds().requery(reference);
  t.advance(SETTLE_AFTER_MS);
  const settled = await ds().requery(reference);
  return { pay, requery, settled, reference };
}

const statuses = (r: Awaited<ReturnType<typeof play>>) => ({
  pay: r.pay.status,
  requery: r.requery.status,
  settled: r.settled.status,
});

describe('DataStation adapter against the simulator: every magic value', () => {
  it.each(Object.entries(MAGIC_PHONES))('data, phone %s (%s)', async (scenario, phone) => {
    const result = await play((reference) =>
      ds().buyData({ reference, networkId: 1, phone, dataId: 216, ported: true }),
    );
    expect(statuses(result)).toEqual(EXPECTED[scenario]);
  });

  // Topup shares the data path's scenario handling; a sample of it keeps the route honest.
  it.each(['delivered', 'failed', 'pendingThenReversed', 'http500'] as const)(
    'topup, %s',
    async (scenario) => {
      const phone = MAGIC_PHONES[scenario];
      const result = await play((reference) =>
        ds().topup({ reference, networkId: 4, phone, amountKobo: 100_00, ported: false }),
      );
      expect(statuses(result)).toEqual(EXPECTED[scenario]);
    },
  );

  it.each(Object.entries(MAGIC_SMARTCARDS))('cablesub, card %s (%s)', async (scenario, card) => {
    const result = await play((reference) =>
      ds().cablesub({ reference, cableId: 1, cablePlanId: 17, smartCardNumber: card }),
    );
    expect(statuses(result)).toEqual(EXPECTED[scenario]);
  });

  it.each(Object.entries(MAGIC_METERS))('billpayment, meter %s (%s)', async (scenario, meter) => {
    const result = await play((reference) =>
      ds().billpayment({
        reference,
        discoId: 2,
        amountKobo: 3_000_00,
        meterNumber: meter,
        meterType: scenario === 'deliveredPostpaid' ? 'postpaid' : 'prepaid',
      }),
    );
    expect(statuses(result)).toEqual(EXPECTED[scenario]);
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
      units: '23.8 kWh',
      providerReference: expect.stringMatching(/^\d+$/),
    });
    expect((prepaid.raw as { MeterType: string }).MeterType).toBe('PREPAID');
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

  it('fails a lost order on requery because DataStation has no such ident', async () => {
    const result = await play((reference) =>
      ds().buyData({
        reference,
        networkId: 1,
        phone: MAGIC_PHONES.noReply,
        dataId: 7,
        ported: true,
      }),
    );
    expect(result.requery.description).toMatch(/no transaction with ident owo-.*never recorded/);
  });

  it('keeps a timed-out purchase pending; the requery finds it delivered', async () => {
    const reference = ref();
    const pay = await ds().topup({
      reference,
      networkId: 1,
      phone: MAGIC_PHONES.timeout,
      amountKobo: 500_00,
      ported: true,
    });
    expect(pay).toMatchObject({ status: 'pending', description: expect.stringMatching(/1000 ms/) });
    expect((await ds().requery(reference)).status).toBe('delivered');
  });
});

describe('DataStation refusals', () => {
  it('fails a purchase refused with a 4xx JSON error (not charged)', async () => {
    const wrongPlan = await ds().buyData({
      reference: ref(),
      networkId: 2,
      phone: MAGIC_PHONES.delivered,
      dataId: 216,
      ported: true,
    });
    expect(wrongPlan).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/Invalid plan id 216 for GLO/),
    });
    const tooSmall = await ds().topup({
      reference: ref(),
      networkId: 1,
      phone: MAGIC_PHONES.delivered,
      amountKobo: 10_00,
      ported: true,
    });
    expect(tooSmall.status).toBe('failed');
  });

  it('refuses a malformed ident rather than filing the order under another one', async () => {
    const outcome = await ds().buyData({
      reference: 'has spaces',
      networkId: 1,
      phone: MAGIC_PHONES.delivered,
      dataId: 7,
      ported: true,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/ident/),
    });
  });

  it('keeps a reused ident pending (409): the first order stands', async () => {
    const reference = ref();
    expect(
      (
        await ds().buyData({
          reference,
          networkId: 1,
          phone: MAGIC_PHONES.failed,
          dataId: 7,
          ported: true,
        })
      ).status,
    ).toBe('failed');
    const again = await ds().buyData({
      reference,
      networkId: 1,
      phone: MAGIC_PHONES.delivered,
      dataId: 7,
      ported: true,
    });
    expect(again).toMatchObject({ status: 'pending', description: expect.stringMatching(/409/) });
    expect((await ds().requery(reference)).status).toBe('failed');
  });

  it('rejects a wrong token: a purchase is refused (failed), the catalogue throws', async () => {
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
    });
    await expect(stranger.catalogue()).rejects.toThrow(ProviderError);
    // A requery cannot conclude anything from a refusal.
    expect((await stranger.requery('any')).status).toBe('pending');
  });
});

describe('DataStation catalogue', () => {
  it('reads every plan once, in exact kobo, with the supplier texts', async () => {
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
    const byId = new Map(catalogue.dataPlans.map((p) => [p.dataId, p]));
    for (const id of [216, 217, 362, 363]) expect(byId.get(id)?.planType).toBe('AWOOF');
    for (const id of [309, 317, 340, 341, 342, 345, 346, 348, 351, 353, 364, 369]) {
      expect(byId.get(id)).toMatchObject({ network: 'MTN', planType: 'GIFTING' });
    }
    const types = new Set(catalogue.dataPlans.map((p) => `${p.network} ${p.planType}`));
    for (const expected of [
      'MTN SME2',
      'MTN DATA COUPONS',
      'AIRTEL CORPORATE GIFTING',
      'AIRTEL AWOOF',
      'GLO CORPORATE GIFTING',
      'GLO AWOOF',
      '9MOBILE GIFTING',
    ]) {
      expect(types).toContain(expected);
    }
    expect(catalogue.networks).toEqual([
      { networkId: 1, name: 'MTN' },
      { networkId: 2, name: 'GLO' },
      { networkId: 3, name: '9MOBILE' },
      { networkId: 4, name: 'AIRTEL' },
    ]);
    expect(catalogue.discos).toEqual(DISCOS.map((d) => ({ discoId: d.discoId, name: d.name })));
    for (const plan of catalogue.cablePlans) {
      expect(CABLES.find((c) => c.cableId === plan.cableId)?.cablename).toBe(plan.cablename);
    }
    expect(catalogue.cablePlans.find((p) => p.package === 'GOtv Jolli')).toMatchObject({
      cableId: 1,
      amountKobo: 5_800_00,
    });
  });

  it('accepts plain lists per network and skips plans it cannot price', () => {
    const plans = parseDataPlans({
      GLO_PLAN: [
        {
          dataplan_id: '227',
          plan_type: 'corporate gifting',
          month_validate: '30 days',
          plan: '1.0GB',
          plan_amount: '440.5',
        },
        { dataplan_id: '228', plan: '2.0GB', plan_amount: 'N/A' },
      ],
    });
    expect(plans).toEqual([
      {
        dataId: 227,
        network: 'GLO',
        planType: 'CORPORATE GIFTING',
        size: '1.0GB',
        validity: '30 days',
        amountKobo: 440_50,
      },
    ]);
  });
});
