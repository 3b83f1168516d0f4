import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors';
import { claim, clear, countClaims, limitError, release } from '../src/modules/throttle/limiter';
import { createTestApp, type TestApp } from './harness';

/**
 * The limiter itself, in-process: on PGlite by default (one connection, so this proves the
 * transaction logic), on PostgreSQL when DATABASE_URL is set (a pool, so it proves the locks).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.database.db;
let serial = 0;
const freshKey = (name: string) => `test:${name}:${++serial}:${Date.now()}`;

describe('atomic limiter', () => {
  it('admits exactly max of 200 concurrent claims and records only those', async () => {
    const key = freshKey('burst');
    const now = t.clock.now();
    const rules = [{ key, max: 5, windowMs: 60_000 }];
    const claims = await Promise.all(Array.from({ length: 200 }, () => claim(db(), rules, now)));
    expect(claims.filter((c) => c.ok)).toHaveLength(5);
    expect(await countClaims(db(), key, 60_000, now)).toBe(5);
  });

  it('claims every rule at once: the tightest refuses, and a refusal records on no key', async () => {
    const wide = freshKey('wide');
    const narrow = freshKey('narrow');
    const now = t.clock.now();
    const rules = [
      { key: wide, max: 20, windowMs: 60_000 },
      { key: narrow, max: 3, windowMs: 60_000 },
    ];
    const claims = await Promise.all(Array.from({ length: 200 }, () => claim(db(), rules, now)));
    expect(claims.filter((c) => c.ok)).toHaveLength(3);
    const refused = claims.find((c) => !c.ok);
    expect(refused && !refused.ok && refused.rule.key).toBe(narrow);
    expect(await countClaims(db(), wide, 60_000, now)).toBe(3);
  });

  it('shares one key between a short and a long window', async () => {
    const key = freshKey('two-windows');
    const rules = [
      { key, max: 1, windowMs: 60_000 },
      { key, max: 3, windowMs: 3_600_000 },
    ];
    const start = t.clock.now().getTime();
    const at = (ms: number) => new Date(start + ms);
    expect((await claim(db(), rules, at(0))).ok).toBe(true);
    const minute = await claim(db(), rules, at(10_000));
    expect(minute.ok).toBe(false);
    if (!minute.ok) {
      expect(minute.rule.windowMs).toBe(60_000);
      expect(minute.retryAfterMs).toBe(50_000);
    }
    expect((await claim(db(), rules, at(60_000))).ok).toBe(true);
    expect((await claim(db(), rules, at(120_000))).ok).toBe(true);
    const hour = await claim(db(), rules, at(180_000));
    expect(hour.ok).toBe(false);
    // The first claim leaves the hour at start + 1 h.
    if (!hour.ok) expect(hour.retryAfterMs).toBe(3_600_000 - 180_000);
  });

  it('release gives back one claim; clear forgets the key', async () => {
    const key = freshKey('release');
    const now = t.clock.now();
    const rules = [{ key, max: 2, windowMs: 60_000 }];
    const first = await claim(db(), rules, now);
    await claim(db(), rules, now);
    expect((await claim(db(), rules, now)).ok).toBe(false);
    await release(db(), first);
    expect(await countClaims(db(), key, 60_000, now)).toBe(1);
    expect((await claim(db(), rules, now)).ok).toBe(true);
    await clear(db(), key);
    expect(await countClaims(db(), key, 60_000, now)).toBe(0);
  });

  it('runs inside a caller transaction and keeps its claim only if that commits', async () => {
    const key = freshKey('in-tx');
    const now = t.clock.now();
    const rules = [{ key, max: 5, windowMs: 60_000 }];
    await expect(
      db().transaction(async (tx) => {
        expect((await claim(tx, rules, now)).ok).toBe(true);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countClaims(db(), key, 60_000, now)).toBe(0);
  });

  it('turns a refusal into the limit error with Retry-After in whole seconds', async () => {
    const error = limitError(
      { ok: false, rule: { key: 'k', max: 1, windowMs: 60_000 }, retryAfterMs: 1_500 },
      'LOGIN_THROTTLED',
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(429);
    expect(error.retryAfterS).toBe(2);
  });
});
