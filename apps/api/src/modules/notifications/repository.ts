import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationMarks, settledOrderNotices } from '../../db/schema';

/** One event of the feed as read from the database (amounts in kobo, times as epoch seconds). */
export interface FeedRow {
  id: string;
  kind: string;
  at: number;
  amountKobo: number;
  transactionId: string | null;
  swapRef: string | null;
  description: string;
  metadata: Record<string, unknown>;
  network: string | null;
  payoutMethod: string | null;
  note: string | null;
  airtimeKobo: number | null;
}

interface RawFeedRow {
  id: string;
  kind: string;
  at: number | string;
  amount_kobo: number | string;
  transaction_id: string | null;
  swap_ref: string | null;
  description: string | null;
  metadata: Record<string, unknown> | string | null;
  network: string | null;
  payout_method: string | null;
  note: string | null;
  airtime_kobo: number | string | null;
}

/** Credits that are news to the customer; a swap's wallet payout is told by the swap itself. */
const CREDIT_KINDS = sql`case t.service_type
  when 'deposit' then 'deposit' when 'transfer' then 'transfer' when 'reversal' then 'refund'
  else 'credit' end`;

/**
 * The events of one user, newest first: credits (deposits, transfers received, reversals,
 * operator credits), orders settled after the customer was told "pending", and finished swaps.
 * Each branch reads its own (user, time) index and stops at `limit`, so a long history costs
 * no more than a short one. `after` (exclusive) keeps only events newer than a read mark.
 */
function feedQuery(userId: string, after: Date | null, limit: number): SQL {
  const since = (column: SQL) => (after ? sql`and ${column} > ${after.toISOString()}` : sql``);
  const swapAt = sql`coalesce(s.completed_at, s.verified_at, s.updated_at)`;
  return sql`
    select id, kind, extract(epoch from at)::float8 as at, amount_kobo, transaction_id, swap_ref,
           description, metadata, network, payout_method, note, airtime_kobo
    from (
      (select 'tx:' || t.id as id, ${CREDIT_KINDS} as kind, t.created_at as at,
              t.amount_kobo, t.id as transaction_id, null::text as swap_ref, t.description,
              t.metadata, null::text as network, null::text as payout_method, null::text as note,
              null::bigint as airtime_kobo
       from transactions t
       where t.user_id = ${userId} and t.type = 'credit' and t.status = 'success'
         and t.service_type in ('deposit', 'transfer', 'reversal', 'adjustment')
         ${since(sql`t.created_at`)}
       order by t.created_at desc limit ${limit})
      union all
      (select 'order:' || n.transaction_id, case n.outcome when 'delivered'
                then 'order_delivered' else 'order_failed' end, n.created_at,
              t.amount_kobo, t.id, null::text, t.description, t.metadata, null::text, null::text,
              null::text, null::bigint
       from settled_order_notices n join transactions t on t.id = n.transaction_id
       where n.user_id = ${userId} ${since(sql`n.created_at`)}
       order by n.created_at desc limit ${limit})
      union all
      (select 'swap:' || s.id, case s.status when 'COMPLETED' then 'swap_paid'
                else 'swap_rejected' end, ${swapAt},
              s.expected_payout_kobo, s.transaction_id, s.swap_id, '', '{}'::jsonb, s.network,
              s.payment_method, s.admin_note, s.amount_kobo
       from airtime_swaps s
       where s.user_id = ${userId} and s.status in ('COMPLETED', 'REJECTED') ${since(swapAt)}
       order by ${swapAt} desc limit ${limit})
    ) feed
    order by at desc, id desc
    limit ${limit}`;
}

function toFeedRow(raw: RawFeedRow): FeedRow {
  const metadata =
    typeof raw.metadata === 'string'
      ? (JSON.parse(raw.metadata) as Record<string, unknown>)
      : (raw.metadata ?? {});
  return {
    id: raw.id,
    kind: raw.kind,
    at: Number(raw.at),
    amountKobo: Number(raw.amount_kobo),
    transactionId: raw.transaction_id,
    swapRef: raw.swap_ref,
    description: raw.description ?? '',
    metadata,
    network: raw.network,
    payoutMethod: raw.payout_method,
    note: raw.note,
    airtimeKobo: raw.airtime_kobo === null ? null : Number(raw.airtime_kobo),
  };
}

export const notificationsRepository = {
  async feed(db: DbOrTx, userId: string, after: Date | null, limit: number): Promise<FeedRow[]> {
    const result = (await db.execute(feedQuery(userId, after, limit))) as unknown as {
      rows: RawFeedRow[];
    };
    return result.rows.map(toFeedRow);
  },

  async readMark(db: DbOrTx, userId: string): Promise<Date | null> {
    const [row] = await db
      .select({ readUpTo: notificationMarks.readUpTo })
      .from(notificationMarks)
      .where(eq(notificationMarks.userId, userId))
      .limit(1);
    return row?.readUpTo ?? null;
  },

  /** The mark only moves forward: a late, older "read" never brings notices back. */
  async moveReadMark(db: DbOrTx, userId: string, upTo: Date): Promise<void> {
    await db
      .insert(notificationMarks)
      .values({ userId, readUpTo: upTo, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: notificationMarks.userId,
        set: {
          readUpTo: sql`greatest(${notificationMarks.readUpTo}, excluded.read_up_to)`,
          updatedAt: sql`now()`,
        },
      });
  },

  /** Money on its way to or from the wallet: an open deposit session or an unsettled order. */
  async awaiting(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
    const result = (await db.execute(sql`
      select (
        exists (select 1 from deposits d
                where d.user_id = ${userId} and d.status = 'pending'
                  and d.expires_at > ${now.toISOString()})
        or exists (select 1 from purchases p
                   where p.state in ('processing', 'pending') and p.user_id = ${userId})
      ) as awaiting`)) as unknown as { rows: { awaiting: boolean | string }[] };
    const value = result.rows[0]?.awaiting;
    return value === true || value === 't' || value === 'true';
  },

  async insertSettledNotice(
    db: DbOrTx,
    values: typeof settledOrderNotices.$inferInsert,
  ): Promise<void> {
    await db.insert(settledOrderNotices).values(values).onConflictDoNothing();
  },
};
