import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateEvents } from '../../db/schema';
import { AppError, type ErrorCode } from '../../errors';

/**
 * One atomic limiter for every limit (docs/decisions/0016-atomic-limiter.md).
 *
 * A limit read-then-written in two statements lets a burst through: hundreds of requests all read
 * "under the limit" before any of them records. Here the check and the record happen inside one
 * transaction that first takes a transaction-scoped advisory lock per key, so claims on one key
 * run one after another in the database, across every API process, on PostgreSQL and PGlite
 * alike. The events stay in rate_events (one row per claimed attempt), so the windows slide.
 */

export interface LimitRule {
  /** What is counted, e.g. `otp-verify:email:auth:a@b.c`. Rules may share a key (two windows). */
  key: string;
  /** Attempts admitted within the window. */
  max: number;
  windowMs: number;
}

export type Claim =
  | {
      ok: true;
      /** The events this claim recorded, for `release` (an attempt that turned out legitimate). */
      events?: readonly number[];
    }
  | { ok: false; rule: LimitRule; retryAfterMs: number };

/** Advisory locks are taken in one global order (sorted keys), so two claims never deadlock. */
function lockOrder(rules: LimitRule[]): string[] {
  return [...new Set(rules.map((rule) => rule.key))].sort();
}

/**
 * Claims one attempt against every rule at once: the count check and the record happen under
 * advisory locks held until the transaction ends (`db` may already be a transaction; the locks
 * then last until it ends). A refused claim records nothing.
 */
export async function claim(db: DbOrTx, rules: LimitRule[], now: Date): Promise<Claim> {
  if (rules.length === 0) return { ok: true, events: [] };
  return db.transaction(async (tx) => {
    const keys = lockOrder(rules);
    for (const key of keys) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    }
    for (const rule of rules) {
      const refusal = await refusalOf(tx, rule, now);
      if (refusal) return refusal;
    }
    const rows = await tx
      .insert(rateEvents)
      .values(keys.map((key) => ({ key, createdAt: now })))
      .returning({ id: rateEvents.id });
    return { ok: true as const, events: rows.map((row) => row.id) };
  });
}

/** The refusal for one rule, or undefined when the rule admits one more attempt. */
async function refusalOf(db: DbOrTx, rule: LimitRule, now: Date): Promise<Claim | undefined> {
  // An event exactly windowMs old has left the window, so Retry-After is exact.
  const since = new Date(now.getTime() - rule.windowMs);
  const inWindow = and(eq(rateEvents.key, rule.key), gt(rateEvents.createdAt, since));
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(rateEvents)
    .where(inWindow);
  const count = row?.count ?? 0;
  if (count < rule.max) return undefined;
  // One more attempt fits once the (count - max + 1)th oldest event of the window has left it.
  const [freeing] = await db
    .select({ createdAt: rateEvents.createdAt })
    .from(rateEvents)
    .where(inWindow)
    .orderBy(asc(rateEvents.createdAt), asc(rateEvents.id))
    .offset(count - rule.max)
    .limit(1);
  const freesAt = (freeing?.createdAt.getTime() ?? now.getTime()) + rule.windowMs;
  return { ok: false, rule, retryAfterMs: Math.max(1_000, freesAt - now.getTime()) };
}

/**
 * Gives back what a claim recorded: the attempt turned out to be the owner's (a right code), so it
 * should not count towards limits meant for guessers (an office behind one address signs in
 * many times an hour).
 */
export async function release(db: DbOrTx, granted: Claim): Promise<void> {
  if (!granted.ok || !granted.events || granted.events.length === 0) return;
  await db.delete(rateEvents).where(inArray(rateEvents.id, [...granted.events]));
}

/** Forget a key (e.g. a successful login clears its failures). */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.key, key));
}

/** Counts the attempts a key holds in a window (reads only; tests and reports). */
export async function countClaims(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(rateEvents)
    .where(
      and(eq(rateEvents.key, key), gt(rateEvents.createdAt, new Date(now.getTime() - windowMs))),
    );
  return row?.count ?? 0;
}

/** The limit error a refused claim answers with, carrying Retry-After in whole seconds. */
export function limitError(refused: Claim & { ok: false }, code: ErrorCode): AppError {
  return new AppError(code, { retryAfterS: Math.ceil(refused.retryAfterMs / 1000) });
}

/** Claims, or throws the limit error with Retry-After. */
export async function claimOrThrow(
  db: DbOrTx,
  rules: LimitRule[],
  now: Date,
  code: ErrorCode,
): Promise<Claim & { ok: true }> {
  const granted = await claim(db, rules, now);
  if (!granted.ok) throw limitError(granted, code);
  return granted;
}

export const limiter = { claim, claimOrThrow, release, clear, countClaims, limitError };
