import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows, type Range } from './repository';

export interface TierMargin {
  code: string;
  name: string;
  orders: number;
  revenueKobo: number;
  costKobo: number;
}

/**
 * The delivered orders of a window per price tier (decision 0090): what the customers paid (our
 * revenue), what the suppliers charged, and how many. Read live from the orders (the rollups keep
 * no tier), through the history rows' created_at index; a reversed order is no longer 'success'
 * and leaves the figures, as it leaves revenue. Every tier is listed, with zeros when it sold
 * nothing.
 */
export async function tierMargins(db: DbOrTx, range: Range): Promise<TierMargin[]> {
  const found = await rows<{
    code: string;
    name: string;
    orders: number | string;
    revenue_kobo: string;
    cost_kobo: string;
  }>(
    db,
    sql`select pt.code, pt.name, count(o.transaction_id) as orders,
               coalesce(sum(o.selling_kobo), 0)::text as revenue_kobo,
               coalesce(sum(o.cost_kobo), 0)::text as cost_kobo
          from price_tiers pt
          left join (
            select p.transaction_id, p.price_tier, p.selling_kobo, p.cost_kobo
              from transactions t
              join purchases p on p.transaction_id = t.id
             where t.created_at >= ${range.from.toISOString()}::timestamptz
               and t.created_at < ${range.to.toISOString()}::timestamptz
               and t.status = 'success' and p.state = 'delivered'
          ) o on o.price_tier = pt.code
         group by pt.code, pt.name
         order by pt.code <> 'standard', pt.name`,
  );
  return found.map((r) => ({
    code: r.code,
    name: r.name,
    orders: Number(r.orders),
    revenueKobo: Number(r.revenue_kobo),
    costKobo: Number(r.cost_kobo),
  }));
}
