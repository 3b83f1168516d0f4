import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Batched deletes for the retention job. Each statement deletes at most `limit` rows chosen by a
 * key subquery, so one statement never holds many row locks or runs long on a big table; the
 * service repeats it until a batch comes back short.
 */

async function deleted(db: DbOrTx, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export const retentionRepository = {
  /** Sessions past their expiry (revoked ones included once they expire): no token reads them. */
  deleteExpiredSessions(db: DbOrTx, now: Date, limit: number): Promise<number> {
    return deleted(
      db,
      sql`delete from sessions where id in (
            select id from sessions where expires_at < ${now} limit ${limit}
          ) returning id`,
    );
  },

  /** Sign-in, reset and PIN codes that were used or can no longer be used. */
  deleteDeadOtpCodes(db: DbOrTx, now: Date, limit: number): Promise<number> {
    return deleted(
      db,
      sql`delete from otp_codes where id in (
            select id from otp_codes
            where consumed_at is not null or expires_at < ${now}
            limit ${limit}
          ) returning id`,
    );
  },

  /**
   * Rows of a table that only ages out, created before `before`: limiter events (outside every
   * limiter window) and supplier refusals (older than the failure-rate alert's window).
   */
  deleteCreatedBefore(
    db: DbOrTx,
    table: 'rate_events' | 'supplier_refusals',
    before: Date,
    limit: number,
  ): Promise<number> {
    const name = sql.identifier(table);
    return deleted(
      db,
      sql`delete from ${name} where id in (
            select id from ${name} where created_at < ${before} limit ${limit}
          ) returning id`,
    );
  },

  /**
   * Idempotency keys created before `before` that no order still needs: a key whose order is
   * pending stays (a retry must find it, or it would start a second order while the first is
   * unresolved), and so does a key with neither a stored reply nor an order (a request that
   * never got that far; nothing says it is over). Decision 0023.
   */
  deleteIdempotencyKeysBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
    return deleted(
      db,
      sql`delete from idempotency_keys where (user_id, key) in (
            select k.user_id, k.key from idempotency_keys k
            left join transactions t on t.id = k.transaction_id
            where k.created_at < ${before}
              and t.status is distinct from 'pending'
              and (k.response_status is not null or t.id is not null)
            limit ${limit}
          ) returning user_id`,
    );
  },
};
