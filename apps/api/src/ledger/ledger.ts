import { createHash, randomUUID } from 'node:crypto';
import { assertKobo } from '@owo/shared/money';
import type { Database, DbOrTx, Tx } from '../db/client';
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
  /** Caller-chosen when a retry must not duplicate it; generated otherwise. */
  id?: string;
  debitAccountId: string;
  creditAccountId: string;
  amountKobo: number;
  code: TransferCode;
  /** The business row (transactions.id) written in the same database transaction. */
  transactionId: string;
}

/**
 * The system accounts every purchase touches, split in shards (migration 0002) so concurrent
 * purchases do not queue on one row. Shard 0 is the original code; shard n is `code#n`.
 */
export const SHARD_COUNT = 8;
const SHARDED = new Set<string>([
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

/** The shard of a sharded account for a key; owo_purchase_settle names shards the same way. */
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
   * The only code that changes a balance. Runs inside the caller's database transaction (the one
   * writing the business row) and throws LedgerError so that transaction rolls back whole.
   *
   * Each account's net change is one conditional UPDATE. User wallets go first (they are the
   * ones that can refuse); the shared system accounts go last and in id order, so their hot rows
   * stay locked for the shortest time and always in the same order (no deadlocks).
   */
  async function apply(tx: Tx, transfers: Transfer[]): Promise<void> {
    if (transfers.length === 0) return;
    const net = new Map<string, number>();
    for (const t of transfers) {
      assertKobo(t.amountKobo);
      if (t.amountKobo <= 0 || t.debitAccountId === t.creditAccountId) {
        throw new LedgerError('invalid_transfer');
      }
      net.set(t.debitAccountId, (net.get(t.debitAccountId) ?? 0) - t.amountKobo);
      net.set(t.creditAccountId, (net.get(t.creditAccountId) ?? 0) + t.amountKobo);
    }
    const system = new Set((await systemIdMap(tx)).values());
    const order = [...net.keys()].sort(
      (a, b) => Number(system.has(a)) - Number(system.has(b)) || a.localeCompare(b),
    );
    for (const id of order) {
      const delta = net.get(id) ?? 0;
      if (delta === 0) continue;
      if (!(await ledgerRepository.addToBalance(tx, id, delta))) {
        // Zero rows: a wallet without the funds, or no such account at all.
        throw new LedgerError(system.has(id) ? 'unknown_account' : 'insufficient_funds', id);
      }
    }
    await ledgerRepository.insertTransfers(
      tx,
      transfers.map((t) => ({ ...t, id: t.id ?? randomUUID() })),
    );
  }

  return { account, apply };
}

export type Ledger = ReturnType<typeof createLedger>;
