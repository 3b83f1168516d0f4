import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedCall } from '../../db/prepared-call';
import type { SpendRefusal } from '../limits/spend-refusals';
import type { TransactionRow } from '../transactions/repository';

/** What owo_purchase_reserve answers (sql/functions): ok, or why nothing was written. */
export type ReserveOutcome =
  | { outcome: 'ok' }
  | { outcome: 'key_taken' }
  | { outcome: 'service_off' }
  | { outcome: 'no_wallet' }
  /** An API order whose key is revoked, lacks the purchase scope or is not this user's. */
  | { outcome: 'key_refused' }
  /** An API order from a wallet that is not KYC-verified (keys need a verified wallet). */
  | { outcome: 'not_verified' }
  /** An API order over its key's purchases a minute; the window frees at retryAt (ISO 8601). */
  | { outcome: 'key_rate'; retryAt: string }
  | SpendRefusal;

export interface ReserveInput {
  userId: string;
  key: string | undefined;
  requestHash: string;
  transactionId: string;
  now: Date;
  /** The shutdown switches that stop this order (any one down refuses it). */
  switches: string[];
  /** Null for an API order: its key (order.apiKeyId) replaces the PIN (decision 0087). */
  pinDigest: string | null;
  pinMaxFailures: number;
  pinLockMs: number;
  dailyLimitUnverifiedKobo: number;
  dailyLimitVerifiedKobo: number;
  inFlightAccountId: string;
  order: {
    serviceType: string;
    amountKobo: number;
    reference: string;
    description: string;
    metadata: Record<string, unknown>;
    product: string;
    supplier: string;
    request: Record<string, unknown>;
    costKobo: number;
    nextCheckAt: string;
    /** The customer's price tier (decision 0090); the function reads none as 'standard'. */
    priceTier?: string;
    /** An API order's key and the reseller's reference (decision 0087). */
    apiKeyId?: string;
    clientReference?: string;
    /** The key's purchases a minute, counted in the reserve (decision 0088). */
    keyPurchasesPerMinute?: number;
  };
}

export interface SettleInput {
  transactionId: string;
  state: 'delivered' | 'failed';
  supplierReference: string | undefined;
  description: string;
  answer: unknown;
  now: Date;
  /** Merged into the history row's metadata (processedAt, token, units). */
  extra: Record<string, unknown>;
  /** The order's shard of the sharded system accounts (ledger.ts shardIndex). */
  shard: number;
  /** An operator alert to raise with a refund (failed orders only). */
  alert: string | undefined;
  /**
   * The paying request's idempotency key, when it settles its own order: marked to answer from
   * the order (a replay builds its reply from the row, as the paying request does).
   */
  answerKey?: string;
}

const json = (value: unknown) => JSON.stringify(value);

/** A history row's own fields: what the purchase writes and reads back. */
export type HistoryRow = Pick<
  TransactionRow,
  | 'id'
  | 'userId'
  | 'type'
  | 'serviceType'
  | 'amountKobo'
  | 'status'
  | 'reference'
  | 'description'
  | 'metadata'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * What the settlement changed on the history row, as stored (owo_order_settle): its status, and
 * its metadata with what the supplier gave merged in. Every other field the reply shows is the
 * reserve's, which the caller wrote itself.
 */
export type SettledFields = Pick<TransactionRow, 'status' | 'metadata'>;

const reserveCall = preparedCall<{
  user: string;
  key: string | null;
  hash: string;
  id: string;
  now: string;
  switches: string;
  pinDigest: string | null;
  pinMax: number;
  pinLockMs: number;
  limitUnverified: number;
  limitVerified: number;
  inFlight: string;
  order: string;
}>(
  'owo_purchase_reserve',
  (p) => sql`${p('user')}::uuid, ${p('key')}::text, ${p('hash')}::text, ${p('id')}::uuid,
    ${p('now')}::timestamptz, ${p('switches')}::text[], ${p('pinDigest')}::text,
    ${p('pinMax')}::integer, ${p('pinLockMs')}::bigint, ${p('limitUnverified')}::bigint,
    ${p('limitVerified')}::bigint, ${p('inFlight')}::uuid, ${p('order')}::jsonb`,
);

const settleCall = preparedCall<{
  id: string;
  state: string;
  supplierReference: string | null;
  description: string;
  answer: string;
  now: string;
  extra: string;
  shard: number;
  alert: string | null;
  key: string | null;
}>(
  'owo_order_settle',
  (p) => sql`${p('id')}::uuid, ${p('state')}::text, ${p('supplierReference')}::text,
    ${p('description')}::text, ${p('answer')}::jsonb, ${p('now')}::timestamptz,
    ${p('extra')}::jsonb, ${p('shard')}::integer, ${p('alert')}::text, ${p('key')}::text`,
);

/**
 * The purchase's two writes as one statement each (database functions, decision 0040): the
 * reserve and the settlement each cost one round trip and one commit.
 */
export const hotPathRepository = {
  async reserve(db: DbOrTx, input: ReserveInput): Promise<ReserveOutcome> {
    return (await reserveCall(db, {
      user: input.userId,
      key: input.key ?? null,
      hash: input.requestHash,
      id: input.transactionId,
      now: input.now.toISOString(),
      switches: `{${input.switches.join(',')}}`,
      pinDigest: input.pinDigest,
      pinMax: input.pinMaxFailures,
      pinLockMs: input.pinLockMs,
      limitUnverified: input.dailyLimitUnverifiedKobo,
      limitVerified: input.dailyLimitVerifiedKobo,
      inFlight: input.inFlightAccountId,
      order: json(input.order),
    })) as ReserveOutcome;
  },

  /** What the settlement changed on the history row, or undefined when resolved already. */
  async settle(db: DbOrTx, input: SettleInput): Promise<SettledFields | undefined> {
    const row = (await settleCall(db, {
      id: input.transactionId,
      state: input.state,
      supplierReference: input.supplierReference ?? null,
      description: input.description,
      answer: json(input.answer ?? null),
      now: input.now.toISOString(),
      extra: json(input.extra),
      shard: input.shard,
      alert: input.alert ?? null,
      key: input.answerKey ?? null,
    })) as SettledFields | null;
    return row ?? undefined;
  },
};
