import { createHash } from 'node:crypto';
import { assertKobo } from '@owo/shared/money';
import type { Database, DbOrTx, Tx } from '../db/client';
import { causes } from '../db/connection-errors';
import type { SystemAccountCode } from './accounts';
import { ledgerRepository } from './repository';

/** Why money moved. Stored with every transfer; the audit reads purchases' codes. */
export type TransferCode =
  | 'purchase_reserve'
  | 'purchase_cost'
  | 'purchase_margin'
  | 'purchase_margin_loss'
  | 'purchase_void'
  | 'operator_credit'
  /** An operator's correction out of a wallet: wallet → adjustments (never below zero). */
  | 'operator_debit'
  /** Money that arrived from a bank (PalmPay webhook): outside → wallet. */
  | 'deposit'
  /** Wallet to wallet between two users. */
  | 'wallet_transfer'
  /** Airtime-to-cash: airtime asset → wallet (wallet payout) or → outside (bank payout). */
  | 'swap_payout'
  /** Airtime-to-cash: the part of the airtime kept (amount − payout), asset → revenue. */
  | 'swap_margin'
  /** Admin Reverse of a delivered order: supplier float and revenue → wallet. */
  | 'order_reversal';

export interface Transfer {
  debitAccountId: string;
  creditAccountId: string;
  amountKobo: number;
  code: TransferCode;
  /** The business row (transactions.id) written in the same database transaction. */
  transactionId: string;
}

/**
 * The system accounts every purchase (or deposit) touches, split in shards (migrations 0002 and
 * 0029) so concurrent purchases and deposits do not queue on one row. Shard 0 is the original code; shard n is `code#n`.
 */
export const SHARD_COUNT = 8;
const SHARDED = new Set<string>([
  // Every deposit's source (migration 0029), sharded by the credit's history row.
  'outside',
  'in_flight',
  'revenue',
  'float:vtpass',
  'float:datastation',
  'float:ogdams',
  'float:palmpay',
  'float:safehaven',
]);

/** The shard (0 to SHARD_COUNT - 1) of a key (a purchase id): the same key, the same shard. */
export function shardIndex(key: string): number {
  return createHash('sha1').update(key).digest().readUInt32BE(0) % SHARD_COUNT;
}

/** The shard of a sharded account for a key; owo_order_settle names shards the same way. */
export function shardCode(code: SystemAccountCode, key: string): string {
  if (!SHARDED.has(code)) return code;
  const n = shardIndex(key);
  return n === 0 ? code : `${code}#${n}`;
}

/** A named result, not a string: the caller maps it to the user's message. */
export class LedgerError extends Error {
  constructor(
    readonly code: 'insufficient_funds' | 'invalid_transfer' | 'unknown_account',
    readonly accountId?: string,
  ) {
    super(code);
  }
}

/** The SQLSTATEs and messages owo_ledger_apply refuses with, as the callers' named result. */
function ledgerRefusal(error: unknown): LedgerError | undefined {
  for (const e of causes(error)) {
    const { code, message, detail } = e as { code?: unknown; message?: unknown; detail?: unknown };
    if (message === 'insufficient_funds') {
      return new LedgerError('insufficient_funds', typeof detail === 'string' ? detail : undefined);
    }
    if (message === 'invalid_transfer') return new LedgerError('invalid_transfer');
    // Its post-conditions: each transfer nets to zero by construction, so a broken sum or a
    // missing row means an account id that is no account.
    if (
      code === 'P0004' &&
      typeof message === 'string' &&
      message.startsWith('owo_ledger_apply:')
    ) {
      return new LedgerError('unknown_account');
    }
  }
  return undefined;
}

/**
 * The ledger of one database. System account ids never change once the migration has run, so
 * they are read once and kept; every other account is a user wallet.
 */
export function createLedger(database: Database) {
  let systemIds: Promise<Map<string, string>> | undefined;
  // Read through the caller's executor: PGlite has one connection, so a read on the pool from
  // inside an open transaction would wait for that transaction forever.
  const systemIdMap = (db: DbOrTx) => {
    systemIds ??= ledgerRepository.systemAccountIds(db).then((ids) => {
      if (ids.size === 0) throw new Error('system accounts missing: has migration 0001 run?');
      return ids;
    });
    systemIds.catch(() => (systemIds = undefined));
    return systemIds;
  };

  /**
   * A system account's id. With a shard key (the purchase's id) a sharded account resolves to
   * that key's shard, so a purchase's reserve and its post or void meet the same rows.
   */
  async function account(
    code: SystemAccountCode,
    db: DbOrTx = database.db,
    shardKey?: string,
  ): Promise<string> {
    const resolved = shardKey ? shardCode(code, shardKey) : code;
    const id = (await systemIdMap(db)).get(resolved);
    if (!id) throw new Error(`system account ${resolved} is missing`);
    return id;
  }

  /**
   * Moves money for the TypeScript callers (deposits, adjustments, swaps, reversals) through the
   * one ledger write the database functions use too, owo_ledger_apply (decision 0075): netting,
   * lock order, the non-negative rule and the post-condition checks exist once, in SQL. Runs
   * inside the caller's database transaction (the one writing the business row); a refusal is
   * thrown as a LedgerError and the whole transaction rolls back.
   */
  async function apply(tx: Tx, transfers: Transfer[]): Promise<void> {
    if (transfers.length === 0) return;
    for (const t of transfers) assertKobo(t.amountKobo);
    try {
      await ledgerRepository.apply(tx, transfers);
    } catch (error) {
      throw ledgerRefusal(error) ?? error;
    }
  }

  return { account, apply };
}

export type Ledger = ReturnType<typeof createLedger>;
