import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { messages } from '@owo/shared/messages';
import { idempotencyKeys } from '../src/db/schema';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  fund,
  type TestApp,
} from './harness';
import {
  AIRTIME_NAIRA,
  countRows,
  kind,
  latestDebit,
  loadPlans,
  purchase,
  transferCodes,
  type Plans,
} from './purchase-support';

/** Idempotency-Key: a replay answers the first reply and moves no money twice. */

type Reply = Awaited<ReturnType<TestApp['request']>>;

let t: TestApp;
let plans: Plans;
beforeAll(async () => {
  t = await createTestApp();
  plans = await loadPlans(t, (await customer(t)).token);
});
afterAll(async () => {
  await t?.close();
});

const airtime = kind('in-house airtime');
const newKey = () => `key-${randomUUID()}`;
const withKey = (key: string) => ({ 'idempotency-key': key });

async function storedKeys(userId: string, key: string) {
  return t.deps.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

function expectSameReply(a: Reply, b: Reply) {
  expect(b.statusCode).toBe(a.statusCode);
  expect(b.json()).toEqual(a.json());
}

describe('a replay', () => {
  it.each([
    { kind: 'in-house airtime', scenario: 'delivered', status: 200 },
    { kind: 'in-house airtime', scenario: 'failed', status: 422 },
    { kind: 'in-house airtime', scenario: 'pendingThenDelivered', status: 202 },
    { kind: 'VTpass data', scenario: 'delivered', status: 200 },
    { kind: 'VTpass airtime', scenario: 'failed', status: 422 },
  ] as const)(
    '$kind, $scenario: the same key answers the first reply ($status) and moves nothing',
    async ({ kind: name, scenario, status }) => {
      const k = kind(name);
      const user = await customer(t, 10_000);
      const key = newKey();
      const body = k.body(MAGIC_PHONES[scenario], plans);
      const first = await purchase(t, k, user.token, body, withKey(key));
      expect(first.statusCode, first.body).toBe(status);
      const balance = await balanceKobo(t, user.token);
      const rows = await countRows(t, user.id);
      const order = await latestDebit(t, user.id);
      const codes = await transferCodes(t, order!.id);

      for (let i = 0; i < 2; i += 1) {
        const again = await purchase(t, k, user.token, body, withKey(key));
        expectSameReply(first, again);
      }
      if (status !== 422) expect(first.json().data._id).toBe(order!.id);
      // Settled by the paying request, the key answers from the order's row (no reply predicted
      // and kept); an order left pending keeps its 202.
      const [stored] = await storedKeys(user.id, key);
      expect({ byOrder: stored!.answeredByOrder, kept: stored!.responseStatus }).toEqual(
        status === 202 ? { byOrder: false, kept: 202 } : { byOrder: true, kept: null },
      );
      expect(await balanceKobo(t, user.token)).toBe(balance);
      expect(await countRows(t, user.id)).toBe(rows);
      expect(await transferCodes(t, order!.id)).toEqual(codes);
      await expectLedgerConsistent(t);

      // Even once the reconciler has finished the order, the key still answers the first reply.
      t.clock.advance(10 * 60_000);
      await t.services.reconciler.runOnce();
      const later = await purchase(t, k, user.token, body, withKey(key));
      expectSameReply(first, later);
      expect(await countRows(t, user.id)).toBe(rows);
      await expectLedgerConsistent(t);
    },
  );

  it('without a key, nothing is bought: the key is required (a retry could not be told apart)', async () => {
    const user = await customer(t, 1_000);
    const body = airtime.body(MAGIC_PHONES.delivered, plans);
    const rows = await countRows(t, user.id);
    const res = await t.request({
      method: 'POST',
      url: airtime.url,
      token: user.token,
      payload: body,
      noIdempotencyKey: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.idempotencyKeyRequired });
    expect(await countRows(t, user.id)).toBe(rows);
    expect(await balanceKobo(t, user.token)).toBe(100_000);
  });
});

describe('concurrent duplicates', () => {
  it.each(['delivered', 'pendingThenDelivered', 'failed'] as const)(
    '5 requests at once with one key (%s): one order, one debit, five identical replies',
    async (scenario) => {
      const user = await customer(t, 1_000);
      const key = newKey();
      const body = airtime.body(MAGIC_PHONES[scenario], plans);
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => purchase(t, airtime, user.token, body, withKey(key))),
      );
      const expected = { delivered: 200, pendingThenDelivered: 202, failed: 422 }[scenario];
      for (const r of replies) {
        expect(r.statusCode, r.body).toBe(expected);
        expectSameReply(replies[0]!, r);
      }
      // The funding credit plus exactly one order.
      expect(await countRows(t, user.id)).toBe(2);
      const order = await latestDebit(t, user.id);
      if (expected !== 422) expect(replies[0]!.json().data._id).toBe(order!.id);
      expect((await transferCodes(t, order!.id)).purchase_reserve).toBe(1);
      expect(await balanceKobo(t, user.token)).toBe(
        scenario === 'failed' ? 100_000 : 100_000 - AIRTIME_NAIRA * 100,
      );
      expect(await storedKeys(user.id, key)).toHaveLength(1);
      await expectLedgerConsistent(t);
    },
  );
});

