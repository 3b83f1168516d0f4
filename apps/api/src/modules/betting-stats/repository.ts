import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { BettingStatsStatus } from '@owo/shared/constants';
import type { DbOrTx } from '../../db/client';
import { purchases, transactions, users } from '../../db/schema';

export interface BettingListFilter {
  status: BettingStatsStatus;
  /** Free text over reference, customer name, e-mail and betting account (spec 2 §5). */
  search: string;
}

/** All kobo; the service turns them into naira. */
export interface BettingTotals {
  count: number;
  amountKobo: number;
  salesKobo: number;
  profitKobo: number;
  successful: number;
}

/** The customer's betting account as the purchase stored it (BettingMetadata.rechargeAccount). */
export const account = sql<string>`coalesce(${transactions.metadata}->>'rechargeAccount', '')`;
export const billerName = sql<string>`coalesce(${transactions.metadata}->>'billerName', '')`;
const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/** The search is plain text: %, _ and \ are LIKE syntax, so they are escaped (\ is the default escape). */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Betting orders only: the purchases row (product 'betting') is the order, so a join on it keeps
 * out any other row that might one day carry service_type 'betting'.
 */
const isBetting = and(eq(transactions.serviceType, 'betting'), eq(purchases.product, 'betting'));

/** The list's WHERE (the export streams the same rows). */
export function whereOf(filter: BettingListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [isBetting];
  if (filter.status !== 'all') parts.push(eq(transactions.status, filter.status));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(
      or(
        ilike(transactions.reference, pattern),
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        // "Ada Obi" finds Ada Obi: the admin types the name as the card shows it.
        sql`${fullName} ilike ${pattern}`,
        sql`${account} ilike ${pattern}`,
      ),
    );
  }
  return and(...parts);
}

/** Postgres sums bigints as numeric (a string on the wire); the totals fit a double exactly. */
const kobo = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);

/**
 * What one betting top-up row reads (transactions joined with purchases and users): the screen's
 * page and the CSV export select the same columns.
 */
export const bettingRowColumns = {
  id: transactions.id,
  reference: transactions.reference,
  amountKobo: transactions.amountKobo,
  status: transactions.status,
  createdAt: transactions.createdAt,
  account,
  billerName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  sellingKobo: purchases.sellingKobo,
  costKobo: purchases.costKobo,
  resolvedAt: purchases.resolvedAt,
};

export const bettingStatsRepository = {
  /** One page, newest first, with the customer and the order's prices in the same query. */
  async page(db: DbOrTx, filter: BettingListFilter, page: number, pageSize: number) {
    return db
      .select(bettingRowColumns)
      .from(transactions)
      .innerJoin(purchases, eq(purchases.transactionId, transactions.id))
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(whereOf(filter))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  },

  async count(db: DbOrTx, filter: BettingListFilter): Promise<number> {
    const query = db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(transactions)
      .innerJoin(purchases, eq(purchases.transactionId, transactions.id));
    // The users join is needed only to search by name or e-mail.
    const [row] = await (
      filter.search ? query.innerJoin(users, eq(users.id, transactions.userId)) : query
    ).where(whereOf(filter));
    return row?.n ?? 0;
  },

  /** Every betting order, whatever the list shows: the tiles are the business's totals. */
  async totals(db: DbOrTx): Promise<BettingTotals> {
    const success = sql`${transactions.status} = 'success'`;
    const [row] = await db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        amountKobo: kobo(sql`sum(${transactions.amountKobo})`),
        salesKobo: kobo(sql`sum(${purchases.sellingKobo}) filter (where ${success})`),
        profitKobo: kobo(
          sql`sum(${purchases.sellingKobo} - ${purchases.costKobo}) filter (where ${success})`,
        ),
        successful: sql<number>`count(*) filter (where ${success})`.mapWith(Number),
      })
      .from(transactions)
      .innerJoin(purchases, eq(purchases.transactionId, transactions.id))
      .where(isBetting);
    return row ?? { count: 0, amountKobo: 0, salesKobo: 0, profitKobo: 0, successful: 0 };
  },
};

export type BettingStatsRow = Awaited<ReturnType<typeof bettingStatsRepository.page>>[number];
