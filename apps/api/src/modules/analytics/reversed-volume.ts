import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoryOf, lagosDayOf } from './categories';
import { bucketOf, rows, type Bucket, type Range } from './repository';

export interface ReversedVolume {
  bucket: string;
  category: string;
  amountKobo: number;
}

/**
 * What the customers paid for the orders created in `range` that an admin later reversed, per
 * bucket of the order's own Lagos day and its category (decision 0032: a reversed order is not
 * revenue). A reversal leaves the order's row a success and can come after its day was rolled up,
 * so it is read here, live, from order_actions (a handful of rows), like the profit's reversals.
 */
export async function reversedVolume(
  db: DbOrTx,
  range: Range,
  bucket: Bucket,
): Promise<ReversedVolume[]> {
  const found = await rows<{ bucket: string; category: string; amount_kobo: string }>(
    db,
    sql`select ${bucketOf(lagosDayOf('o.created_at'), bucket)} as bucket,
               ${categoryOf('o')} as category, sum(o.amount_kobo)::text as amount_kobo
        from order_actions oa
        join transactions o on o.id = oa.transaction_id
        where oa.action = 'reverse' and o.status = 'success'
          and o.created_at >= ${range.from.toISOString()}
          and o.created_at < ${range.to.toISOString()}
        group by 1, 2`,
  );
  return found.map((r) => ({
    bucket: r.bucket,
    category: r.category,
    amountKobo: Number(r.amount_kobo),
  }));
}
