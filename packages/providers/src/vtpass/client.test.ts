import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { MAGIC_METERS, MAGIC_PHONES, MAGIC_SMARTCARDS, SETTLE_AFTER_MS } from '../sandbox/magic';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { EXPECTED, startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type { PurchaseOutcome, VtpassPayRequest } from '../types';
import { createVtpassClient } from './client';
import { makeVtpassRequestId } from './request-id';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const vtpass = () => t.providers.vtpass;
const newId = () => makeVtpassRequestId(new Date(t.now()));

/** Pays, requeries, moves the clock past SETTLE_AFTER_MS, requeries again. */
async function playScenario(request: Omit<VtpassPayRequest, 'requestId'>) {
  const requestId = newId();
  const pay = await vtpass().pay({ ...request, requestId });
  const requery = await vtpass().requery(requestId);
  t.advance(SETTLE_AFTER_MS);
  const settled = await vtpass().requery(requestId);
  return { pay, requery, settled };
}

function statuses(r: { pay: PurchaseOutcome; requery: PurchaseOutcome; settled: PurchaseOutcome }) {
  return { pay: r.pay.status, requery: r.requery.status, settled: r.settled.status };
}

describe('VTpass adapter against the simulator: every magic value', () => {
  it.each(Object.entries(MAGIC_PHONES))('airtime, phone %s (%s)', async (scenario, phone) => {
    const result = await playScenario({ serviceID: 'mtn', amountKobo: 100_00, phone });
    expect(statuses(result)).toEqual(EXPECTED[scenario]);
  });

  it.each(Object.entries(MAGIC_METERS))('electricity, meter %s (%s)', async (scenario, meter) => {
    const result = await playScenario({
      serviceID: 'ikeja-electric',
      amountKobo: 5_000_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: meter,
      variationCode: scenario === 'deliveredPostpaid' ? 'postpaid' : 'prepaid',
    });
    expect(statuses(result)).toEqual(EXPECTED[scenario]);
  });

  it.each(Object.entries(MAGIC_SMARTCARDS))('TV, smart card %s (%s)', async (scenario, card) => {
    const result = await playScenario({
      serviceID: 'gotv',
      amountKobo: 5_800_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: card,
      variationCode: 'gotv-jolli',
      subscriptionType: 'change',
      quantity: 1,
    });
    expect(statuses(result)).toEqual(EXPECTED[scenario]);
  });

  it('delivers a prepaid token parsed from purchased_code, with units (IKEDC shape)', async () => {
    const { pay } = await playScenario({
      serviceID: 'ikeja-electric',
      amountKobo: 5_000_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: MAGIC_METERS.delivered,
      variationCode: 'prepaid',
    });
    expect(pay.status).toBe('delivered');
    if (pay.status !== 'delivered') return;
    expect(pay.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(pay.units).toBe('23.8 kWh');
    expect(pay.providerReference).toMatch(/^\d+$/);
    // IKEDC writes the token bare; we show it in fours.
    expect((pay.raw as { purchased_code: string }).purchased_code).toBe(
      `Token : ${pay.token?.replace(/-/g, '')}`,
    );
  });

  it('gives the token on the requery that finds a pending prepaid order delivered', async () => {
    const result = await playScenario({
      serviceID: 'abuja-electric',
      amountKobo: 2_000_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: MAGIC_METERS.pendingThenDelivered,
      variationCode: 'prepaid',
    });
    expect(result.requery).not.toHaveProperty('token');
    expect(result.settled).toMatchObject({ status: 'delivered', token: expect.any(String) });
  });

  it('says the supplier never recorded an order lost without a reply', async () => {
    const result = await playScenario({
      serviceID: 'glo',
      amountKobo: 200_00,
      phone: MAGIC_PHONES.noReply,
    });
    expect(result.pay.description).toMatch(/network error/);
    expect(result.requery.description).toMatch(/015.*never recorded/);
  });

  it('counts a held call as pending after the adapter timeout, and the requery finds it delivered', async () => {
    const started = Date.now();
    const requestId = newId();
    const pay = await vtpass().pay({
      requestId,
      serviceID: 'airtel',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.timeout,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(pay).toMatchObject({ status: 'pending', description: expect.stringMatching(/1000 ms/) });
    expect((await vtpass().requery(requestId)).status).toBe('delivered');
  });
});

describe('VTpass pay: what the simulator validates, and what the adapter makes of it', () => {
  it('refuses a request id without a proper Lagos date with 085 (failed, operator alert)', async () => {
    const pay = (requestId: string) =>
      vtpass().pay({
        requestId,
        serviceID: 'mtn',
        amountKobo: 100_00,
        phone: MAGIC_PHONES.delivered,
      });
    expect(await pay('202613011200abc')).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/^VTpass 085.*NOT PROPER DATE FORMAT/),
      alert: expect.stringMatching(/request id/),
    });
    expect(await pay('abc20261121')).toMatchObject({
      description: expect.stringMatching(/DOES NOT CONTAIN DATE/),
    });
    // A well-formed id from yesterday (Lagos) is refused too: VTpass wants today's date.
    const yesterday = makeVtpassRequestId(new Date(t.now() - 24 * 60 * 60 * 1000));
    expect(await pay(yesterday)).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/DATE NOT TODAY/),
    });
  });

  it('keeps a reused request id pending (014): the first order stands and must be requeried', async () => {
    const requestId = newId();
    const first = await vtpass().pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.failed,
    });
    expect(first.status).toBe('failed');
    const again = await vtpass().pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.delivered,
    });
    expect(again).toMatchObject({ status: 'pending', description: expect.stringMatching(/014/) });
  });

  it.each<[string, Partial<VtpassPayRequest>, string]>([
    ['unknown serviceID', { serviceID: 'mtn-gold' }, '012'],
    ['unknown variation', { serviceID: 'mtn-data', variationCode: 'mtn-9tb' }, '010'],
    ['airtime below minimum', { serviceID: 'mtn', amountKobo: 10_00 }, '013'],
    ['airtime above maximum', { serviceID: 'mtn', amountKobo: 60_000_00 }, '017'],
    [
      'electricity without meter type',
      { serviceID: 'jos-electric', billersCode: '45012345678' },
      '010',
    ],
  ])('fails on %s', async (_label, overrides, code) => {
    const outcome = await vtpass().pay({
      requestId: newId(),
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.delivered,
      ...overrides,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      description: expect.stringContaining(`VTpass ${code}`),
    });
  });

  it('charges the variation price of a fixed-price plan whatever amount is sent', async () => {
    const outcome = await vtpass().pay({
      requestId: newId(),
      serviceID: 'mtn-data',
      amountKobo: 1_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: MAGIC_PHONES.delivered,
      variationCode: 'mtn-2gb-1500',
    });
    expect(outcome.status).toBe('delivered');
    expect((outcome.raw as { amount: number }).amount).toBe(1500);
  });

  it('answers 015 to a requery of an id it never saw', async () => {
    expect(await vtpass().requery('202611211000neverseen')).toMatchObject({ status: 'failed' });
  });
});

