import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS } from '@owo/shared/constants';
import {
  idempotencyKeys,
  otpCodes,
  rateEvents,
  sessions,
  supplierRefusals,
  transactions,
} from '../src/db/schema';
import { checkoutQueryRules, checkoutRules } from '../src/modules/deposits/checkout-limits';
import { LOOKUP_LIMITS, lookupRules, type LookupKind } from '../src/modules/lookups/limits';
import {
  createRetention,
  LONGEST_LIMIT_WINDOW_MS,
  RATE_EVENTS_MARGIN_MS,
  REFUSALS_KEPT_MS,
} from '../src/modules/retention/service';
import { claim } from '../src/modules/throttle/limiter';
import { createTestApp, signUp, type TestApp } from './harness';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let userId: string;
let retention: ReturnType<typeof createRetention>;
beforeAll(async () => {
  t = await createTestApp({ RETENTION_IDEMPOTENCY_DAYS: '30' });
  userId = (await signUp(t)).id;
  retention = createRetention(t.deps);
});
afterAll(async () => {
  await t?.close();
});

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const ahead = (ms: number) => new Date(t.clock.now().getTime() + ms);

/** Runs rounds until nothing more is due (what the job does between its stop checks). */
async function pruneAll(batch?: number) {
  for (let round = 0; round < 100; round += 1) {
    if (!(await retention.runOnce(batch)).more) return;
  }
  throw new Error('retention never finished');
}

