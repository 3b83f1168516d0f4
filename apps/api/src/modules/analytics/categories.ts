import { sql, type SQL } from 'drizzle-orm';
import { LAGOS_OFFSET_MS } from '@owo/shared/constants';
import type { RevenueBreakdown } from '@owo/shared/api-types';

/**
 * How a transactions row is named on the dashboard. Purchases by their product (cable is the
 * spec's tvSubscription); a deposit by where it came from: `bank_transfer` when it paid a PalmPay
 * checkout session (deposits/credit.ts stamps metadata.channel 'bank_transfer' on exactly those),
 * `deposit` when it arrived in the customer's permanent virtual account; an airtime-to-cash payout
 * as airtimeToCash. Every other row (transfers, operator credits, reversals) keeps its service
 * type, so the transaction counts still see it.
 */
export const REVENUE_CATEGORIES = [
  'airtime',
  'data',
  'tvSubscription',
  'electricity',
  'betting',
  'deposit',
  'bank_transfer',
] as const satisfies readonly (keyof RevenueBreakdown)[];

export const PROFIT_CATEGORIES = [
  'airtime',
  'data',
  'tvSubscription',
  'electricity',
  'betting',
  'airtimeToCash',
] as const;
export type ProfitCategory = (typeof PROFIT_CATEGORIES)[number];

/** The category of a transactions row aliased `alias` (SQL, same text in rollup and live reads). */
export function categoryOf(alias: string): SQL {
  const t = sql.raw(alias);
  return sql`case ${t}.service_type
    when 'airtime' then 'airtime'
    when 'data' then 'data'
    when 'cable' then 'tvSubscription'
    when 'electricity' then 'electricity'
    when 'betting' then 'betting'
    when 'airtime-to-cash' then 'airtimeToCash'
    when 'deposit' then case when ${t}.metadata->>'channel' = 'bank_transfer'
                             then 'bank_transfer' else 'deposit' end
    else ${t}.service_type end`;
}

/**
 * The Lagos date (YYYY-MM-DD) of a timestamp column. The offset is a constant of the code, written
 * into the text (not a bind parameter) so the same expression can appear in SELECT and GROUP BY.
 */
export function lagosDayOf(column: string): SQL {
  const seconds = Math.round(LAGOS_OFFSET_MS / 1000);
  return sql.raw(
    `to_char((${column} at time zone 'UTC') + interval '${seconds} seconds', 'YYYY-MM-DD')`,
  );
}

/** Ledger codes whose net effect on the revenue accounts is an order's profit (decision notes). */
export const MARGIN_CODES = ['purchase_margin', 'purchase_margin_loss', 'swap_margin'] as const;
/** An admin Reverse: revenue → wallet. Read live always (it can come after the day is rolled). */
export const REVERSAL_CODE = 'order_reversal';
