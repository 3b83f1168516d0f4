import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS, SANDBOX_PREFIXES } from '@owo/providers/sandbox/server';
import { VTPASS_CODE_VALUES } from '@owo/providers/sandbox/magic';
import type { VtpassSmartcardInfo } from '@owo/providers/types';
import { tvWire } from '../src/modules/purchases/tv-subscription';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import {
  PIN,
  PLAIN_PHONE,
  expectOneOutcome,
  latestDebit,
  orderRow,
  transferCodes,
} from './purchase-support';

/**
 * VTpass bouquet purchases through POST /api/vtpass/tv-plans (decision 0017): DStv / GOtv carry
 * subscription_type (renew the bouquet on the card at merchant-verify's Renewal_Amount, or change
 * to the chosen one for one month), StarTimes none; the simulator refuses a DStv / GOtv pay
 * without it. And a VTpass 040 on requery refunds the customer exactly once.
 */

const LATER_MS = 10 * 60_000;
let t: TestApp;
let user: Awaited<ReturnType<typeof customer>>;

beforeAll(async () => {
  t = await createTestApp();
  user = await customer(t, 200_000);
});
afterAll(async () => {
  await t?.close();
});

interface Plan {
  variation_code: string;
  name: string;
  sellingPrice: number;
}
const kobo = (naira: number) => Math.round(naira * 100);

async function plansOf(serviceID: string): Promise<Plan[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/vtpass/tv?serviceID=${serviceID}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Plan[];
}

async function verifyCard(serviceID: string, billersCode: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/vtpass/smartcard-verify',
    token: user.token,
    payload: { serviceID, billersCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { Current_Bouquet: string; Renewal_Amount: number | null };
}

function buy(serviceID: string, variationCode: string, billersCode: string) {
  t.clock.advance(60_000);
  return t.request({
    method: 'POST',
    url: '/api/vtpass/tv-plans',
    token: user.token,
    payload: {
      serviceID,
      variation_code: variationCode,
      phone: PLAIN_PHONE,
      billersCode,
      transactionPin: PIN,
    },
  });
}

/** What VTpass itself recorded for the order: its requery, straight from the simulator. */
async function vtpassRecord(requestId: string) {
  const res = await fetch(`${t.sandboxOrigin}${SANDBOX_PREFIXES.vtpass}/requery`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'api-key': SANDBOX_KEYS.vtpass.apiKey,
      'secret-key': SANDBOX_KEYS.vtpass.secretKey,
    },
    body: JSON.stringify({ request_id: requestId }),
  });
  const body = (await res.json()) as {
    code: string;
    content: { transactions: { status: string; amount: number; quantity: number } };
  };
  return { code: body.code, ...body.content.transactions };
}

/** The newest order of the user, with its purchase row. */
async function newestOrder() {
  const row = await latestDebit(t, user.id);
  const order = await orderRow(t, row!.id);
  return { row: row!, order: order! };
}

describe('DStv: renew the bouquet on the card, change to another', () => {
  const CARD = '7012345678';

  it('the plan on the card renews at the merchant-verify amount (subscription_type renew)', async () => {
    const plans = await plansOf('dstv');
    const card = await verifyCard('dstv', CARD);
    const current = plans.find((p) => p.name === card.Current_Bouquet);
    expect(current, `a plan named ${card.Current_Bouquet}`).toBeDefined();
    const renewalKobo = kobo(card.Renewal_Amount!);
    const before = await balanceKobo(t, user.token);

    const res = await buy('dstv', current!.variation_code, CARD);
    expect(res.statusCode, res.body).toBe(200);
    const { row, order } = await newestOrder();
    // The customer pays the plan's price; VTpass charges us the renewal amount.
    expect(await balanceKobo(t, user.token)).toBe(before - kobo(current!.sellingPrice));
    expect(order).toMatchObject({ state: 'delivered', costKobo: renewalKobo });
    expect(order.request).toMatchObject({
      kind: 'vtpass',
      serviceID: 'dstv',
      subscriptionType: 'renew',
      amountKobo: renewalKobo,
      billersCode: CARD,
    });
    expect(order.request).not.toHaveProperty('variationCode');
    expect(row.metadata).toMatchObject({ subscriptionType: 'renew', smart_card_number: CARD });
    const record = await vtpassRecord(order.supplierRequestId);
    expect(record).toMatchObject({ code: '000', status: 'delivered', quantity: 1 });
    expect(kobo(record.amount)).toBe(renewalKobo);
    await expectLedgerConsistent(t);
  });

  it('another plan changes the bouquet for one month at its price (subscription_type change)', async () => {
    const plans = await plansOf('dstv');
    const card = await verifyCard('dstv', CARD);
    const other = plans.find((p) => p.name !== card.Current_Bouquet)!;
    const res = await buy('dstv', other.variation_code, CARD);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = await newestOrder();
    expect(order.request).toMatchObject({
      subscriptionType: 'change',
      quantity: 1,
      variationCode: other.variation_code,
      amountKobo: order.costKobo,
    });
    const record = await vtpassRecord(order.supplierRequestId);
    expect(record).toMatchObject({ status: 'delivered', quantity: 1 });
    expect(kobo(record.amount)).toBe(order.costKobo);
  });
});

