import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES, SETTLE_AFTER_MS } from '@owo/providers/sandbox/magic';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { OGDAMS_SIGNATURE_HEADER, signOgdamsBody } from '@owo/providers/ogdams/protocol';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import {
  expectOneOutcome,
  kind,
  loadPlans,
  orderRow,
  purchase,
  transferCodes,
  type Plans,
} from './purchase-support';

/**
 * Ogdams orders end by Ogdams's signed webhook (it documents no status lookup): the simulator
 * posts the event to this listening app once an order is final by the sandbox clock. A wrong
 * signature changes nothing, a replay changes nothing, and the reconciler never refunds an Ogdams
 * order on its own.
 */

const OGDAMS_DATA = kind('Ogdams data');
/** Past SETTLE_AFTER_MS and past the reconciler's first backoff steps. */
const LATER_MS = 10 * 60_000;

let t: TestApp;
let plans: Plans;
let user: Awaited<ReturnType<typeof customer>>;

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  user = await customer(t, 100_000);
  plans = await loadPlans(t, user.token);
});
afterAll(async () => {
  await t?.close();
});

async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Buys the cheapest Ogdams plan for `phone`; answers the reply and the order's id. */
async function buy(phone: string) {
  t.clock.advance(60_000);
  const res = await purchase(t, OGDAMS_DATA, user.token, OGDAMS_DATA.body(phone, plans));
  const id = res.json().data?._id as string | undefined;
  return { res, id: id! };
}

/** An Ogdams event as its webhook sends it, signed with `secret`. */
function event(reference: string, code: 200 | 202 | 424, secret = SANDBOX_KEYS.ogdams.apiKey) {
  const raw = JSON.stringify({
    status: code !== 424,
    code,
    event: { type: 'data', data: { network: 2, msg: `code ${code}`, reference } },
  });
  return {
    method: 'POST' as const,
    url: '/api/webhooks/ogdams',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      [OGDAMS_SIGNATURE_HEADER]: signOgdamsBody(raw, secret),
    },
  };
}

describe('Ogdams orders', () => {
  it('a success settles delivered at once and keeps Ogdams ref', async () => {
    const before = await balanceKobo(t, user.token);
    const { res, id } = await buy(MAGIC_PHONES.delivered);
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderRow(t, id);
    expect(order).toMatchObject({ state: 'delivered', supplier: 'ogdams' });
    expect(order?.supplierReference).toMatch(/^OGD\|/);
    expect(await balanceKobo(t, user.token)).toBe(before - plans.ogdams.priceKobo);
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    await expectLedgerConsistent(t);
  });

  it('a pending order settles delivered by the webhook', async () => {
    const before = await balanceKobo(t, user.token);
    const { res, id } = await buy(MAGIC_PHONES.pendingThenDelivered);
    expect(res.statusCode, res.body).toBe(202);
    expect(await orderRow(t, id)).toMatchObject({
      state: 'pending',
      supplierReference: expect.stringMatching(/^OGD\|/),
    });
    t.clock.advance(SETTLE_AFTER_MS);
    await until(async () => (await orderRow(t, id))?.state === 'delivered', 'the webhook');
    expect(await balanceKobo(t, user.token)).toBe(before - plans.ogdams.priceKobo);
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    await expectLedgerConsistent(t);
  });

  it('a pending order that fails is refunded once by the webhook; replays change nothing', async () => {
    const before = await balanceKobo(t, user.token);
    const { res, id } = await buy(MAGIC_PHONES.pendingThenReversed);
    expect(res.statusCode, res.body).toBe(202);
    expect(await balanceKobo(t, user.token)).toBe(before - plans.ogdams.priceKobo);
    t.clock.advance(SETTLE_AFTER_MS);
    await until(async () => (await orderRow(t, id))?.state === 'failed', 'the webhook');
    expect(await balanceKobo(t, user.token)).toBe(before);
    const codes = await transferCodes(t, id);
    expectOneOutcome(codes, 'failed');

    const order = await orderRow(t, id);
    for (const replay of [
      event(order!.supplierRequestId, 424),
      event(order!.supplierRequestId, 200),
    ]) {
      const again = await t.request(replay);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect(await transferCodes(t, id)).toEqual(codes);
    expect((await orderRow(t, id))?.state).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(before);
    await expectLedgerConsistent(t);
  });

  it('a bad signature is 401 and changes nothing; the right one settles, by either reference', async () => {
    const first = await buy(MAGIC_PHONES.pendingForever);
    const second = await buy(MAGIC_PHONES.pendingForever);
    expect(first.res.statusCode).toBe(202);
    const order = (await orderRow(t, first.id))!;
    const before = await balanceKobo(t, user.token);

    const forged = await t.request(event(order.supplierRequestId, 424, 'sk_test_not_ours'));
    expect(forged.statusCode, forged.body).toBe(401);
    const unsigned = event(order.supplierRequestId, 424);
    delete (unsigned.headers as Record<string, string>)[OGDAMS_SIGNATURE_HEADER];
    expect((await t.request(unsigned)).statusCode).toBe(401);
    const tampered = event(order.supplierRequestId, 200);
    tampered.payload = tampered.payload.replace('"code":200', '"code":424');
    expect((await t.request(tampered)).statusCode).toBe(401);
    expect((await orderRow(t, first.id))?.state).toBe('pending');
    expect(await balanceKobo(t, user.token)).toBe(before);

    // A still-processing event (202) leaves the order open.
    expect((await t.request(event(order.supplierRequestId, 202))).statusCode).toBe(200);
    expect((await orderRow(t, first.id))?.state).toBe('pending');

    // Our reference settles the first; Ogdams's own ref (from its 202 reply) the second.
    expect((await t.request(event(order.supplierRequestId, 200))).statusCode).toBe(200);
    expect((await orderRow(t, first.id))?.state).toBe('delivered');
    const ref = (await orderRow(t, second.id))?.supplierReference;
    expect(ref).toMatch(/^OGD\|/);
    expect((await t.request(event(ref!, 424))).statusCode).toBe(200);
    expect((await orderRow(t, second.id))?.state).toBe('failed');
    expect(await balanceKobo(t, user.token)).toBe(before + plans.ogdams.priceKobo);
    expectOneOutcome(await transferCodes(t, second.id), 'failed');

    // An event for an order we do not have is acknowledged and moves nothing.
    expect((await t.request(event('owo-not-ours', 424))).statusCode).toBe(200);
    await expectLedgerConsistent(t);
  });

  it('the reconciler never refunds an Ogdams order, not even one Ogdams never recorded', async () => {
    const before = await balanceKobo(t, user.token);
    const stuck = await buy(MAGIC_PHONES.pendingForever);
    const lost = await buy(MAGIC_PHONES.noReply);
    expect(stuck.res.statusCode).toBe(202);
    expect(lost.res.statusCode).toBe(202);
    for (let pass = 0; pass < 3; pass += 1) {
      t.clock.advance(LATER_MS);
      await t.services.reconciler.runOnce();
    }
    for (const { id } of [stuck, lost]) {
      expect((await orderRow(t, id))?.state).toBe('pending');
      expectOneOutcome(await transferCodes(t, id), 'open');
    }
    expect(await balanceKobo(t, user.token)).toBe(before - 2 * plans.ogdams.priceKobo);
    await expectLedgerConsistent(t);
  });
});
