import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoryOf, lagosDayOf, MARGIN_CODES, REVERSAL_CODE } from './categories';

/**
 * One cell of the dashboard's figures: a bucket (a Lagos day YYYY-MM-DD, or a month YYYY-MM for
 * the yearly chart), a category and a status.
 */
export interface Figure {
  bucket: string;
  category: string;
  status: string;
  txCount: number;
  amountKobo: number;
  profitKobo: number;
}

export type Bucket = 'day' | 'month';

export interface Range {
  from: Date;
  to: Date;
}

export async function rows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type RawFigure = {
  bucket: string;
  category: string;
  status: string;
  tx_count: number | string;
  amount_kobo: string;
  profit_kobo: string;
};

const toFigure = (r: RawFigure): Figure => ({
  bucket: r.bucket,
  category: r.category,
  status: r.status,
  txCount: Number(r.tx_count),
  amountKobo: Number(r.amount_kobo),
  profitKobo: Number(r.profit_kobo),
});

/** A Lagos day's text (SQL) as its bucket: itself, or its month (YYYY-MM). */
export function bucketOf(day: SQL, bucket: Bucket): SQL {
  return bucket === 'month' ? sql`left(${day}, 7)` : day;
}

/** created_at inside any of the ranges (each an index range scan on transactions(created_at)). */
function inRanges(column: string, ranges: readonly Range[]): SQL {
  const col = sql.raw(column);
  return sql.join(
    ranges.map((r) => sql`(${col} >= ${r.from.toISOString()} and ${col} < ${r.to.toISOString()})`),
    sql` or `,
  );
}

/**
 * The revenue accounts' ids as an SQL array literal of bind parameters. The ids are read once per
 * process (revenueAccountIds) rather than by a subquery in every statement: ledger_accounts holds
 * a row per customer wallet and has no index on kind, so such a subquery scans every wallet.
 */
