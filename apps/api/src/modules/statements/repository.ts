import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions } from '../../db/schema';

/** One history row of the month with what it did to the wallet, from the ledger. */
export interface StatementLine {
  id: string;
  createdAt: Date;
  type: 'debit' | 'credit';
  serviceType: string;
  status: 'pending' | 'success' | 'failed';
  amountKobo: number;
  reference: string;
  description: string;
  metadata: Record<string, unknown>;
  /** Ledger credits to the wallet minus ledger debits from it, for this row. */
  walletDeltaKobo: number;
  /** Where the next page starts. */
  cursor: StatementCursor;
}

export interface StatementCursor {
  /** The row's created_at as the database prints it (microseconds kept). */
  createdAt: string;
  id: string;
}

/**
 * The wallet's net movement per ledger transfer, signed for the wallet. A transfer belongs to the
 * history row it was written with, except the credit of a wallet-to-wallet transfer, which is
 * written with the sender's row: the recipient's own row is found through wallet_transfers.
 */
const signedFor = (walletId: string) =>
  sql`case when lt.credit_account_id = ${walletId} then lt.amount_kobo else -lt.amount_kobo end`;

export const statementRepository = {
  async holder(db: DbOrTx, userId: string) {
    const result = (await db.execute(sql`
      select u.first_name, u.last_name, u.email, a.id as wallet_id
      from users u
      left join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
      where u.id = ${userId}`)) as unknown as {
      rows: { first_name: string; last_name: string; email: string; wallet_id: string | null }[];
    };
    const row = result.rows[0];
    return row
      ? {
          name: `${row.first_name} ${row.last_name}`.trim(),
          email: row.email,
          walletId: row.wallet_id,
        }
      : undefined;
  },

  /**
   * The wallet's balance before an instant, dated as the history dates its rows: every ledger
   * transfer on the wallet counts at the time of the history row it was written with (a refund
   * at its purchase's time, a transfer received at the moment it was sent, which is also the
   * time of the recipient's row).
   */
  async balanceBefore(db: DbOrTx, walletId: string, before: Date): Promise<number> {
    // A sum of bigints is numeric: drivers hand it back as text.
    const result = (await db.execute(sql`
      select coalesce(sum(${signedFor(walletId)}), 0) as balance
      from ledger_transfers lt
      join transactions t on t.id = lt.transaction_id
      where (lt.debit_account_id = ${walletId} or lt.credit_account_id = ${walletId})
        and t.created_at < ${before.toISOString()}`)) as unknown as {
      rows: { balance: string | number }[];
    };
    return Number(result.rows[0]?.balance ?? 0);
  },

  /** One page of the month's history rows, oldest first, after a cursor (keyset paging). */
  async page(
    db: DbOrTx,
    input: {
      userId: string;
      walletId: string;
      from: Date;
      to: Date;
      after: StatementCursor | null;
      limit: number;
    },
  ): Promise<StatementLine[]> {
    const { userId, walletId, from, to, after, limit } = input;
    const t = transactions;
    // The cursor is the row's own timestamp as text: exact to the microsecond, where a JS Date
    // would round to the millisecond and skip or repeat rows.
    const afterCursor = after
      ? sql`(${t.createdAt}, ${t.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
    // Inside the subquery the outer row is named in full: drizzle prints a bare "id" in select
    // fields, which ledger_transfers would claim as its own.
    const rows = await db
      .select({
        id: t.id,
        createdAt: t.createdAt,
        createdKey: sql<string>`${t.createdAt}::text`,
        type: t.type,
        serviceType: t.serviceType,
        status: t.status,
        amountKobo: t.amountKobo,
        reference: t.reference,
        description: t.description,
        metadata: t.metadata,
        walletDelta: sql<string | number>`coalesce((
          select sum(${signedFor(walletId)})
          from ledger_transfers lt
          where (lt.debit_account_id = ${walletId} or lt.credit_account_id = ${walletId})
            and (lt.transaction_id = transactions.id or lt.transaction_id in (
              select wt.debit_transaction_id from wallet_transfers wt
              where wt.credit_transaction_id = transactions.id))
        ), 0)`,
      })
      .from(t)
      .where(and(eq(t.userId, userId), gte(t.createdAt, from), lt(t.createdAt, to), afterCursor))
      .orderBy(asc(t.createdAt), asc(t.id))
      .limit(limit);
    return rows.map(({ walletDelta, createdKey, ...row }) => ({
      ...row,
      cursor: { createdAt: createdKey, id: row.id },
      walletDeltaKobo: Number(walletDelta),
    }));
  },
};