describe('VTpass verification', () => {
  it('names the documented sandbox meters and card', async () => {
    const prepaid = await vtpass().verifyMeter({
      serviceID: 'ikeja-electric',
      billersCode: MAGIC_METERS.delivered,
      type: 'prepaid',
    });
    expect(prepaid).toEqual({
      ok: true,
      info: {
        customerName: 'Adebayo Oluwaseun Adeyemi',
        address: '14 Adeola Odeku Street, Victoria Island, Lagos',
        meterNumber: MAGIC_METERS.delivered,
        meterType: 'PREPAID',
        minimumAmountKobo: 500_00,
        canVend: true,
      },
    });
    const postpaid = await vtpass().verifyMeter({
      serviceID: 'eko-electric',
      billersCode: MAGIC_METERS.deliveredPostpaid,
      type: 'postpaid',
    });
    expect(postpaid).toMatchObject({
      ok: true,
      info: { customerName: 'Chiamaka Ngozi Okafor', meterType: 'POSTPAID' },
    });
    const card = await vtpass().verifySmartcard({
      serviceID: 'dstv',
      billersCode: MAGIC_SMARTCARDS.delivered,
    });
    expect(card).toMatchObject({
      ok: true,
      info: { customerName: 'Ibrahim Musa Danjuma', status: 'ACTIVE' },
    });
    if (card.ok) {
      expect(card.info.renewalAmountKobo).toBeGreaterThan(0);
      expect(card.info.renewalAmountKobo! % 100).toBe(0);
      expect(card.info.currentBouquet).toMatch(/DStv/);
    }
  });

  it('verifies any other well-formed number (demo numbers work)', async () => {
    const meter = await vtpass().verifyMeter({
      serviceID: 'kano-electric',
      billersCode: '45012345678',
      type: 'prepaid',
    });
    expect(meter.ok).toBe(true);
    const card = await vtpass().verifySmartcard({
      serviceID: 'startimes',
      billersCode: '02134567891',
    });
    expect(card.ok).toBe(true);
  });

  it('says invalid for the invalidAccount values and malformed numbers', async () => {
    const meter = await vtpass().verifyMeter({
      serviceID: 'ikeja-electric',
      billersCode: MAGIC_METERS.invalidAccount,
      type: 'prepaid',
    });
    expect(meter).toMatchObject({
      ok: false,
      reason: 'invalid',
      description: expect.stringMatching(/not correct/),
    });
    const card = await vtpass().verifySmartcard({
      serviceID: 'gotv',
      billersCode: MAGIC_SMARTCARDS.invalidAccount,
    });
    expect(card).toMatchObject({ ok: false, reason: 'invalid' });
    const short = await vtpass().verifyMeter({
      serviceID: 'ikeja-electric',
      billersCode: '123',
      type: 'prepaid',
    });
    expect(short).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('says unavailable when the supplier cannot be asked', async () => {
    const stranger = createVtpassClient({
      baseUrl: t.sandbox.baseUrls.vtpass,
      timeoutMs: 500,
      keys: { ...SANDBOX_KEYS.vtpass, secretKey: 'SK_wrong' },
    });
    const result = await stranger.verifyMeter({
      serviceID: 'ikeja-electric',
      billersCode: MAGIC_METERS.delivered,
      type: 'prepaid',
    });
    expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});

describe('VTpass variations', () => {
  it('reads fixed-price data plans in exact kobo', async () => {
    const plans = await vtpass().variations('mtn-data');
    expect(plans).toContainEqual({
      variationCode: 'mtn-1gb-500',
      name: 'MTN N500 1GB - 1 day',
      amountKobo: 500_00,
      fixedPrice: true,
    });
    expect(plans.every((p) => Number.isSafeInteger(p.amountKobo) && p.fixedPrice)).toBe(true);
  });

  it('reads the list under either spelling (the TV services send both)', async () => {
    const raw = await fetch(`${t.sandbox.baseUrls.vtpass}service-variations?serviceID=gotv`, {
      headers: {
        'api-key': SANDBOX_KEYS.vtpass.apiKey,
        'public-key': SANDBOX_KEYS.vtpass.publicKey,
      },
    }).then((r) => r.json() as Promise<{ content: Record<string, unknown> }>);
    // VTpass's GOtv page shows the list under both keys in one reply.
    expect(raw.content).toHaveProperty('varations');
    expect(raw.content.variations).toEqual(raw.content.varations);
    const names = (await vtpass().variations('gotv')).map((v) => v.name).join(' | ');
    for (const bouquet of ['Smallie', 'Jinja', 'Jolli', 'Max', 'Supa', 'Supa Plus']) {
      expect(names).toContain(`GOtv ${bouquet}`);
    }
    const dstv = await vtpass().variations('dstv');
    expect(dstv.find((v) => v.name.startsWith('DStv Premium'))?.amountKobo).toBe(44_500_00);
  });

  it('has prepaid and postpaid, not fixed-price, for electricity', async () => {
    const variations = await vtpass().variations('yola-electric');
    expect(variations.map((v) => [v.variationCode, v.fixedPrice])).toEqual([
      ['prepaid', false],
      ['postpaid', false],
    ]);
  });

  it('throws a ProviderError for an unknown service or a wrong key', async () => {
    await expect(vtpass().variations('mtn-gold')).rejects.toThrow(ProviderError);
    const stranger = createVtpassClient({
      baseUrl: t.sandbox.baseUrls.vtpass,
      timeoutMs: 500,
      keys: { ...SANDBOX_KEYS.vtpass, publicKey: 'PK_wrong' },
    });
    await expect(stranger.variations('mtn-data')).rejects.toThrow(/HTTP 401/);
  });
});
