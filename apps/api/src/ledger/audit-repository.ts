import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * The incremental ledger audit's SQL (decision 0076). Timestamps travel as PostgreSQL's text and
 * back as ::timestamptz, never through a JavaScript Date: a Date keeps milliseconds, the column
 * keeps microseconds, and a checkpoint rounded down would count a transfer twice in the sums.
 */

/** The checkpoint row, as text. */
export interface AuditCheckpoint {
  checkedTo: string | null;
  lapTo: string | null;
  lapCursorAt: string | null;
  lapCursorId: string | null;
  accountCursor: string | null;
  /** The checks the last lap's end found broken (null: it ended clean, or none has ended). */
  lapFailure: { name: string; violations: Record<string, unknown>[] }[] | null;
}

/** Where the lap stands: after this transfer in (created_at, id) order (null: at the start). */
export interface LapCursor {
  at: string | null;
  id: string | null;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The signed moves of the transfers matching `where`, one per account (credit +, debit −). */
function moves(where: SQL): SQL {
  return sql`select account_id, sum(delta) as delta from (
               select credit_account_id as account_id, amount_kobo as delta
                 from ledger_transfers where ${where}
               union all
               select debit_account_id, -amount_kobo from ledger_transfers where ${where}
             ) m group by account_id`;
}

const after = (at: string | null) =>
  at === null ? sql`true` : sql`created_at > ${at}::timestamptz`;
const upTo = (at: string) => sql`created_at <= ${at}::timestamptz`;
const past = (cursor: LapCursor) =>
  cursor.at === null
    ? sql`true`
    : sql`(created_at, id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;

export const auditRepository = {
  /**
   * Takes the checkpoint row for this transaction, or throws at once when another pass holds it
   * (lock_not_available) or has moved it since this snapshot began (serialization_failure, under
   * repeatable read): either way another pass is doing or has done this work.
   */
  async lockCheckpoint(tx: DbOrTx): Promise<AuditCheckpoint> {
    const [row] = await rows<AuditCheckpoint>(
      tx,
      sql`select checked_to::text as "checkedTo", lap_to::text as "lapTo",
                 lap_cursor_at::text as "lapCursorAt", lap_cursor_id::text as "lapCursorId",
                 account_cursor::text as "accountCursor", lap_failure as "lapFailure"
          from ledger_audit_checkpoints where name = 'ledger' for update nowait`,
    );
    if (!row)
      throw new Error('ledger_audit_checkpoints has no ledger row: has migration 0027 run?');
    return row;
  },

  /**
   * How far this pass may check: every transfer at or before it has committed. A transfer's
   * created_at is its transaction's start (now()), so one still open may yet commit with an
   * earlier time than rows already visible: the horizon stays before the start of the oldest
   * transaction open in this database (its rows carry that very time) and `lagMs` behind this
   * statement (the lag covers one that commits between
   * this snapshot and the read of pg_stat_activity). Never before the last checkpoint.
   */
  async horizon(tx: DbOrTx, checkedTo: string | null, lagMs: number): Promise<string> {
    const [row] = await rows<{ horizon: string }>(
      tx,
      sql`select greatest(
                   ${checkedTo}::timestamptz,
                   least(statement_timestamp() - ${lagMs}::int * interval '1 millisecond',
                         (select min(xact_start) - interval '1 microsecond' from pg_stat_activity
                          where datname = current_database() and pid <> pg_backend_pid()
                            and xact_start is not null))
                 )::text as horizon`,
    );
    return row!.horizon;
  },

  /** The first pass: every account's transfers up to the horizon, as its checked journal. */
  async startSums(tx: DbOrTx, horizon: string): Promise<void> {
    await tx.execute(sql`delete from ledger_audit_sums`);
    await tx.execute(
      sql`insert into ledger_audit_sums (account_id, journal_kobo)
          select account_id, delta from (${moves(upTo(horizon))}) m`,
    );
  },

  /** Transfers after `from` up to `to` (what a pass reads). */
  async countTransfers(tx: DbOrTx, from: string | null, to: string): Promise<number> {
    const [row] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ledger_transfers where ${after(from)} and ${upTo(to)}`,
    );
    return row!.n;
  },

  /**
   * Accounts whose balance is not their checked journal plus every transfer after `checkedTo`:
   * the accounts those transfers touch, and the accounts with an id in (slice.after, slice.last].
   */
  async balanceMismatches(
    tx: DbOrTx,
    checkedTo: string,
    slice: { after: string | null; last: string | null },
  ): Promise<Record<string, unknown>[]> {
    const inSlice =
      slice.last === null
        ? sql`false`
        : slice.after === null
          ? sql`id <= ${slice.last}::uuid`
          : sql`id > ${slice.after}::uuid and id <= ${slice.last}::uuid`;
    // The candidates by index (the new transfers' accounts, a primary-key range), then the
    // accounts themselves: never a scan of every account.
    return rows(
      tx,
      sql`with since as (${moves(after(checkedTo))}),
          candidates as (
            select account_id as id from since
            union
            select id from ledger_accounts where ${inSlice}
          )
          select a.id, a.code, a.kind, a.balance_kobo::text as balance,
                 (coalesce(s.journal_kobo, 0) + coalesce(n.delta, 0))::text as journal
          from candidates c
          join ledger_accounts a on a.id = c.id
          left join ledger_audit_sums s on s.account_id = a.id
          left join since n on n.account_id = a.id
          where a.balance_kobo <> coalesce(s.journal_kobo, 0) + coalesce(n.delta, 0)
          limit 20`,
    );
  },

  /** The next `size` accounts after `cursor` by id: the last id and how many there were. */
  async accountSlice(
    tx: DbOrTx,
    cursor: string | null,
    size: number,
  ): Promise<{ last: string | null; count: number }> {
    const [row] = await rows<{ last: string | null; count: number }>(
      tx,
      sql`select max(id::text) as last, count(*)::int as count from (
            select id from ledger_accounts
            where ${cursor === null ? sql`true` : sql`id > ${cursor}::uuid`}
            order by id limit ${size}
          ) s`,
    );
    return row!;
  },

  /** Adds the transfers in (from, to] to the checked journals. */
  async addToJournal(tx: DbOrTx, from: string, to: string): Promise<void> {
    await tx.execute(
      sql`insert into ledger_audit_sums (account_id, journal_kobo)
          select account_id, delta from (${moves(sql`${after(from)} and ${upTo(to)}`)}) m
          on conflict (account_id)
          do update set journal_kobo = ledger_audit_sums.journal_kobo + excluded.journal_kobo`,
    );
  },

  /**
   * The lap's next slice: up to `size` transfers at or before `lapTo` past the cursor, in
   * (created_at, id) order. Only read: addLapSlice keeps it once its checks have passed.
   */
  async lapSlice(
    tx: DbOrTx,
    lapTo: string,
    cursor: LapCursor,
    size: number,
  ): Promise<{ count: number; lastAt: string | null; lastId: string | null }> {
    const [row] = await rows<{ count: number; lastAt: string | null; lastId: string | null }>(
      tx,
      sql`with slice as (
            select id, created_at from ledger_transfers where ${past(cursor)} and ${upTo(lapTo)}
            order by created_at, id limit ${size}
          ),
          last as (select created_at, id from slice order by created_at desc, id desc limit 1)
          select (select count(*)::int from slice) as count,
                 (select created_at::text from last) as "lastAt",
                 (select id::text from last) as "lastId"`,
    );
    return row!;
  },

  /** Adds the transfers past `cursor` up to and including `last` to the accounts' lap sums. */
  async addLapSlice(tx: DbOrTx, cursor: LapCursor, last: LapCursor): Promise<void> {
    const through = sql`(created_at, id) <= (${last.at}::timestamptz, ${last.id}::uuid)`;
    await tx.execute(
      sql`insert into ledger_audit_sums (account_id, lap_kobo)
          select account_id, delta from (${moves(sql`${past(cursor)} and ${through}`)}) m
          on conflict (account_id)
          do update set lap_kobo = ledger_audit_sums.lap_kobo + excluded.lap_kobo`,
    );
  },

  /**
   * At a lap's end: accounts whose balance is not the lap's sum plus every transfer past the
   * cursor (the lap's last slice and all after it): all history, summed over the lap's passes.
   */
  async lapMismatches(tx: DbOrTx, cursor: LapCursor): Promise<Record<string, unknown>[]> {
    return rows(
      tx,
      sql`with since as (${moves(past(cursor))})
          select a.id, a.code, a.kind, a.balance_kobo::text as balance,
                 (coalesce(s.lap_kobo, 0) + coalesce(n.delta, 0))::text as journal
          from ledger_accounts a
          left join ledger_audit_sums s on s.account_id = a.id
          left join since n on n.account_id = a.id
          where a.balance_kobo <> coalesce(s.lap_kobo, 0) + coalesce(n.delta, 0)
          limit 20`,
    );
  },

  /**
   * After a clean lap, the checked journals are rebuilt from it (the lap's sums plus the transfers
   * past the cursor up to checkedTo): a journal left wrong by an earlier mistake is mended here.
   */
  async rebaseJournal(tx: DbOrTx, cursor: LapCursor, checkedTo: string): Promise<void> {
    await tx.execute(
      sql`update ledger_audit_sums set journal_kobo = lap_kobo where journal_kobo <> lap_kobo`,
    );
    await tx.execute(
      sql`insert into ledger_audit_sums (account_id, journal_kobo)
          select account_id, delta from (${moves(sql`${past(cursor)} and ${upTo(checkedTo)}`)}) m
          on conflict (account_id)
          do update set journal_kobo = ledger_audit_sums.journal_kobo + excluded.journal_kobo`,
    );
  },

  /** After a clean --full audit: the last lap's failure is over. */
  async clearLapFailure(db: DbOrTx): Promise<void> {
    await db.execute(
      sql`update ledger_audit_checkpoints set lap_failure = null
          where name = 'ledger' and lap_failure is not null`,
    );
  },

  async save(tx: DbOrTx, next: AuditCheckpoint): Promise<void> {
    await tx.execute(
      sql`update ledger_audit_checkpoints
          set checked_to = ${next.checkedTo}::timestamptz, lap_to = ${next.lapTo}::timestamptz,
              lap_cursor_at = ${next.lapCursorAt}::timestamptz,
              lap_cursor_id = ${next.lapCursorId}::uuid,
              account_cursor = ${next.accountCursor}::uuid,
              lap_failure = ${next.lapFailure === null ? null : JSON.stringify(next.lapFailure)}::jsonb,
              updated_at = now()
          where name = 'ledger'`,
    );
  },

  /** A lap done: the next one starts from zero. */
  async resetLap(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`update ledger_audit_sums set lap_kobo = 0 where lap_kobo <> 0`);
  },
};
