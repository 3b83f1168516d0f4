import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions } from '../../db/schema';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;

export interface HistoryFilter {
  userId: string;
  from?: Date;
  to?: Date;
  /** Free text over type, service, shown title, phone numbers and description. */
  text?: string;
  /** An exact amount, when the search text reads as one. */
  amountKobo?: number;
}

/**
 * The title a row shows where no stored text holds it ("Wallet funding" for a deposit); mirrors
 * transactionTitle in apps/web/src/lib/transactions.ts so a search finds what the customer reads.
 */
const shownTitle = sql`case lower(regexp_replace(${transactions.serviceType}, '[^a-zA-Z]', '', 'g'))
  when 'deposit' then case when ${transactions.type} = 'credit' then 'Wallet funding' else 'Deposit' end
  when 'transfer' then case when ${transactions.type} = 'credit' then 'Transfer received' else 'Transfer sent' end
  when 'betting' then 'Betting top-up'
  when 'airtimetocash' then 'Airtime to Cash'
  when 'airtimeswap' then 'Airtime to Cash'
  when 'adjustment' then case when ${transactions.type} = 'credit' then 'Wallet credit' else 'Wallet debit' end
  when 'reversal' then 'Reversal'
  else '' end`;

function whereOf(filter: HistoryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(transactions.userId, filter.userId)];
  if (filter.from) parts.push(gte(transactions.createdAt, filter.from));
  if (filter.to) parts.push(lt(transactions.createdAt, filter.to));
  if (filter.text) {
    // ILIKE wildcards in the user's text are matched literally.
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(
        sql`${transactions.type} ilike ${pattern}`,
        sql`${transactions.serviceType} ilike ${pattern}`,
        sql`${transactions.description} ilike ${pattern}`,
        sql`${transactions.reference} ilike ${pattern}`,
        sql`${shownTitle} ilike ${pattern}`,
        sql`${transactions.metadata}->>'phone' ilike ${pattern}`,
        sql`${transactions.metadata}->>'mobile_number' ilike ${pattern}`,
        sql`${transactions.metadata}->>'meter_number' ilike ${pattern}`,
        sql`${transactions.metadata}->>'smart_card_number' ilike ${pattern}`,
        filter.amountKobo !== undefined
          ? eq(transactions.amountKobo, filter.amountKobo)
          : undefined,
      ),
    );
  }
  return and(...parts);
}

export const transactionsRepository = {
  async insert(tx: DbOrTx, values: NewTransaction): Promise<TransactionRow> {
    const [row] = await tx.insert(transactions).values(values).returning();
    if (!row) throw new Error('insert returned no transaction');
    return row;
  },

  async findForUser(db: DbOrTx, userId: string, id: string): Promise<TransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
      .limit(1);
    return row;
  },

  async findById(db: DbOrTx, id: string): Promise<TransactionRow | undefined> {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
    return row;
  },

  async setOutcome(
    tx: DbOrTx,
    id: string,
    status: 'success' | 'failed',
    metadata: Record<string, unknown>,
  ): Promise<TransactionRow> {
    const [row] = await tx
      .update(transactions)
      .set({
        status,
        metadata: sql`${transactions.metadata} || ${JSON.stringify(metadata)}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(transactions.id, id))
      .returning();
    if (!row) throw new Error(`transaction ${id} vanished`);
    return row;
  },

  async mergeMetadata(tx: DbOrTx, id: string, metadata: Record<string, unknown>): Promise<void> {
    await tx
      .update(transactions)
      .set({
        metadata: sql`${transactions.metadata} || ${JSON.stringify(metadata)}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(transactions.id, id));
  },

  /** Newest first; the (user_id, created_at) index serves both the page and the count. */
  async page(db: DbOrTx, filter: HistoryFilter, limit: number, offset: number) {
    const where = whereOf(filter);
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(transactions)
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(transactions).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  },
};