describe('GOtv and StarTimes', () => {
  it('GOtv carries subscription_type too', async () => {
    const plans = await plansOf('gotv');
    const res = await buy('gotv', plans[0]!.variation_code, '7012345679');
    expect(res.statusCode, res.body).toBe(200);
    const { order } = await newestOrder();
    expect(['renew', 'change']).toContain(order.request.subscriptionType);
  });

  it('StarTimes documents no subscription_type: none is sent', async () => {
    const plans = await plansOf('startimes');
    const res = await buy('startimes', plans[0]!.variation_code, '7012345680');
    expect(res.statusCode, res.body).toBe(200);
    const { order } = await newestOrder();
    expect(order.request).not.toHaveProperty('subscriptionType');
    expect(order.request).not.toHaveProperty('quantity');
    expect(order.request).toMatchObject({ variationCode: plans[0]!.variation_code });
  });
});

describe('VTpass 040 on requery', () => {
  it('ends the order failed and refunds the customer exactly once', async () => {
    const plans = await plansOf('gotv');
    const card = VTPASS_CODE_VALUES.reversal040.card;
    const before = await balanceKobo(t, user.token);

    const res = await buy('gotv', plans[0]!.variation_code, card);
    expect(res.statusCode, res.body).toBe(202);
    const { row } = await newestOrder();
    expect(await balanceKobo(t, user.token)).toBe(before - row.amountKobo);

    t.clock.advance(LATER_MS);
    await t.services.reconciler.runOnce();
    const order = await orderRow(t, row.id);
    expect(order?.state).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(before);
    const codes = await transferCodes(t, row.id);
    expectOneOutcome(codes, 'failed');
    await expectLedgerConsistent(t);

    // VTpass keeps answering 040; another pass changes nothing and refunds nothing again.
    t.clock.advance(LATER_MS);
    const again = await t.services.reconciler.runOnce();
    expect(again.delivered + again.failed).toBe(0);
    expect(await transferCodes(t, row.id)).toEqual(codes);
    expect(await balanceKobo(t, user.token)).toBe(before);
    expect((await vtpassRecord(order!.supplierRequestId)).code).toBe('040');
  });
});

describe('tvWire: the renew-or-change rule', () => {
  const plan = { externalId: 'dstv79', costKobo: 19_000_00 };
  const card = (over: Partial<VtpassSmartcardInfo>): VtpassSmartcardInfo => ({
    customerName: 'A',
    status: 'ACTIVE',
    dueDate: '',
    customerNumber: '',
    currentBouquet: 'DStv Compact',
    currentBouquetCode: 'dstv79',
    renewalAmountKobo: 18_050_00,
    ...over,
  });
  const change = {
    subscriptionType: 'change',
    quantity: 1,
    variationCode: 'dstv79',
    costKobo: 19_000_00,
  };

  it('renews only the one bouquet on the card, at a known renewal no dearer than our cost', () => {
    expect(tvWire('dstv', plan, card({}))).toEqual({
      subscriptionType: 'renew',
      costKobo: 18_050_00,
    });
    expect(tvWire('gotv', plan, card({ renewalAmountKobo: 19_000_00 }))).toMatchObject({
      subscriptionType: 'renew',
    });
  });

  it.each<[string, Partial<VtpassSmartcardInfo> | undefined]>([
    ['another bouquet on the card', { currentBouquetCode: 'dstv3' }],
    ['the bouquet with an add-on', { currentBouquetCode: 'dstv79, extraview-access' }],
    ['no renewal amount', { renewalAmountKobo: null }],
    ['a renewal dearer than the plan', { renewalAmountKobo: 19_000_01 }],
    ['verification down', undefined],
  ])('changes for one month with %s', (_label, over) => {
    expect(tvWire('dstv', plan, over ? card(over) : undefined)).toEqual(change);
  });

  it('sends StarTimes and ShowMax as a plain variation', () => {
    for (const id of ['startimes', 'showmax']) {
      expect(tvWire(id, plan, card({}))).toEqual({ variationCode: 'dstv79', costKobo: 19_000_00 });
    }
  });
});
