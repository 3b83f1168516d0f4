import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedCall } from '../../db/prepared-call';
import type { SpendRefusal } from '../limits/spend-refusals';

/** What owo_transfer answers (sql/functions): ok, or why nothing but a PIN count was written. */
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

const transferCall = preparedCall<{
  user: string;
  key: string | null;
  hash: string;
  now: string;
  pinDigest: string;
  pinMax: number;
  pinLockMs: number;
  recipient: string | null;
  amount: number;
  limitUnverified: number;
  limitVerified: number;
  capUnverified: number;
  capVerified: number;
  rows: string | null;
  replyStatus: number;
  replyBody: string;
}>(
  'owo_transfer',
  (p) => sql`${p('user')}::uuid, ${p('key')}::text, ${p('hash')}::text,
    ${p('now')}::timestamptz, ${p('pinDigest')}::text, ${p('pinMax')}::integer,
    ${p('pinLockMs')}::bigint, ${p('recipient')}::uuid, ${p('amount')}::bigint,
    ${p('limitUnverified')}::bigint, ${p('limitVerified')}::bigint,
    ${p('capUnverified')}::bigint, ${p('capVerified')}::bigint, ${p('rows')}::jsonb,
    ${p('replyStatus')}::integer, ${p('replyBody')}::jsonb`,
);

/**
 * The transfer's whole write as one statement (decision 0040, "Transfers"): one round trip and
 * one commit, both wallets' row locks held only for the function's own microseconds.
 */
export const transferHotPathRepository = {
  async transfer(db: DbOrTx, input: TransferCallInput): Promise<TransferOutcome> {
    return (await transferCall(db, {
      user: input.userId,
      key: input.key ?? null,
      hash: input.requestHash,
      now: input.now.toISOString(),
      pinDigest: input.pinDigest,
      pinMax: input.pinMaxFailures,
      pinLockMs: input.pinLockMs,
      recipient: input.recipientId ?? null,
      amount: input.amountKobo,
      limitUnverified: input.dailyLimitUnverifiedKobo,
      limitVerified: input.dailyLimitVerifiedKobo,
      capUnverified: input.balanceCapUnverifiedKobo,
      capVerified: input.balanceCapVerifiedKobo,
      rows: input.rows ? json(input.rows) : null,
      replyStatus: input.reply.status,
      replyBody: json(input.reply.body),
    })) as TransferOutcome;
  },
};
