import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions } from '../../db/schema';
import { SEARCH_TEXT_SEPARATOR, searchedTexts } from '../../db/transaction-search-text';

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
 * The search condition. search_text holds the searched texts lower-cased, one field apart from the
 * next (transaction-search-text.ts), so one LIKE there is the ILIKE over every text: the trigram
 * index finds rare text and the covering (user_id, created_at, id) index counts common text
 * without reading the table. A text holding the separator could match across two fields there,
 * so it is matched field by field, as the search always was.
 */
function searchCondition(text: string, amountKobo: number | undefined): SQL | undefined {
  // ILIKE wildcards in the user's text are matched literally.
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const amount = amountKobo !== undefined ? eq(transactions.amountKobo, amountKobo) : undefined;
  if (text.includes(SEARCH_TEXT_SEPARATOR)) {
    return or(...searchedTexts(transactions).map((t) => sql`${t} ilike ${pattern}`), amount);
  }
  return or(sql`${transactions.searchText} like lower(${pattern})`, amount);
}

function whereOf(filter: HistoryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(transactions.userId, filter.userId)];
  if (filter.from) parts.push(gte(transactions.createdAt, filter.from));
  if (filter.to) parts.push(lt(transactions.createdAt, filter.to));
  if (filter.text) parts.push(searchCondition(filter.text, filter.amountKobo));
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

  async mergeMetadata(tx: DbOrTx, id: string, metadata: Record<string, unknown>): Promise<void> {
    await tx
      .update(transactions)
      .set({
        metadata: sql`${transactions.metadata} || ${JSON.stringify(metadata)}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(transactions.id, id));
  },

  /**
   * Newest first. The page's ids come from the index alone (index-only over the covering
   * (user_id, created_at, id) index, or the trigram index for rare text), so a deep page or a
   * search that skips most rows reads only the page's rows from the table; the count is
   * index-only too.
   */
  async page(db: DbOrTx, filter: HistoryFilter, limit: number, offset: number) {
    const where = whereOf(filter);
    const newestFirst = [desc(transactions.createdAt), desc(transactions.id)];
    const pageIds = db
      .select({ id: transactions.id })
      .from(transactions)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(transactions)
        .where(inArray(transactions.id, pageIds))
        .orderBy(...newestFirst),
      db.select({ n: count() }).from(transactions).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  },
};
