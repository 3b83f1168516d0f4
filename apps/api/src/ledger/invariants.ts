import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export interface InvariantCheck {
  name: string;
  ok: boolean;
  /** Up to 20 offending rows, for the operator. */
  violations: Record<string, unknown>[];
}

export interface LedgerAudit {
  ok: boolean;
  checks: InvariantCheck[];
}

/**
 * A part of history: the transfers with created_at in (after, upTo] (from `after` on, inclusive,
 * when `includeAfter`; from the beginning when `after` is null). A scoped audit checks the rows
 * these transfers belong to (decision 0076).
 */
export interface LedgerScope {
  after: string | null;
  upTo: string;
  includeAfter?: boolean;
}

/**
 * Which audit runs a check: `total` ones read a whole table (the sum over accounts, money in
 * flight, the airtime asset); `journal` is the balance-against-transfers check, which the
 * incremental audit replaces by its running sums; `local` ones check rows one by one and can be
 * limited to a scope.
 */
type CheckKind = 'total' | 'journal' | 'local';

interface CheckDefinition {
  name: string;
  kind: CheckKind;
  /**
   * `within(column)`: the transaction id is in the scope (true, unscoped); `scoped(condition)`:
   * the condition, only when scoped (true otherwise); `isScoped`: a check whose scoped form is
   * another query (one that reads only the scope's rows) picks it.
   */
  query: (scope: {
    within: (transactionId: SQL) => SQL;
    scoped: (condition: SQL) => SQL;
    isScoped: boolean;
  }) => SQL;
}