function idArray(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`array[]::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
}

/**
 * An order's profit (SQL, correlated to the transactions row `t`): the net its margin transfers
 * put into the revenue accounts; null when it has none. One probe of
 * ledger_transfers(transaction_id) per row, so only the profit figures pay for it.
 */
function profitOf(revenueIds: readonly string[]): SQL {
  const ids = idArray(revenueIds);
  const codes = sql.join(
    MARGIN_CODES.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql`(select sum(case when lt.credit_account_id = any(${ids}) then lt.amount_kobo
                              when lt.debit_account_id = any(${ids}) then -lt.amount_kobo
                              else 0 end)
              from ledger_transfers lt
              where lt.transaction_id = t.id and lt.code in (${codes}))`;
}

/**
 * The figures of the transactions created in the ranges, per bucket, category and status: count,
 * volume (numeric sums), and, given the revenue accounts, profit — the net the order's margin
 * transfers put into them (0 without: the revenue and count figures never read it). The rollup
 * stores exactly this per day, so the rolled and live paths share one query.
 * Reversals are not in it (see reversals below).
 */
function aggregate(
  ranges: readonly Range[],
  bucket: Bucket,
  revenueIds: readonly string[] | undefined,
): SQL {
  const profit = revenueIds ? sql`coalesce(sum(${profitOf(revenueIds)}), 0)` : sql`0`;
  return sql`
    select ${bucketOf(lagosDayOf('t.created_at'), bucket)} as bucket, ${categoryOf('t')} as category,
           t.status, count(*)::int as tx_count, sum(t.amount_kobo) as amount_kobo,
           ${profit} as profit_kobo
    from transactions t
    where ${inRanges('t.created_at', ranges)}
    group by 1, 2, 3`;
}

export const analyticsRepository = {
  /** The rolled-up days among `first`…`last` (Lagos dates, both included). */
  async rolledDays(db: DbOrTx, first: string, last: string): Promise<Set<string>> {
    const found = await rows<{ day: string }>(
      db,
      sql`select day from analytics_days where day >= ${first} and day <= ${last}`,
    );
    return new Set(found.map((r) => r.day));
  },

  /**
   * The stored figures of the rolled days among `first`…`last`, summed per bucket in SQL (a
   * yearly window is ~20 rows a day; the reply needs a few hundred sums, not those rows).
   */
  async rolledFigures(db: DbOrTx, first: string, last: string, bucket: Bucket): Promise<Figure[]> {
    const found = await rows<RawFigure>(
      db,
      sql`select ${bucketOf(sql`day`, bucket)} as bucket, category, status,
                 sum(tx_count)::int as tx_count, sum(amount_kobo)::text as amount_kobo,
                 sum(profit_kobo)::text as profit_kobo
          from analytics_daily where day >= ${first} and day <= ${last}
          group by 1, 2, 3`,
    );
    return found.map(toFigure);
  },

  /**
   * The same figures computed now from the transactions (and, given the revenue accounts, the
   * ledger for the profit).
   */
  async liveFigures(
    db: DbOrTx,
    ranges: readonly Range[],
    bucket: Bucket,
    revenueIds: readonly string[] | undefined,
  ): Promise<Figure[]> {
    if (ranges.length === 0) return [];
    const found = await rows<RawFigure>(
      db,
      sql`select bucket, category, status, tx_count, amount_kobo::text as amount_kobo,
                 profit_kobo::text as profit_kobo
          from (${aggregate(ranges, bucket, revenueIds)}) figures`,
    );
    return found.map(toFigure);
  },

  /** The ids of the revenue accounts (the shards of 'revenue'); they never change once created. */
  async revenueAccountIds(db: DbOrTx): Promise<string[]> {
    const found = await rows<{ id: string }>(
      db,
      sql`select id from ledger_accounts where kind = 'revenue' order by id`,
    );
    return found.map((r) => r.id);
  },

  /**
   * Planning choice for the dashboard's reads, in the caller's transaction: no JIT. Their
   * estimated cost sits around PostgreSQL's jit_above_cost (a day or two of transactions, one
   * ledger probe each), where compiling takes longer (~20 ms and more under load) than the query
   * runs. PGlite knows the setting too (it just has no JIT).
   */
  async withoutJit(db: DbOrTx): Promise<void> {
    await db.execute(sql`set local jit = off`);
  },

  /**
   * Admin Reverse takes an order's money back out of revenue (code order_reversal; when the order
   * was sold below cost it puts the loss back instead), possibly long after the order's day was
   * rolled up. So reversals are never stored in a rollup: they are read here, live, as their net
   * effect on the revenue accounts per the reversed order's Lagos day and category. Reached from
   * order_actions (a handful of rows), whose result row the transfers belong to (the order's own
   * id is accepted too), so this stays small whatever the size of the ledger.
   */
  async reversals(
    db: DbOrTx,
    range: Range,
    revenueIds: readonly string[],
  ): Promise<{ category: string; amountKobo: number }[]> {
    const ids = idArray(revenueIds);
    const found = await rows<{ category: string; amount_kobo: string }>(
      db,
      sql`select ${categoryOf('o')} as category,
                 sum(case when lt.debit_account_id = any(${ids}) then lt.amount_kobo
                          when lt.credit_account_id = any(${ids}) then -lt.amount_kobo
                          else 0 end)::text as amount_kobo
          from order_actions oa
          join transactions o on o.id = oa.transaction_id
          join ledger_transfers lt
            on lt.transaction_id in (oa.result_transaction_id, oa.transaction_id)
          where oa.action = 'reverse' and lt.code = ${REVERSAL_CODE}
            and o.created_at >= ${range.from.toISOString()}
            and o.created_at < ${range.to.toISOString()}
          group by 1`,
    );
    return found.map((r) => ({ category: r.category, amountKobo: Number(r.amount_kobo) }));
  },

  /** All users, users created in `today`, distinct users with a transaction created in it. */
  async userFigures(db: DbOrTx, today: Range) {
    const from = today.from.toISOString();
    const to = today.to.toISOString();
    const [row] = await rows<{ total: number; new_users: number; transacting: number }>(
      db,
      sql`select (select count(*) from users)::int as total,
                 (select count(*) from users
                   where created_at >= ${from} and created_at < ${to})::int as new_users,
                 (select count(distinct user_id) from transactions
                   where created_at >= ${from} and created_at < ${to})::int as transacting`,
    );
    return {
      totalUsers: Number(row?.total ?? 0),
      newUsers: Number(row?.new_users ?? 0),
      transactingUsers: Number(row?.transacting ?? 0),
    };
  },

  /** The sum of every customer wallet (their ledger balances), kobo. */
  async totalWalletBalance(db: DbOrTx): Promise<number> {
    const [row] = await rows<{ total: string }>(
      db,
      sql`select coalesce(sum(balance_kobo), 0)::text as total
          from ledger_accounts where kind = 'user_wallet'`,
    );
    return Number(row?.total ?? 0);
  },

  // ---------------------------------------------------------------- the rollup job

  /** When the first transaction was recorded, if any (days before it have nothing to roll). */
  async firstActivity(db: DbOrTx): Promise<Date | undefined> {
    // Epoch milliseconds: independent of the session's time zone and of the driver's date parsing.
    const [row] = await rows<{ first: string | null }>(
      db,
      sql`select (extract(epoch from min(created_at)) * 1000)::bigint::text as first
          from transactions`,
    );
    return row?.first ? new Date(Number(row.first)) : undefined;
  },

  /** The Lagos days in `range` that hold a pending transaction (they may still change). */
  async pendingDays(db: DbOrTx, range: Range): Promise<Set<string>> {
    const found = await rows<{ day: string }>(
      db,
      sql`select distinct ${lagosDayOf('created_at')} as day from transactions
          where status = 'pending' and created_at >= ${range.from.toISOString()}
            and created_at < ${range.to.toISOString()}`,
    );
    return new Set(found.map((r) => r.day));
  },

  async hasPending(db: DbOrTx, range: Range): Promise<boolean> {
    const found = await rows(
      db,
      sql`select 1 from transactions where status = 'pending'
            and created_at >= ${range.from.toISOString()}
            and created_at < ${range.to.toISOString()} limit 1`,
    );
    return found.length > 0;
  },

  /**
   * Stores one day's figures and marks it rolled, in the caller's transaction. ON CONFLICT DO
   * NOTHING: another process rolling the same day at the same time stores the same figures (the
   * day can no longer change), and whichever commits second adds nothing.
   */
  async storeDay(
    db: DbOrTx,
    day: string,
    range: Range,
    revenueIds: readonly string[],
  ): Promise<boolean> {
    await db.execute(sql`
      insert into analytics_daily (day, category, status, tx_count, amount_kobo, profit_kobo)
      select bucket, category, status, tx_count, amount_kobo::bigint, profit_kobo::bigint
      from (${aggregate([range], 'day', revenueIds)}) figures
      on conflict do nothing`);
    const from = range.from.toISOString();
    const to = range.to.toISOString();
    const marked = await rows(
      db,
      sql`insert into analytics_days (day, active_users, new_users)
          select ${day},
                 (select count(distinct user_id) from transactions
                   where created_at >= ${from} and created_at < ${to})::int,
                 (select count(*) from users where created_at >= ${from} and created_at < ${to})::int
          on conflict do nothing
          returning day`,
    );
    return marked.length > 0;
  },
};

/**
 * The revenue account ids, read once per holder through the caller's executor (PGlite has one
 * connection: a read on the pool from inside an open transaction would wait forever). Like the
 * ledger's system ids they never change once the migration has created them.
 */
export function revenueAccountsOnce() {
  let ids: Promise<string[]> | undefined;
  return (db: DbOrTx): Promise<string[]> => {
    ids ??= analyticsRepository.revenueAccountIds(db).then((found) => {
      if (found.length === 0) throw new Error('revenue accounts missing: has migration 0001 run?');
      return found;
    });
    ids.catch(() => (ids = undefined));
    return ids;
  };
}
