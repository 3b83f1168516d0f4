import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { SpendRefusal } from '../limits/spend-refusals';
import type { TransactionRow } from '../transactions/repository';

/** What owo_purchase_reserve answers (migrations 0014, 0018): ok, or why nothing was written. */
export type ReserveOutcome =
  | { outcome: 'ok' }
  | { outcome: 'key_taken' }
  | { outcome: 'service_off' }
  | { outcome: 'no_wallet' }
  | SpendRefusal;

export interface ReserveInput {
  userId: string;
  key: string | undefined;
  requestHash: string;
  transactionId: string;
  now: Date;
  /** The shutdown switches that stop this order (any one down refuses it). */
  switches: string[];
  pinDigest: string;
  pinMaxFailures: number;
  pinLockMs: number;
  dailyLimitUnverifiedKobo: number;
  dailyLimitVerifiedKobo: number;
  inFlightAccountId: string;
  order: {
    serviceType: string;
    amount: number;
    reference: string;
    description: string;
    metadata: Record<string, unknown>;
    product: string;
    supplier: string;
    request: Record<string, unknown>;
    cost: number;
    nextCheckAt: string;
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
  /** The idempotency key's reply to keep, when the paying request settles its own order. */
  reply?: { key: string; status: number; body: unknown };
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

/** The history row as owo_purchase_settle returns it (to_jsonb of the row: column names). */
function transactionFromJson(j: Record<string, unknown>): HistoryRow {
  return {
    id: j.id as string,
    userId: j.user_id as string,
    type: j.type as TransactionRow['type'],
    serviceType: j.service_type as string,
    amountKobo: Number(j.amount_kobo),
    status: j.status as TransactionRow['status'],
    reference: j.reference as string,
    description: j.description as string,
    metadata: j.metadata as Record<string, unknown>,
    createdAt: new Date(j.created_at as string),
    updatedAt: new Date(j.updated_at as string),
  };
}

async function one<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: { r: unknown }[] };
  const value = result.rows[0]?.r;
  // node-postgres parses jsonb; PGlite does too, but a text answer is read the same way.
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The purchase's two writes as one statement each (database functions, decision 0040): the
 * reserve and the settlement each cost one round trip and one commit.
 */
export const hotPathRepository = {
  reserve(db: DbOrTx, input: ReserveInput): Promise<ReserveOutcome> {
    return one<ReserveOutcome>(
      db,
      sql`select owo_purchase_reserve(
        ${input.userId}::uuid, ${input.key ?? null}::text, ${input.requestHash}::text,
        ${input.transactionId}::uuid, ${input.now.toISOString()}::timestamptz,
        ${`{${input.switches.join(',')}}`}::text[], ${input.pinDigest}::text,
        ${input.pinMaxFailures}::integer, ${input.pinLockMs}::bigint,
        ${input.dailyLimitUnverifiedKobo}::bigint, ${input.dailyLimitVerifiedKobo}::bigint,
        ${input.inFlightAccountId}::uuid, ${json(input.order)}::jsonb
      ) as r`,
    );
  },

  /** The history row after settling, or undefined when the order was resolved already. */
  async settle(db: DbOrTx, input: SettleInput): Promise<HistoryRow | undefined> {
    const row = await one<Record<string, unknown> | null>(
      db,
      sql`select owo_purchase_settle(
        ${input.transactionId}::uuid, ${input.state}::text, ${input.supplierReference ?? null}::text,
        ${input.description}::text, ${json(input.answer ?? null)}::jsonb,
        ${input.now.toISOString()}::timestamptz, ${json(input.extra)}::jsonb,
        ${input.shard}::integer, ${input.alert ?? null}::text, ${input.reply?.key ?? null}::text,
        ${input.reply?.status ?? null}::integer, ${input.reply ? json(input.reply.body) : null}::jsonb
      ) as r`,
    );
    return row ? transactionFromJson(row) : undefined;
  },
};