async function rows(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** The transactions whose transfers lie in the scope. */
function scopeTransactions(scope: LedgerScope): SQL {
  const lower =
    scope.after === null
      ? sql`true`
      : scope.includeAfter
        ? sql`created_at >= ${scope.after}::timestamptz`
        : sql`created_at > ${scope.after}::timestamptz`;
  return sql`select transaction_id from ledger_transfers
             where ${lower} and created_at <= ${scope.upTo}::timestamptz`;
}

const CHECKS: CheckDefinition[] = [];
const check = (name: string, kind: CheckKind, query: CheckDefinition['query']) => {
  CHECKS.push({ name, kind, query });
};

check(
  'the sum over all accounts is zero',
  'total',
  () =>
    sql`select sum(balance_kobo)::text as total from ledger_accounts
        having coalesce(sum(balance_kobo), 0) <> 0`,
);
check(
  'every balance equals the sum of its transfers',
  'journal',
  () =>
    sql`select a.id, a.code, a.kind, a.balance_kobo::text as balance,
               (coalesce(c.total, 0) - coalesce(d.total, 0))::text as journal
        from ledger_accounts a
        left join (select credit_account_id as id, sum(amount_kobo) as total
                   from ledger_transfers group by credit_account_id) c on c.id = a.id
        left join (select debit_account_id as id, sum(amount_kobo) as total
                   from ledger_transfers group by debit_account_id) d on d.id = a.id
        where a.balance_kobo <> coalesce(c.total, 0) - coalesce(d.total, 0)`,
);
check(
  'no wallet is below zero',
  'local',
  ({ within, scoped }) =>
    sql`select id, user_id, balance_kobo::text as balance from ledger_accounts
        where kind = 'user_wallet' and balance_kobo < 0
          and (${scoped(sql`false`)}
               or id in (select lt.debit_account_id from ledger_transfers lt
                         where ${within(sql`lt.transaction_id`)}))`,
);
check(
  'every purchase has exactly one terminal outcome',
  'local',
  ({ within }) =>
    sql`select p.transaction_id, p.state, t.status, x.reserves, x.reserved::text, x.posts, x.voids
        from purchases p
        join transactions t on t.id = p.transaction_id
        cross join lateral (
          select count(*) filter (where code = 'purchase_reserve') as reserves,
                 coalesce(sum(amount_kobo) filter (where code = 'purchase_reserve'), 0) as reserved,
                 count(*) filter (where code = 'purchase_cost') as posts,
                 count(*) filter (where code = 'purchase_void') as voids
          from ledger_transfers lt where lt.transaction_id = p.transaction_id
        ) x
        where ${within(sql`p.transaction_id`)} and not (
          x.reserves = 1 and x.reserved = p.selling_kobo and (
            (p.state in ('processing', 'pending') and x.posts = 0 and x.voids = 0
              and t.status = 'pending')
            or (p.state = 'delivered' and x.posts = 1 and x.voids = 0 and t.status = 'success'
              and p.resolved_at is not null)
            or (p.state = 'failed' and x.posts = 0 and x.voids = 1 and t.status = 'failed'
              and p.resolved_at is not null)
          )
        )`,
);
check(
  "each day's running outflow equals the day's counted debits",
  'local',
  ({ within, scoped, isScoped }) =>
    isScoped
      ? // Scoped: only the (user, Lagos day) pairs the scope's rows fall on, each day's debits
        // read as one range of transactions_user_created_idx (a Lagos day is UTC+1, so its
        // instants are [day − 1 h, day + 23 h) in UTC) and its running total by primary key, so
        // a pass costs the days it touches, not the users' whole history or the whole table.
        sql`with days as (
              select distinct user_id, owo_lagos_day(created_at) as day from transactions
              where ${within(sql`id`)}
            )
            select d.user_id, d.day::text as day, coalesce(c.total, 0)::text as rows_total,
                   coalesce(o.total_kobo, 0)::text as running
            from days d
            cross join lateral (
              select sum(t.amount_kobo) as total from transactions t
              where t.user_id = d.user_id
                and t.created_at >= (d.day - interval '1 hour') at time zone 'UTC'
                and t.created_at < (d.day + interval '23 hours') at time zone 'UTC'
                and owo_lagos_day(t.created_at) = d.day
                and t.type = 'debit' and t.service_type <> 'adjustment'
                and t.status in ('pending', 'success')
            ) c
            left join daily_outflows o on o.user_id = d.user_id and o.day = d.day
            where coalesce(c.total, 0) <> coalesce(o.total_kobo, 0)`
      : sql`with days as (
          select distinct user_id, owo_lagos_day(created_at) as day from transactions
          where ${within(sql`id`)}
        ),
        counted as (
          select user_id, owo_lagos_day(created_at) as day, sum(amount_kobo) as total
          from transactions
          where type = 'debit' and service_type <> 'adjustment' and status in ('pending', 'success')
            and ${scoped(sql`user_id in (select user_id from days)`)}
          group by 1, 2
        )
        select coalesce(c.user_id, d.user_id) as user_id, coalesce(c.day, d.day)::text as day,
               coalesce(c.total, 0)::text as rows_total, coalesce(d.total_kobo, 0)::text as running
        from counted c
        full join daily_outflows d on d.user_id = c.user_id and d.day = c.day
        where coalesce(c.total, 0) <> coalesce(d.total_kobo, 0)
          and ${scoped(
            sql`(coalesce(c.user_id, d.user_id), coalesce(c.day, d.day))
                in (select user_id, day from days)`,
          )}`,
);
check(
  'money in flight equals the open purchases',
  'total',
  () =>
    sql`select f.total::text as in_flight, coalesce(o.total, 0)::text as open_purchases
        from (select coalesce(sum(balance_kobo), 0) as total from ledger_accounts
              where kind = 'in_flight') f
        cross join (select sum(selling_kobo) as total from purchases
                    where state in ('processing', 'pending')) o
        where f.total <> coalesce(o.total, 0)`,
);
// airtime to cash (docs/decisions/0010)
check(
  'every completed swap is paid exactly once, and no other swap at all',
  'local',
  ({ within }) =>
    sql`select s.swap_id, s.status, s.transaction_id, x.payouts, x.paid::text, x.margins,
               x.kept::text
        from airtime_swaps s
        cross join lateral (
          select count(*) filter (where code = 'swap_payout') as payouts,
                 coalesce(sum(amount_kobo) filter (where code = 'swap_payout'), 0) as paid,
                 count(*) filter (where code = 'swap_margin') as margins,
                 coalesce(sum(amount_kobo) filter (where code = 'swap_margin'), 0) as kept
          from ledger_transfers lt where lt.transaction_id = s.transaction_id
        ) x
        where ${within(sql`s.transaction_id`)} and not (
          (s.status = 'COMPLETED' and s.transaction_id is not null and s.completed_at is not null
            and x.payouts = 1 and x.paid = s.expected_payout_kobo
            and x.margins = (case when s.amount_kobo > s.expected_payout_kobo then 1 else 0 end)
            and x.kept = s.amount_kobo - s.expected_payout_kobo)
          or (s.status <> 'COMPLETED' and s.transaction_id is null)
        )`,
);
check(
  'every swap transfer belongs to a completed swap',
  'local',
  ({ within }) =>
    sql`select lt.id, lt.code, lt.transaction_id from ledger_transfers lt
        where lt.code in ('swap_payout', 'swap_margin') and ${within(sql`lt.transaction_id`)}
          and not exists (select 1 from airtime_swaps s
                          where s.transaction_id = lt.transaction_id and s.status = 'COMPLETED')`,
);
check(
  'the airtime asset equals the airtime of the completed swaps',
  'total',
  () =>
    sql`select a.total::text as asset, coalesce(c.total, 0)::text as completed_airtime
        from (select coalesce(sum(balance_kobo), 0) as total from ledger_accounts
              where kind = 'airtime_asset') a
        cross join (select sum(amount_kobo) as total from airtime_swaps
                    where status = 'COMPLETED') c
        where -a.total <> coalesce(c.total, 0)`,
);
// end airtime to cash
// transfers between users (docs/decisions/0011)
check(
  'every wallet transfer is one ledger move, sender wallet to recipient wallet, both rows success',
  'local',
  ({ within }) =>
    sql`select w.id, w.amount_kobo::text as amount, x.moves, x.moved::text
        from wallet_transfers w
        join transactions d on d.id = w.debit_transaction_id
        join transactions c on c.id = w.credit_transaction_id
        join ledger_accounts sa on sa.kind = 'user_wallet' and sa.user_id = w.sender_id
        join ledger_accounts ra on ra.kind = 'user_wallet' and ra.user_id = w.recipient_id
        cross join lateral (
          select count(*) as moves, coalesce(sum(amount_kobo), 0) as moved,
                 bool_and(lt.debit_account_id = sa.id and lt.credit_account_id = ra.id) as aligned
          from ledger_transfers lt
          where lt.transaction_id in (w.debit_transaction_id, w.credit_transaction_id)
        ) x
        where (${within(sql`w.debit_transaction_id`)} or ${within(sql`w.credit_transaction_id`)})
          and not (x.moves = 1 and x.moved = w.amount_kobo and x.aligned
          and d.user_id = w.sender_id and d.type = 'debit' and d.status = 'success'
          and d.amount_kobo = w.amount_kobo
          and c.user_id = w.recipient_id and c.type = 'credit' and c.status = 'success'
          and c.amount_kobo = w.amount_kobo)`,
);
check(
  'every wallet_transfer ledger move belongs to a wallet transfer',
  'local',
  ({ within }) =>
    sql`select lt.id, lt.transaction_id from ledger_transfers lt
        where lt.code = 'wallet_transfer' and ${within(sql`lt.transaction_id`)}
          and not exists (select 1 from wallet_transfers w
                          where w.debit_transaction_id = lt.transaction_id)`,
);
// end transfers between users
// admin Reverse of a delivered order (docs/decisions/0013)
check(
  'every reversal returns exactly the selling price of a delivered order to its wallet, once',
  'local',
  ({ within }) =>
    sql`select oa.transaction_id, oa.result_transaction_id, p.state, r.status, r.type,
               r.amount_kobo::text as credited, p.selling_kobo::text as paid, x.moves,
               x.to_wallet::text, x.from_wallet::text
        from order_actions oa
        join purchases p on p.transaction_id = oa.transaction_id
        left join transactions r on r.id = oa.result_transaction_id
        join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = p.user_id
        cross join lateral (
          select count(*) as moves, bool_and(lt.code = 'order_reversal') as all_reversal,
                 coalesce(sum(amount_kobo) filter (where lt.credit_account_id = w.id), 0)
                   as to_wallet,
                 coalesce(sum(amount_kobo) filter (where lt.debit_account_id = w.id), 0)
                   as from_wallet
          from ledger_transfers lt where lt.transaction_id = oa.result_transaction_id
        ) x
        where oa.action = 'reverse'
          and (${within(sql`oa.transaction_id`)} or ${within(sql`oa.result_transaction_id`)})
          and not (
          p.state = 'delivered' and r.id is not null and r.user_id = p.user_id
          and r.type = 'credit' and r.service_type = 'reversal' and r.status = 'success'
          and r.amount_kobo = p.selling_kobo and x.moves >= 1 and x.all_reversal
          and x.to_wallet = p.selling_kobo and x.from_wallet = 0
        )`,
);
check(
  'every order_reversal transfer and reversal row belongs to a reverse action',
  'local',
  ({ within }) =>
    sql`select lt.id, lt.transaction_id, lt.code from ledger_transfers lt
        where lt.code = 'order_reversal' and ${within(sql`lt.transaction_id`)}
          and not exists (select 1 from order_actions oa where oa.action = 'reverse'
                          and oa.result_transaction_id = lt.transaction_id)
        union all
        select t.id, t.id, t.service_type from transactions t
        where t.service_type = 'reversal' and ${within(sql`t.id`)}
          and not exists (select 1 from order_actions oa where oa.action = 'reverse'
                          and oa.result_transaction_id = t.id)`,
);
// end admin Reverse

const UNSCOPED = { within: () => sql`true`, scoped: () => sql`true`, isScoped: false };

async function run(db: DbOrTx, definitions: CheckDefinition[], scope?: LedgerScope) {
  const limits = scope
    ? {
        within: (transactionId: SQL) => sql`${transactionId} in (${scopeTransactions(scope)})`,
        scoped: (condition: SQL) => condition,
        isScoped: true,
      }
    : UNSCOPED;
  const checks: InvariantCheck[] = [];
  for (const { name, query } of definitions) {
    const violations = await rows(db, query(limits));
    checks.push({ name, ok: violations.length === 0, violations: violations.slice(0, 20) });
  }
  return checks;
}

/** Checks of several parts of one audit as one result: a name that fails anywhere fails. */
export function mergeAudits(...parts: InvariantCheck[][]): LedgerAudit {
  const byName = new Map<string, InvariantCheck>();
  for (const c of parts.flat()) {
    const seen = byName.get(c.name);
    byName.set(
      c.name,
      seen
        ? {
            name: c.name,
            ok: seen.ok && c.ok,
            violations: [...seen.violations, ...c.violations].slice(0, 20),
          }
        : c,
    );
  }
  const checks = [...byName.values()];
  return { ok: checks.every((c) => c.ok), checks };
}

/**
 * The ledger's invariants, read from the database alone (tests run it after every case; the CLI's
 * audit-ledger --full prints it). Each query returns the rows that break a rule, so an empty
 * result is a pass. The scheduled audit and the CLI run it in one repeatable-read snapshot: money
 * keeps moving, and reads from different moments could show a balance and its transfers out of
 * step.
 */
export async function auditLedger(db: DbOrTx): Promise<LedgerAudit> {
  return mergeAudits(await run(db, CHECKS));
}

/** The row-by-row checks, for the rows the transfers of `scope` belong to. */
export function auditLedgerScope(db: DbOrTx, scope: LedgerScope): Promise<InvariantCheck[]> {
  return run(
    db,
    CHECKS.filter((c) => c.kind === 'local'),
    scope,
  );
}

/** The checks over whole tables that are not the journal (the sum over accounts and the like). */
export function auditLedgerTotals(db: DbOrTx): Promise<InvariantCheck[]> {
  return run(
    db,
    CHECKS.filter((c) => c.kind === 'total'),
  );
}

/** The name of the balance check, which the incremental audit reports under the same name. */
export const BALANCE_CHECK = 'every balance equals the sum of its transfers';