describe('refusals', () => {
  it('the same key with a different body → 422 IDEMPOTENCY_CONFLICT, nothing moved', async () => {
    const user = await customer(t, 1_000);
    const key = newKey();
    const body = airtime.body(MAGIC_PHONES.delivered, plans);
    const first = await purchase(t, airtime, user.token, body, withKey(key));
    expect(first.statusCode).toBe(200);
    const balance = await balanceKobo(t, user.token);
    const rows = await countRows(t, user.id);
    const vtpass = kind('VTpass airtime');
    for (const [k, other] of [
      [airtime, { ...body, amount: AIRTIME_NAIRA + 50 }],
      [airtime, { ...body, mobile_number: '08031234567' }],
      // The route is part of what the key is bound to.
      [vtpass, vtpass.body(MAGIC_PHONES.delivered, plans)],
    ] as const) {
      const res = await purchase(t, k, user.token, other, withKey(key));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'IDEMPOTENCY_CONFLICT',
        message: messages.idempotencyConflict,
      });
    }
    expect(await balanceKobo(t, user.token)).toBe(balance);
    expect(await countRows(t, user.id)).toBe(rows);
    // The PIN is not part of the body a key is bound to: another PIN is still the same request.
    expectSameReply(
      first,
      await purchase(t, airtime, user.token, { ...body, transactionPin: '1234' }, withKey(key)),
    );
    await expectLedgerConsistent(t);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'k'.repeat(129)],
    ['a space', 'has a space'],
    ['a slash', 'bad/key/value'],
    ['non-ASCII', 'clé-invalide'],
    ['empty', ''],
  ])('a malformed key (%s) → 400, nothing stored or moved', async (_why, key) => {
    const user = await customer(t, 1_000);
    const res = await purchase(
      t,
      airtime,
      user.token,
      airtime.body(MAGIC_PHONES.delivered, plans),
      withKey(key),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_IDEMPOTENCY_KEY',
      message: messages.invalidIdempotencyKey,
    });
    expect(await balanceKobo(t, user.token)).toBe(100_000);
    expect(await countRows(t, user.id)).toBe(1);
    await expectLedgerConsistent(t);
  });

  it('a key of exactly 8 and of 128 allowed characters is accepted', async () => {
    const user = await customer(t, 1_000);
    for (const key of ['Ab9_.:-x', `${'A1_.:-'.repeat(21)}zz`]) {
      const res = await purchase(
        t,
        airtime,
        user.token,
        airtime.body(MAGIC_PHONES.delivered, plans),
        withKey(key),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('a wrong PIN stores nothing: the same key then buys with the right PIN', async () => {
    const user = await customer(t, 1_000);
    const key = newKey();
    const body = airtime.body(MAGIC_PHONES.delivered, plans);
    const wrong = await purchase(
      t,
      airtime,
      user.token,
      { ...body, transactionPin: '9999' },
      withKey(key),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PIN_INCORRECT');
    expect(await storedKeys(user.id, key)).toHaveLength(0);
    expect(await countRows(t, user.id)).toBe(1);

    const right = await purchase(t, airtime, user.token, body, withKey(key));
    expect(right.statusCode, right.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(100_000 - AIRTIME_NAIRA * 100);
    expectSameReply(right, await purchase(t, airtime, user.token, body, withKey(key)));
    expect(await countRows(t, user.id)).toBe(2);
    await expectLedgerConsistent(t);
  });

  it('insufficient funds stores nothing: the same key buys once the wallet is funded', async () => {
    const user = await customer(t, 50);
    const key = newKey();
    const body = airtime.body(MAGIC_PHONES.delivered, plans);
    const poor = await purchase(t, airtime, user.token, body, withKey(key));
    expect(poor.statusCode).toBe(402);
    expect(await storedKeys(user.id, key)).toHaveLength(0);
    await fund(t, user.id, 100);
    const paid = await purchase(t, airtime, user.token, body, withKey(key));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceKobo(t, user.token)).toBe(5_000);
    await expectLedgerConsistent(t);
  });
});

describe('keys belong to their user', () => {
  it("user B can use user A's key value for an order of their own", async () => {
    const a = await customer(t, 1_000);
    const b = await customer(t, 1_000);
    const key = newKey();
    const bodyA = airtime.body(MAGIC_PHONES.delivered, plans);
    const bodyB = { ...bodyA, amount: 250 };
    const resA = await purchase(t, airtime, a.token, bodyA, withKey(key));
    const resB = await purchase(t, airtime, b.token, bodyB, withKey(key));
    expect(resA.statusCode).toBe(200);
    expect(resB.statusCode, resB.body).toBe(200);
    expect(resB.json().data._id).not.toBe(resA.json().data._id);
    expect(resB.json().data.amount).toBe(250);
    expect(await balanceKobo(t, a.token)).toBe(100_000 - AIRTIME_NAIRA * 100);
    expect(await balanceKobo(t, b.token)).toBe(75_000);
    // Each replay answers its own user's first reply.
    expectSameReply(resA, await purchase(t, airtime, a.token, bodyA, withKey(key)));
    expectSameReply(resB, await purchase(t, airtime, b.token, bodyB, withKey(key)));
    // A's body under B's key is a conflict for B, not a replay of A's order.
    const crossed = await purchase(t, airtime, b.token, bodyA, withKey(key));
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await countRows(t, a.id)).toBe(2);
    expect(await countRows(t, b.id)).toBe(2);
    await expectLedgerConsistent(t);
  });
});
