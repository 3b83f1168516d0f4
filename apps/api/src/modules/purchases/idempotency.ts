import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { StoredReply } from './replies';
import { idempotencyRepository } from './repository';

/** What a money route hands its service (purchases, services/pay, betting, transfers). */
export interface RequestContext {
  userId: string;
  /** Route name + body, for the idempotency hash. */
  route: string;
  body: unknown;
  idempotencyKey: string | undefined;
  /**
   * The customer's price tier as the request's guard read it with their row (decision 0090): the
   * order is priced from the process's copy of the tiers, with no query of its own. Absent: the
   * order reads it.
   */
  priceTier?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * Every route that moves money requires the key: a client retrying without one would pay twice,
 * and nothing could tell the retry from a second order. A missing key is a 400
 * (IDEMPOTENCY_KEY_REQUIRED), a malformed one another (INVALID_IDEMPOTENCY_KEY), both before
 * anything happens.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined || (Array.isArray(header) && header.length === 0)) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) throw new AppError('INVALID_IDEMPOTENCY_KEY');
  return key;
}

/** Canonical JSON (sorted keys) so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a key is bound to: the route and the body without the PIN (a retry after a wrong PIN is
 * the same request, and no PIN-derived value is stored).
 */
export function requestHash(route: string, body: unknown): string {
  const { transactionPin: _pin, ...rest } = (body ?? {}) as Record<string, unknown>;
  return createHash('sha256')
    .update(`${route}\n${canonical(rest)}`)
    .digest('hex');
}

/** Thrown inside a money transaction whose key another request stored first (roll back, replay). */
export class KeyTaken extends Error {}

/**
 * Inside the money transaction, once the wallet is locked: a duplicate that queued on the lock
 * behind the first request sees the first one's committed key here and replays, instead of being
 * judged again on a balance and a daily limit the first request already used.
 */
export async function assertKeyFree(tx: Tx, userId: string, key: string | undefined) {
  if (key && (await idempotencyRepository.find(tx, userId, key))) throw new KeyTaken();
}

/**
 * Inside the money transaction, with the history row written: binds the key to this request and
 * that row. A key another request stored first rolls the whole transaction back (KeyTaken).
 */
export async function claimKey(tx: Tx, ctx: RequestContext, hash: string, transactionId: string) {
  if (!ctx.idempotencyKey) return;
  const inserted = await idempotencyRepository.insert(tx, {
    userId: ctx.userId,
    key: ctx.idempotencyKey,
    requestHash: hash,
    transactionId,
  });
  if (!inserted) throw new KeyTaken();
}

/** Keeps the reply a duplicate of this request replays (nothing to keep without a key). */
export async function storeReply(tx: DbOrTx, ctx: RequestContext, reply: StoredReply) {
  if (!ctx.idempotencyKey) return;
  await idempotencyRepository.storeReply(
    tx,
    ctx.userId,
    ctx.idempotencyKey,
    reply.status,
    reply.body,
  );
}

/** How long a duplicate request waits for the first one's reply before answering otherwise. */
const REPLAY_WAIT_MS = 15_000;
const REPLAY_POLL_MS = 100;

/**
 * The reply of the first request with this key (shared by purchases and transfers). A different
 * body is refused (422); a key its order's settlement marked answers from `fromRecord` (the order
 * as it stands); while the first request is still running the duplicate waits for its reply, and
 * past the wait it answers from `fromRecord` when given.
 */
export async function replayStored(
  database: Database,
  userId: string,
  key: string,
  hash: string,
  fromRecord?: (transactionId: string) => Promise<StoredReply | undefined>,
): Promise<StoredReply> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const existing = await idempotencyRepository.find(database.db, userId, key);
    if (!existing) throw new Error('idempotency key vanished');
    if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    // Settled by the request that made it: the order's row is the reply, as it was the first time.
    if (existing.answeredByOrder && existing.transactionId && fromRecord) {
      const reply = await fromRecord(existing.transactionId);
      if (reply) return reply;
    }
    if (existing.responseStatus !== null) {
      return { status: existing.responseStatus, body: existing.responseBody };
    }
    if (Date.now() >= deadline && existing.transactionId && fromRecord) {
      const reply = await fromRecord(existing.transactionId);
      if (reply) return reply;
    }
    if (Date.now() >= deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    await sleep(REPLAY_POLL_MS);
  }
}

/** Before any work: a key used already answers with its first reply; undefined when it is new. */
export async function replayIfUsed(
  database: Database,
  userId: string,
  key: string | undefined,
  hash: string,
  fromRecord?: (transactionId: string) => Promise<StoredReply | undefined>,
): Promise<StoredReply | undefined> {
  if (!key) return undefined;
  const existing = await idempotencyRepository.find(database.db, userId, key);
  return existing ? replayStored(database, userId, key, hash, fromRecord) : undefined;
}
