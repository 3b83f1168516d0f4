import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { ledgerAccounts, ledgerTransfers } from '../db/schema';

export interface TransferRow {
  id: string;
  debitAccountId: string;
  creditAccountId: string;
  amountKobo: number;
  code: string;
  transactionId: string;
}

/** The only SQL of the ledger. */
export const ledgerRepository = {
  async systemAccountIds(db: DbOrTx): Promise<Map<string, string>> {
    const rows = await db
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.kind} <> 'user_wallet'`);
    return new Map(rows.filter((r) => r.code).map((r) => [r.code as string, r.id]));
  },

  async walletOf(
    db: DbOrTx,
    userId: string,
  ): Promise<{ id: string; balanceKobo: number } | undefined> {
    const [row] = await db
      .select({ id: ledgerAccounts.id, balanceKobo: ledgerAccounts.balanceKobo })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'user_wallet')))
      .limit(1);
    return row;
  },

  async insertTransfers(tx: DbOrTx, rows: TransferRow[]): Promise<void> {
    await tx.insert(ledgerTransfers).values(rows);
  },

  /**
   * Adds delta to one balance. A wallet may not go below zero: the condition is part of the
   * update (no read-then-write), so concurrent debits serialise on the row and the loser sees
   * zero rows. Returns whether the row was updated.
   */
  async addToBalance(tx: DbOrTx, accountId: string, deltaKobo: number): Promise<boolean> {
    const rows = await tx
      .update(ledgerAccounts)
      .set({
        balanceKobo: sql`${ledgerAccounts.balanceKobo} + ${deltaKobo}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(ledgerAccounts.id, accountId),
          sql`(${ledgerAccounts.kind} <> 'user_wallet' or ${ledgerAccounts.balanceKobo} + ${deltaKobo} >= 0)`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    return rows.length === 1;
  },
};
