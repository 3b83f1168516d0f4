import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { dailyOutflows, ledgerAccounts, reviewFlags, users } from '../../db/schema';

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
   * Locks the users' wallet rows, always in account-id order (the order owo_ledger_apply updates
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
   * Kobo the customer sent out of the wallet on the Lagos day `at` falls on: debits that are not
   * failed (pending counts); an operator's debit (a correction) is not the customer's spending and
   * uses none of their daily limit. Read from the running total the transactions trigger keeps
   * (migration 0014), one row, whatever the day's number of payments.
   */
  async outflowOn(db: DbOrTx, userId: string, at: Date): Promise<number> {
    const [row] = await db
      .select({ total: dailyOutflows.totalKobo })
      .from(dailyOutflows)
      .where(
        and(
          eq(dailyOutflows.userId, userId),
          sql`${dailyOutflows.day} = owo_lagos_day(${at.toISOString()}::timestamptz)`,
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
