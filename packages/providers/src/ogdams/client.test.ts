import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OGDAMS_NETWORK_IDS } from '@owo/shared/networks';
import { ProviderError } from '../errors';
import { MAGIC_PHONES, SETTLE_AFTER_MS } from '../sandbox/magic';
import { EXPECTED, startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type { PurchaseOutcome } from '../types';
import { createOgdamsClient } from './client';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const og = () => t.providers.ogdams;
const AIRTEL = OGDAMS_NETWORK_IDS.AIRTEL;

async function play(buy: (reference: string) => Promise<PurchaseOutcome>) {
  const reference = `owo-${randomUUID()}`;
  const pay = await buy(reference);
  const requery = await og().requery(reference);
  t.advance(SETTLE_AFTER_MS);
  const settled = await og().requery(reference);
  return { pay: pay.status, requery: requery.status, settled: settled.status };
}

describe('Ogdams adapter against the simulator: every magic phone', () => {
  it.each(Object.entries(MAGIC_PHONES))('vend/data, phone %s (%s)', async (scenario, phone) => {
    const result = await play((reference) =>
      og().vendData({ reference, networkId: AIRTEL, planId: '2002', phone }),
    );
    expect(result).toEqual(EXPECTED[scenario]);
  });

  it.each(Object.entries(MAGIC_PHONES))('vend/airtime, phone %s (%s)', async (scenario, phone) => {
    const result = await play((reference) =>
      og().vendAirtime({ reference, networkId: AIRTEL, amountKobo: 200_00, phone }),
    );
    expect(result).toEqual(EXPECTED[scenario]);
  });

  it('reads HTTP 202 as accepted and pending, and the transaction id once delivered', async () => {
    const reference = `owo-${randomUUID()}`;
    const pay = await og().vendData({
      reference,
      networkId: AIRTEL,
      planId: '2010',
      phone: MAGIC_PHONES.pendingThenDelivered,
    });
    expect(pay).toMatchObject({
      status: 'pending',
      description: expect.stringMatching(/accepted/),
    });
    t.advance(SETTLE_AFTER_MS);
    expect(await og().requery(reference)).toMatchObject({
      status: 'delivered',
      providerReference: expect.stringMatching(/^OGD/),
    });
  });
});

describe('Ogdams refusals', () => {
  it('fails a refused vend (4xx, status false) and keeps a duplicate reference pending', async () => {
    const wrongPlan = await og().vendData({
      reference: `owo-${randomUUID()}`,
      networkId: 1,
      planId: '2002',
      phone: MAGIC_PHONES.delivered,
    });
    expect(wrongPlan).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/Invalid planId/),
    });
    const reference = `owo-${randomUUID()}`;
    expect(
      (
        await og().vendAirtime({
          reference,
          networkId: AIRTEL,
          amountKobo: 100_00,
          phone: MAGIC_PHONES.delivered,
        })
      ).status,
    ).toBe('delivered');
    const again = await og().vendAirtime({
      reference,
      networkId: AIRTEL,
      amountKobo: 100_00,
      phone: MAGIC_PHONES.delivered,
    });
    expect(again.status).toBe('pending');
  });

  it('rejects a wrong key: vend refused, plans throw, requery stays pending', async () => {
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
    ).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/Unauthorized/),
    });
    await expect(stranger.plans()).rejects.toThrow(ProviderError);
    expect((await stranger.requery('x1')).status).toBe('pending');
  });
});

describe('Ogdams plans', () => {
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
});
