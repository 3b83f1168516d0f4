import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { ledgerAccounts } from '../db/schema';

/** One movement as the ledger function takes it. */
export interface TransferRow {
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

  /**
   * The ledger's one write (apps/api/sql/functions/owo_ledger_apply.sql), in the caller's
   * transaction. Units are in the JSON's names.
   */
  async apply(tx: DbOrTx, transfers: TransferRow[]): Promise<void> {
    const moves = transfers.map((t) => ({
      debit: t.debitAccountId,
      credit: t.creditAccountId,
      amount_kobo: t.amountKobo,
      code: t.code,
      transaction: t.transactionId,
    }));
    await tx.execute(sql`select owo_ledger_apply(${JSON.stringify(moves)}::jsonb)`);
  },
};
