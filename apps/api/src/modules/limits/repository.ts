import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerAccounts, reviewFlags, transactions, users } from '../../db/schema';

/** A wallet row locked for this transaction, with what the limit checks read of it. */
export interface LockedWallet {
  userId: string;
  walletId: string;
  balanceKobo: number;
  isKycVerified: boolean;
}

/** The SQL of wallet limits. */
export const limitsRepository = {
  /**
   * Locks the users' wallet rows, always in account-id order (the order ledger.apply updates
   * wallets in), so two transfers A→B and B→A queue instead of deadlocking. Returns what the
   * limit checks need of each, read under the lock in the same statement: the wallet, its balance
   * and the owner's KYC level.
   */
  async lockWallets(tx: Tx, userIds: string[]): Promise<LockedWallet[]> {
    const rows = await tx
      .select({
        userId: ledgerAccounts.userId,
        walletId: ledgerAccounts.id,
        balanceKobo: ledgerAccounts.balanceKobo,
        isKycVerified: users.isKycVerified,
      })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(and(eq(ledgerAccounts.kind, 'user_wallet'), inArray(ledgerAccounts.userId, userIds)))
      .orderBy(asc(ledgerAccounts.id))
      .for('update', { of: ledgerAccounts });
    return rows.map((r) => ({ ...r, userId: r.userId as string }));
  },

  /**
   * Kobo the customer sent out of the wallet since `from`: debits that are not failed (pending
   * counts). An operator's debit (a correction) is not the customer's spending and uses none of
   * their daily limit.
   */
  async outflowSince(db: DbOrTx, userId: string, from: Date): Promise<number> {
    const [row] = await db
      .select({
        total: sql<string>`coalesce(sum(${transactions.amountKobo}), 0)::text`,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.type, 'debit'),
          ne(transactions.serviceType, 'adjustment'),
          inArray(transactions.status, ['pending', 'success']),
          gte(transactions.createdAt, from),
        ),
      );
    return Number(row?.total ?? 0);
  },

  async kycLevel(db: DbOrTx, userId: string): Promise<{ isKycVerified: boolean } | undefined> {
    const [row] = await db
      .select({ isKycVerified: users.isKycVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },

  async insertFlag(
    tx: DbOrTx,
    flag: {
      userId: string;
      transactionId: string | null;
      reason: string;
      details: Record<string, unknown>;
      createdAt: Date;
    },
  ): Promise<void> {
    await tx.insert(reviewFlags).values(flag);
  },
};