describe('retention', () => {
  it('deletes expired sessions and used or expired codes, and keeps live ones', async () => {
    const session = (createdAt: Date, expiresAt: Date, revokedAt: Date | null = null) => ({
      id: randomUUID(),
      userId,
      tokenHash: randomUUID(),
      createdAt,
      expiresAt,
      revokedAt,
    });
    const expired = session(ago(31 * DAY), ago(1_000));
    const live = session(ago(DAY), ahead(HOUR));
    const revokedNotExpired = session(ago(DAY), ahead(HOUR), ago(HOUR));
    await t.deps.database.db.insert(sessions).values([expired, live, revokedNotExpired]);

    const code = (expiresAt: Date, consumedAt: Date | null) => ({
      id: randomUUID(),
      email: 'retention@example.com',
      purpose: 'auth' as const,
      codeHash: 'x',
      expiresAt,
      consumedAt,
      createdAt: ago(HOUR),
    });
    const used = code(ahead(HOUR), ago(1_000));
    const stale = code(ago(1_000), null);
    const usable = code(ahead(HOUR), null);
    await t.deps.database.db.insert(otpCodes).values([used, stale, usable]);

    await pruneAll();

    const sessionIds = (
      await t.deps.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.id, [expired.id, live.id, revokedNotExpired.id]))
    ).map((r) => r.id);
    expect(sessionIds.sort()).toEqual([live.id, revokedNotExpired.id].sort());
    const codeIds = (
      await t.deps.database.db
        .select({ id: otpCodes.id })
        .from(otpCodes)
        .where(inArray(otpCodes.id, [used.id, stale.id, usable.id]))
    ).map((r) => r.id);
    expect(codeIds).toEqual([usable.id]);
  });

  it('deletes old idempotency keys of settled orders and keeps the ones an order still needs', async () => {
    const order = async (status: 'pending' | 'success' | 'failed') => {
      const id = randomUUID();
      await t.deps.database.db.insert(transactions).values({
        id,
        userId,
        type: 'debit',
        serviceType: 'airtime',
        amountKobo: 10_000,
        status,
        reference: `retention-${id}`,
      });
      return id;
    };
    const key = (
      name: string,
      createdAt: Date,
      transactionId: string | null,
      responseStatus: number | null,
    ) => ({
      userId,
      key: `${name}-${randomUUID()}`,
      requestHash: 'h',
      transactionId,
      responseStatus,
      responseBody: responseStatus === null ? null : { ok: true },
      createdAt,
    });
    const old = ago(31 * DAY);
    const keys = {
      oldDelivered: key('old-delivered', old, await order('success'), 200),
      oldFailedNoReply: key('old-failed-no-reply', old, await order('failed'), null),
      oldPending: key('old-pending', old, await order('pending'), 202),
      oldNoOrderNoReply: key('old-bare', old, null, null),
      youngDelivered: key('young-delivered', ago(29 * DAY), await order('success'), 200),
    };
    await t.deps.database.db.insert(idempotencyKeys).values(Object.values(keys));

    await pruneAll();

    const left = new Set(
      (
        await t.deps.database.db
          .select({ key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.userId, userId))
      ).map((r) => r.key),
    );
    const kept = Object.entries(keys)
      .filter(([, k]) => left.has(k.key))
      .map(([name]) => name)
      .sort();
    expect(kept).toEqual(['oldNoOrderNoReply', 'oldPending', 'youngDelivered']);
  });

  it('deletes supplier refusals older than the failure-rate window (and its margin) in batches', async () => {
    const order = randomUUID();
    await t.deps.database.db.insert(transactions).values({
      id: order,
      userId,
      type: 'debit',
      serviceType: 'airtime',
      amountKobo: 10_000,
      status: 'failed',
      reference: `retention-refused-${order}`,
    });
    const refusal = (createdAt: Date) => ({ supplier: 'vtpass', transactionId: order, createdAt });
    // The longest window an admin can set is a day; a day more is kept.
    expect(REFUSALS_KEPT_MS).toBe(2 * DAY);
    await t.deps.database.db
      .insert(supplierRefusals)
      .values([
        refusal(ago(3 * DAY)),
        refusal(ago(2 * DAY + HOUR)),
        refusal(ago(2 * DAY + 2 * HOUR)),
        refusal(ago(2 * DAY - HOUR)),
        refusal(ago(HOUR)),
      ]);
    await pruneAll(2);
    const left = await t.deps.database.db
      .select({ createdAt: supplierRefusals.createdAt })
      .from(supplierRefusals)
      .where(eq(supplierRefusals.transactionId, order));
    expect(left.map((r) => r.createdAt.getTime()).sort()).toEqual(
      [ago(2 * DAY - HOUR), ago(HOUR)].map((d) => d.getTime()).sort(),
    );
  });

  it('deletes rate rows outside every window in batches, and a limit still holds after a prune', async () => {
    const key = `retention-limit:${randomUUID()}`;
    const rule = { key, max: 2, windowMs: DAY };
    const outside = ago(LONGEST_LIMIT_WINDOW_MS + RATE_EVENTS_MARGIN_MS + 1_000);
    expect((await claim(t.deps.database.db, [rule], ago(23 * HOUR))).ok).toBe(true);
    expect((await claim(t.deps.database.db, [rule], ago(22 * HOUR))).ok).toBe(true);
    await t.deps.database.db
      .insert(rateEvents)
      .values(Array.from({ length: 5 }, () => ({ key, createdAt: outside })));

    // Batches of 2: five old rows take three rounds, the last one short.
    const rounds: number[] = [];
    for (;;) {
      const result = await retention.runOnce(2);
      rounds.push(result.rateEvents);
      if (!result.more) break;
    }
    expect(rounds.slice(0, 3)).toEqual([2, 2, 1]);

    const rows = await t.deps.database.db
      .select({ createdAt: rateEvents.createdAt })
      .from(rateEvents)
      .where(eq(rateEvents.key, key));
    expect(rows).toHaveLength(2);
    const refused = await claim(t.deps.database.db, [rule], t.clock.now());
    expect(refused.ok).toBe(false);
    const stale = await t.deps.database.db
      .select({ id: rateEvents.id })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), lt(rateEvents.createdAt, ago(LONGEST_LIMIT_WINDOW_MS))));
    expect(stale).toHaveLength(0);
  });

  it('keeps rate rows at least as long as the longest limit window', () => {
    const windows = [
      LOGIN_FAILURE_WINDOW_MS,
      ...checkoutRules('u').map((r) => r.windowMs),
      ...checkoutQueryRules('d').map((r) => r.windowMs),
      ...(Object.keys(LOOKUP_LIMITS) as LookupKind[]).flatMap((kind) =>
        lookupRules(kind, 'u').map((r) => r.windowMs),
      ),
    ];
    expect(Math.max(...windows)).toBeLessThanOrEqual(LONGEST_LIMIT_WINDOW_MS);
  });
});
