import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { SpendRefusal } from '../limits/spend-refusals';

/** What owo_transfer answers (migrations 0016, 0018): ok, or why nothing but a PIN count was written. */
export type TransferOutcome =
  | { outcome: 'ok' }
  | { outcome: 'key_taken' }
  | { outcome: 'recipient_not_found' }
  | { outcome: 'self' }
  | { outcome: 'no_wallet' }
  | { outcome: 'recipient_cap' }
  | SpendRefusal;

/** One side's history row, as the function will write it. */
export interface TransferSide {
  id: string;
  reference: string;
  description: string;
  metadata: Record<string, unknown>;
}

export interface TransferCallInput {
  userId: string;
  key: string | undefined;
  requestHash: string;
  now: Date;
  pinDigest: string;
  pinMaxFailures: number;
  pinLockMs: number;
  /** Undefined when nobody has that id or e-mail (refused after the PIN is answered). */
  recipientId: string | undefined;
  amountKobo: number;
  dailyLimitUnverifiedKobo: number;
  dailyLimitVerifiedKobo: number;
  balanceCapUnverifiedKobo: number;
  balanceCapVerifiedKobo: number;
  /** The two history rows and the note; undefined with no recipient. */
  rows: { debit: TransferSide; credit: TransferSide; note: string } | undefined;
  /** The idempotency key's reply, computed beforehand from the rows as they will be. */
  reply: { status: number; body: unknown };
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The transfer's whole write as one statement (decision 0040, "Transfers"): one round trip and
 * one commit, both wallets' row locks held only for the function's own microseconds.
 */
export const transferHotPathRepository = {
  async transfer(db: DbOrTx, input: TransferCallInput): Promise<TransferOutcome> {
    const result = (await db.execute(sql`select owo_transfer(
        ${input.userId}::uuid, ${input.key ?? null}::text, ${input.requestHash}::text,
        ${input.now.toISOString()}::timestamptz, ${input.pinDigest}::text,
        ${input.pinMaxFailures}::integer, ${input.pinLockMs}::bigint,
        ${input.recipientId ?? null}::uuid, ${input.amountKobo}::bigint,
        ${input.dailyLimitUnverifiedKobo}::bigint, ${input.dailyLimitVerifiedKobo}::bigint,
        ${input.balanceCapUnverifiedKobo}::bigint, ${input.balanceCapVerifiedKobo}::bigint,
        ${input.rows ? json(input.rows) : null}::jsonb, ${input.reply.status}::integer,
        ${json(input.reply.body)}::jsonb
      ) as r`)) as unknown as { rows: { r: unknown }[] };
    const value = result.rows[0]?.r;
    // node-postgres parses jsonb; PGlite does too, but a text answer is read the same way.
    return (typeof value === 'string' ? JSON.parse(value) : value) as TransferOutcome;
  },
};
