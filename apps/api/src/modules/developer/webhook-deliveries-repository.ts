import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys, transactions, webhookDeliveries } from '../../db/schema';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookEvent = WebhookDeliveryRow['event'];

/** A claimed delivery with where it goes now (the key's URL as it stands, none if removed). */
export interface ClaimedDelivery {
  id: string;
  apiKeyId: string;
  event: WebhookEvent;
  body: string;
  attempts: number;
  createdAt: Date;
  leaseUntil: Date;
  webhookUrl: string | null;
}

/** A delivery as its owner's list shows it, with the order's reference and the key's name. */
export interface ListedDelivery extends WebhookDeliveryRow {
  reference: string;
  keyName: string;
}

interface ClaimedRaw {
  id: string;
  api_key_id: string;
  event: WebhookEvent;
  body: string;
  attempts: number;
  created_at: string | Date;
  lease_until: string | Date;
  webhook_url: string | null;
}

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** What one attempt ended in: delivered, another try at `nextAttemptAt`, or given up. */
export type AttemptResult =
  | { state: 'delivered'; status: number }
  | { state: 'pending'; status: number | null; error: string | null; nextAttemptAt: Date }
  | { state: 'failed'; status: number | null; error: string | null };

/** A delivery as its owner's log shows it: with the order's reference and the key's name. */
const selectListed = (db: DbOrTx) =>
  db
    .select({
      delivery: webhookDeliveries,
      reference: transactions.reference,
      keyName: apiKeys.name,
    })
    .from(webhookDeliveries)
    .innerJoin(transactions, eq(transactions.id, webhookDeliveries.transactionId))
    .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.apiKeyId));

const listed = (row: Awaited<ReturnType<ReturnType<typeof selectListed>['execute']>>[number]) => ({
  ...row.delivery,
  reference: row.reference,
  keyName: row.keyName,
});

export const webhookDeliveriesRepository = {
  /** Queues an order's outcome for its key's webhook, if it has one (owo_webhook_queue). */
  async queue(db: DbOrTx, transactionId: string, event: WebhookEvent, now: Date): Promise<void> {
    await db.execute(
      sql`select owo_webhook_queue(${transactionId}::uuid, ${event}::text, ${now.toISOString()}::timestamptz)`,
    );
  },

  /**
   * Claims up to `limit` due deliveries for this node until `leaseUntil`: SKIP LOCKED and the lease
   * share them among nodes, and a node that dies mid-post lets its claims lapse by themselves.
   */
  async claimDue(
    db: DbOrTx,
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<ClaimedDelivery[]> {
    const result = (await db.execute(sql`
      update webhook_deliveries d
         set lease_until = ${leaseUntil.toISOString()}::timestamptz, updated_at = now()
        from api_keys k
       where k.id = d.api_key_id
         and d.id in (
           select id from webhook_deliveries
            where state = 'pending'
              and next_attempt_at <= ${now.toISOString()}::timestamptz
              and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
            order by next_attempt_at
            limit ${limit}
              for update skip locked)
      returning d.id, d.api_key_id, d.event, d.body, d.attempts, d.created_at, d.lease_until,
                k.webhook_url`)) as unknown as { rows: ClaimedRaw[] };
    return result.rows.map((r) => ({
      id: r.id,
      apiKeyId: r.api_key_id,
      event: r.event,
      body: r.body,
      attempts: Number(r.attempts),
      createdAt: asDate(r.created_at),
      leaseUntil: asDate(r.lease_until),
      webhookUrl: r.webhook_url,
    }));
  },

  /**
   * Records an attempt, only while this node's lease stands: a delivery replayed meanwhile (its
   * lease cleared) is left to the replay. False when the lease was lost.
   */
  async recordAttempt(
    db: DbOrTx,
    claimed: Pick<ClaimedDelivery, 'id' | 'leaseUntil'>,
    at: Date,
    result: AttemptResult,
  ): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set({
        state: result.state,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatus: result.status,
        lastError: result.state === 'delivered' ? null : result.error,
        lastAttemptAt: at,
        deliveredAt: result.state === 'delivered' ? at : undefined,
        nextAttemptAt: result.state === 'pending' ? result.nextAttemptAt : null,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(webhookDeliveries.id, claimed.id),
          eq(webhookDeliveries.leaseUntil, claimed.leaseUntil),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  },

  /** One page of a user's deliveries, newest first, optionally of one key. */
  async listOf(
    db: DbOrTx,
    userId: string,
    page: { offset: number; limit: number; keyId?: string },
  ): Promise<{ rows: ListedDelivery[]; total: number }> {
    const where = and(
      eq(webhookDeliveries.userId, userId),
      page.keyId ? eq(webhookDeliveries.apiKeyId, page.keyId) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      selectListed(db)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ total: count() }).from(webhookDeliveries).where(where),
    ]);
    return {
      rows: rows.map(listed),
      total: Number(counted?.total ?? 0),
    };
  },

  /**
   * Queues the same body again now, for its owner only: pending, due at once, no lease (a post
   * under way for the old attempt then records nothing). Undefined for another user's id.
   */
  async replay(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ state: 'pending', nextAttemptAt: now, leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)))
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  },

  async findListed(db: DbOrTx, userId: string, id: string): Promise<ListedDelivery | undefined> {
    const [row] = await selectListed(db)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)))
      .limit(1);
    return row && listed(row);
  },
};
