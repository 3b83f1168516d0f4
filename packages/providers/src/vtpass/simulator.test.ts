/**
 * The VTpass simulator's documented rules, through the real adapter: DStv / GOtv subscriptions
 * (subscription_type, renewal at the merchant-verify amount, quantity), StarTimes without them,
 * the VTpass-only code values (027, 018, 040, and the undocumented 000 "failed" and 087) and the
 * balance call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAILED_THEN_DELIVERED_AFTER_MS,
  MAGIC_PHONES,
  SETTLE_AFTER_MS,
  VTPASS_CODE_VALUES,
} from '../sandbox/magic';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import type { VtpassPayRequest } from '../types';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { createVtpassClient } from './client';
import { vtpassLiveCheck } from './live-check';
import { makeVtpassRequestId } from './request-id';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const vtpass = () => t.providers.vtpass;
const newId = () => makeVtpassRequestId(new Date(t.now()));
const CARD = '7012345678';
const tv = (extra: Partial<VtpassPayRequest>) =>
  vtpass().pay({
    requestId: newId(),
    serviceID: 'dstv',
    amountKobo: 19_000_00,
    phone: MAGIC_PHONES.delivered,
    billersCode: CARD,
    variationCode: 'dstv79',
    ...extra,
  });
const charged = (raw: unknown) =>
  (raw as { content: { transactions: { amount: string; quantity: number } } }).content.transactions;

describe('DStv and GOtv: subscription_type is mandatory', () => {
  it.each(['dstv', 'gotv'])('%s without subscription_type is refused with 011', async (id) => {
    const outcome = await tv({
      serviceID: id,
      variationCode: id === 'dstv' ? 'dstv79' : 'gotv-max',
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/^VTpass 011/),
    });
    expect(JSON.stringify(outcome.raw)).toMatch(/subscription_type is required/);
  });

  it('change buys the variation for `quantity` months', async () => {
    const one = await tv({ subscriptionType: 'change', quantity: 1 });
    expect(one.status).toBe('delivered');
    expect(charged(one.raw)).toMatchObject({ amount: '19000.00', quantity: 1 });
    const two = await tv({ subscriptionType: 'change', quantity: 2, amountKobo: 0 });
    expect(charged(two.raw)).toMatchObject({ amount: '38000.00', quantity: 2 });
    const none = await tv({ subscriptionType: 'change', variationCode: undefined });
    expect(none).toMatchObject({ status: 'failed', description: expect.stringMatching(/011/) });
  });

  it('renew tops up the renewal amount merchant-verify gave, no variation needed', async () => {
    const card = await vtpass().verifySmartcard({ serviceID: 'dstv', billersCode: CARD });
    if (!card.ok) throw new Error('card did not verify');
    expect(card.info.currentBouquetCode).toMatch(/^dstv/);
    const renewal = card.info.renewalAmountKobo!;
    expect(renewal).toBeGreaterThan(0);
    const outcome = await tv({
      subscriptionType: 'renew',
      variationCode: undefined,
      amountKobo: renewal,
    });
    expect(outcome.status).toBe('delivered');
    expect(Number(charged(outcome.raw).amount) * 100).toBe(renewal);
    const noAmount = await tv({ subscriptionType: 'renew', amountKobo: 0 });
    expect(noAmount).toMatchObject({ status: 'failed', description: expect.stringMatching(/011/) });
  });

  it('StarTimes documents no subscription_type: a plain variation purchase', async () => {
    const card = await vtpass().verifySmartcard({ serviceID: 'startimes', billersCode: CARD });
    expect(card).toMatchObject({
      ok: true,
      info: { currentBouquetCode: '', renewalAmountKobo: null },
    });
    const outcome = await tv({
      serviceID: 'startimes',
      variationCode: 'basic',
      amountKobo: 4_000_00,
    });
    expect(outcome.status).toBe('delivered');
  });
});

describe('VTpass-only code values', () => {
  it('027 on pay: failed with an operator alert, and nothing recorded (requery 015)', async () => {
    const requestId = newId();
    const outcome = await vtpass().pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: VTPASS_CODE_VALUES.ipNotWhitelisted027.phone,
    });
    expect(outcome).toMatchObject({ status: 'failed', alert: expect.stringMatching(/IP/) });
    expect((await vtpass().requery(requestId)).description).toMatch(/015/);
  });

  it('018 on pay: failed with an operator alert about the VTpass wallet', async () => {
    const outcome = await tv({
      billersCode: VTPASS_CODE_VALUES.lowWalletBalance018.card,
      subscriptionType: 'change',
    });
    expect(outcome).toMatchObject({ status: 'failed', alert: expect.stringMatching(/wallet/) });
  });

  it('040: processing on pay, then reversed on the requery (failed, no alert)', async () => {
    const requestId = newId();
    const pay = await vtpass().pay({
      requestId,
      serviceID: 'ikeja-electric',
      amountKobo: 2_000_00,
      phone: MAGIC_PHONES.delivered,
      billersCode: VTPASS_CODE_VALUES.reversal040.meter,
      variationCode: 'prepaid',
    });
    expect(pay).toMatchObject({ status: 'pending', providerReference: expect.any(String) });
    expect((await vtpass().requery(requestId)).status).toBe('pending');
    t.advance(SETTLE_AFTER_MS);
    const settled = await vtpass().requery(requestId);
    expect(settled).toMatchObject({ status: 'failed', description: expect.stringMatching(/040/) });
    expect(settled).not.toHaveProperty('alert');
  });
});

describe('replies no VTpass page documents as a failure (held pending with an alert)', () => {
  it('000 with status "failed": held with an alert, and VTpass delivers it later', async () => {
    const requestId = newId();
    const pay = await vtpass().pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: VTPASS_CODE_VALUES.statusFailed000.phone,
    });
    expect(pay).toMatchObject({
      status: 'pending',
      providerReference: expect.any(String),
      alert: expect.stringMatching(/does not document/),
    });
    expect(JSON.stringify(pay.raw)).toMatch(/"status":"failed"/);
    expect((await vtpass().requery(requestId)).status).toBe('pending');
    t.advance(FAILED_THEN_DELIVERED_AFTER_MS);
    expect((await vtpass().requery(requestId)).status).toBe('delivered');
  });

  it('087 on pay: held with an alert; nothing recorded, so the requery answers 015', async () => {
    const requestId = newId();
    const pay = await vtpass().pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: VTPASS_CODE_VALUES.invalidCredentials087.phone,
    });
    expect(pay).toMatchObject({
      status: 'pending',
      alert: expect.stringMatching(/VTPASS_API_KEY/),
    });
    expect(await vtpass().requery(requestId)).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/015/),
    });
  });

  it('a failed order answers the documented 016 on requery, never 000 "failed"', async () => {
    const requestId = newId();
    await vtpass().pay({
      requestId,
      serviceID: 'mtn',
      amountKobo: 100_00,
      phone: MAGIC_PHONES.http500,
    });
    expect(await vtpass().requery(requestId)).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/^VTpass 016/),
    });
  });
});

describe('VTpass balance', () => {
  it('answers our wallet in kobo, less what was bought', async () => {
    const before = await vtpass().balance();
    expect(Number.isSafeInteger(before)).toBe(true);
    await vtpass().pay({
      requestId: newId(),
      serviceID: 'mtn',
      amountKobo: 500_00,
      phone: MAGIC_PHONES.delivered,
    });
    expect(await vtpass().balance()).toBe(before - 500_00);
  });
});

describe('vtpassLiveCheck', () => {
  it('makes its three read-only calls and says each worked', async () => {
    const before = await vtpass().balance();
    const lines = await vtpassLiveCheck(vtpass());
    expect(lines.map((l) => [l.check, l.ok])).toEqual([
      ['balance (GET balance)', true],
      ['service-variations of dstv', true],
      ['merchant-verify of DStv card 1212121212', true],
    ]);
    expect(lines[0]!.detail).toMatch(/^wallet ₦[\d,]+\.\d{2}$/);
    expect(lines[2]!.detail).toMatch(/Ibrahim Musa Danjuma/);
    expect(await vtpass().balance()).toBe(before);
  });

  it('reports every line as not ok when VTpass cannot be reached', async () => {
    const nowhere = createVtpassClient({
      baseUrl: 'http://127.0.0.1:9/api/',
      timeoutMs: 300,
      keys: SANDBOX_KEYS.vtpass,
    });
    const lines = await vtpassLiveCheck(nowhere);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => !l.ok && l.detail.length > 0)).toBe(true);
  });
});
