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

async function rows(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * The ledger's invariants, read from the database alone (tests run it after every case; the CLI's
 * audit-ledger prints it). Each query returns the rows that break a rule, so an empty result is a
 * pass. Read in one repeatable-read snapshot would be ideal; the checks are run when no money is
 * moving (tests, operator audits), so plain reads suffice.
 */
export async function auditLedger(db: DbOrTx): Promise<LedgerAudit> {
  const checks: InvariantCheck[] = [];
  const check = async (name: string, query: SQL) => {
    const violations = await rows(db, query);
    checks.push({ name, ok: violations.length === 0, violations: violations.slice(0, 20) });
  };

  await check(
    'the sum over all accounts is zero',
    sql`select sum(balance_kobo)::text as total from ledger_accounts
        having coalesce(sum(balance_kobo), 0) <> 0`,
  );
  await check(
    'every balance equals the sum of its transfers',
    sql`select a.id, a.code, a.kind, a.balance_kobo::text as balance,
               (coalesce(c.total, 0) - coalesce(d.total, 0))::text as journal
        from ledger_accounts a
        left join (select credit_account_id as id, sum(amount_kobo) as total
                   from ledger_transfers group by credit_account_id) c on c.id = a.id
        left join (select debit_account_id as id, sum(amount_kobo) as total
                   from ledger_transfers group by debit_account_id) d on d.id = a.id
        where a.balance_kobo <> coalesce(c.total, 0) - coalesce(d.total, 0)`,
  );
  await check(
    'no wallet is below zero',
    sql`select id, user_id, balance_kobo::text as balance from ledger_accounts
        where kind = 'user_wallet' and balance_kobo < 0`,
  );
  await check(
    'every purchase has exactly one terminal outcome',
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
        where not (
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
  await check(
    'money in flight equals the open purchases',
    sql`select f.total::text as in_flight, coalesce(o.total, 0)::text as open_purchases
        from (select coalesce(sum(balance_kobo), 0) as total from ledger_accounts
              where kind = 'in_flight') f
        cross join (select sum(selling_kobo) as total from purchases
                    where state in ('processing', 'pending')) o
        where f.total <> coalesce(o.total, 0)`,
  );
  return { ok: checks.every((c) => c.ok), checks };
}
