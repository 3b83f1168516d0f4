import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type DbOrTx } from '../../../apps/api/src/db/client';
import { auditLedger, type InvariantCheck } from '../../../apps/api/src/ledger/invariants';

/**
 * The money invariants every reliability test ends on: the ledger's own audit (sum zero, each
 * balance equals its journal, no negative wallet, one outcome per order, in-flight equals the
 * open orders, the swap, transfer and reversal checks) plus the checks only this suite makes
 * (suiteChecks below: the no-negative CHECK in force, idempotency keys, deposits, admin actions,
 * operator credits, no orphan history row, the user-visible history against the ledger).
 */
export async function moneyInvariants(db: DbOrTx): Promise<InvariantCheck[]> {
  const audit = await auditLedger(db);
  return [...audit.checks, ...(await suiteChecks(db))];
}

/** Throws, naming every broken rule and its first offending rows. */
export async function expectMoneyInvariants(db: DbOrTx): Promise<void> {
  const broken = (await moneyInvariants(db)).filter((c) => !c.ok);
  if (broken.length > 0) {
    throw new Error(`money invariants broken:\n${JSON.stringify(broken, null, 2)}`);
  }
}

/** The same, for a database another process wrote (crash and multi-process tests). */
export async function expectMoneyInvariantsAt(databaseUrl: string): Promise<void> {
  const database = openDatabase({ databaseUrl });
  try {
    await expectMoneyInvariants(database.db);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- the suite's own checks

async function rows(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * A history row that moves no wallet by design: the requester's record of an airtime-to-cash
 * payout made to a bank account (docs/decisions/0010: the money left the books for `outside`).
 * The rule is the decision's, not a list of rows; the per-row check below proves such rows
 * really move no wallet, so a wrong rule would show.
 */
const INFORMATIONAL = sql`(t.service_type = 'airtime-to-cash'
  and t.metadata->>'payoutMethod' = 'bank')`;

/** What a history row does to its owner's wallet, as the customer reads it. */
const VISIBLE_EFFECT = sql`(case
  when ${INFORMATIONAL} then 0
  when t.type = 'credit' and t.status = 'success' then t.amount_kobo
  when t.type = 'debit' and t.status in ('success', 'pending') then -t.amount_kobo
  else 0 end)`;

class RollBack extends Error {}

/**
 * "No wallet ever went negative". Replaying each wallet's transfers in id (or created_at) order
 * proves nothing under concurrency: ids are random and neither order is the commit order. The
 * proof is the database's: every balance change is an UPDATE of ledger_accounts (ledger.apply is
 * the only writer), and the CHECK ledger_accounts_wallet_not_negative is evaluated on every such
 * UPDATE, so no committed state ever held a negative wallet. This checks that the constraint is
 * in force: present and validated in the catalogue, and refusing a negative balance in a
 * transaction that is always rolled back (nothing is changed either way).
 */
async function walletConstraintChecks(db: DbOrTx): Promise<InvariantCheck[]> {
  const found = await rows(
    db,
    sql`select conname, convalidated, pg_get_constraintdef(oid) as definition
        from pg_constraint
        where conrelid = 'ledger_accounts'::regclass and contype = 'c'
          and conname = 'ledger_accounts_wallet_not_negative'`,
  );
  const definition = String(found[0]?.definition ?? '');
  const declared =
    found.length === 1 &&
    found[0]?.convalidated === true &&
    /user_wallet/.test(definition) &&
    /balance_kobo\s*>=\s*0/.test(definition);

  let probe: Record<string, unknown> | undefined;
  try {
    await db.transaction(async (tx) => {
      const [wallet] = await rows(
        tx,
        sql`select id from ledger_accounts where kind = 'user_wallet' limit 1`,
      );
      if (wallet) {
        try {
          await tx.execute(
            sql`update ledger_accounts set balance_kobo = -1 where id = ${wallet.id as string}`,
          );
          probe = { wallet: wallet.id, result: 'a negative balance was accepted' };
        } catch (error) {
          const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
          if (!/ledger_accounts_wallet_not_negative/.test(text)) {
            probe = { wallet: wallet.id, result: `refused for another reason: ${text}` };
          }
        }
      }
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return [
    {
      name: 'the no-negative-wallet CHECK constraint is declared and validated',
      ok: declared,
      violations: declared ? [] : [{ found: found.length, definition }],
    },
    {
      name: 'the database refuses a negative wallet balance',
      ok: probe === undefined,
      violations: probe ? [probe] : [],
    },
  ];
}

/** The checks the ledger audit does not make: keys, deposits, orphans, history, admin actions. */
async function suiteChecks(db: DbOrTx): Promise<InvariantCheck[]> {
  const checks = await walletConstraintChecks(db);
  const check = async (name: string, query: SQL) => {
    const violations = await rows(db, query);
    checks.push({ name, ok: violations.length === 0, violations: violations.slice(0, 20) });
  };

  // Idempotency (purchases, betting, services/pay and transfers claim their key in the money
  // transaction, linked to the order's history row).
  await check(
    'no idempotency key moved money twice: each key is one order of its user, started once',
    sql`select k.user_id, k.key, k.transaction_id, t.user_id as owner, x.starts,
               k.response_status, k.response_body->'data'->>'_id' as replied_id
        from idempotency_keys k
        left join transactions t on t.id = k.transaction_id
        cross join lateral (
          select count(*) as starts from ledger_transfers lt
          where lt.transaction_id = k.transaction_id
            and lt.code in ('purchase_reserve', 'wallet_transfer')
        ) x
        where (k.transaction_id is not null and not (t.user_id = k.user_id and x.starts = 1))
           or (k.response_status between 200 and 299 and (k.transaction_id is null
               or k.response_body->'data'->>'_id' is distinct from k.transaction_id::text))`,
  );
  await check(
    'no order is claimed by two idempotency keys',
    sql`select transaction_id, count(*)::int as keys from idempotency_keys
        where transaction_id is not null group by transaction_id having count(*) > 1`,
  );

  // Deposits (PalmPay webhooks and the status check both credit through one path).
  await check(
    'every deposit credit is one move from outside into its owner wallet, recorded by one event',
    sql`select t.id, t.type, t.status, t.amount_kobo::text as amount, x.moves, x.moved::text,
               x.aligned, e.events
        from transactions t
        join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = t.user_id
        cross join lateral (
          select count(*) as moves, coalesce(sum(lt.amount_kobo), 0) as moved,
                 bool_and(lt.code = 'deposit' and lt.credit_account_id = w.id
                          and lt.debit_account_id in (select id from ledger_accounts
                                                      where kind = 'outside')) as aligned
          from ledger_transfers lt where lt.transaction_id = t.id
        ) x
        cross join lateral (
          select count(*) as events from webhook_events e where e.transaction_id = t.id
        ) e
        where t.service_type = 'deposit' and not (t.type = 'credit' and t.status = 'success'
          and x.moves = 1 and x.moved = t.amount_kobo and x.aligned and e.events = 1)`,
  );
  await check(
    'every deposit transfer belongs to a deposit credit row',
    sql`select lt.id, lt.transaction_id from ledger_transfers lt
        where lt.code = 'deposit' and not exists (
          select 1 from transactions t where t.id = lt.transaction_id
            and t.service_type = 'deposit')`,
  );
  await check(
    'a deposit is completed exactly when it names its own credit, for what it says it credited',
    sql`select d.id, d.status, d.transaction_id, d.credited_kobo::text as credited
        from deposits d left join transactions t on t.id = d.transaction_id
        where (d.status = 'completed') <> (d.transaction_id is not null)
           or (d.transaction_id is not null and not (t.user_id = d.user_id
               and t.service_type = 'deposit' and t.amount_kobo = d.credited_kobo))
        union all
        select null, 'credit named by two deposits', transaction_id, count(*)::text
        from deposits where transaction_id is not null
        group by transaction_id having count(*) > 1`,
  );

  // Admin order actions (docs/decisions/0013): refund only ever fails an order, approve only
  // ever delivers one (reverse is the audit's).
  await check(
    'every admin refund left its order failed, every admin approve delivered',
    sql`select oa.transaction_id, oa.action, p.state from order_actions oa
        left join purchases p on p.transaction_id = oa.transaction_id
        where (oa.action = 'refund' and p.state is distinct from 'failed')
           or (oa.action = 'approve' and p.state is distinct from 'delivered')`,
  );
  await check(
    'every operator credit (debit) is one adjustments move into (out of) its owner wallet',
    sql`select t.id, t.type, x.moves, x.moved::text from transactions t
        join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = t.user_id
        cross join lateral (
          select count(*) as moves, coalesce(sum(lt.amount_kobo), 0) as moved,
                 bool_and(case when t.type = 'credit'
                               then lt.code = 'operator_credit' and lt.credit_account_id = w.id
                               else lt.code = 'operator_debit' and lt.debit_account_id = w.id
                          end) as aligned
          from ledger_transfers lt where lt.transaction_id = t.id
        ) x
        where t.service_type = 'adjustment' and not (t.type in ('credit', 'debit')
          and t.status = 'success' and x.moves = 1 and x.moved = t.amount_kobo and x.aligned)`,
  );

  // Every history row is one money event: an order, a side of a transfer, a deposit, a swap
  // payout, a reversal or an operator credit; never none (money from nowhere), never two.
  await check(
    'every history row belongs to exactly one money event',
    sql`select t.id, t.type, t.service_type, o.owners from transactions t
        cross join lateral (
          select (select count(*) from purchases p where p.transaction_id = t.id)
               + (select count(*) from wallet_transfers w
                  where w.debit_transaction_id = t.id or w.credit_transaction_id = t.id)
               + (select count(*) from airtime_swaps s where s.transaction_id = t.id)
               + (select count(*) from order_actions oa where oa.result_transaction_id = t.id)
               + (case when t.service_type in ('deposit', 'adjustment') then 1 else 0 end)
            as owners
        ) o
        where o.owners <> 1`,
  );

  // The user-visible history agrees with the ledger: row by row (each row moves its owner's
  // wallet by what it shows; a transfer's credit row by its debit row's move), and in sum.
  await check(
    "every history row moves its owner's wallet by exactly what it shows",
    sql`select t.id, t.type, t.status, t.service_type, t.amount_kobo::text as amount,
               x.effect::text as wallet_moved
        from transactions t
        join ledger_accounts w on w.kind = 'user_wallet' and w.user_id = t.user_id
        cross join lateral (
          select coalesce(sum(case when m.credit_account_id = w.id then m.amount_kobo
                                   when m.debit_account_id = w.id then -m.amount_kobo
                                   else 0 end), 0) as effect
          from (
            select lt.credit_account_id, lt.debit_account_id, lt.amount_kobo
            from ledger_transfers lt where lt.transaction_id = t.id
            union all
            select lt.credit_account_id, lt.debit_account_id, lt.amount_kobo
            from wallet_transfers wt
            join ledger_transfers lt on lt.transaction_id = wt.debit_transaction_id
            where wt.credit_transaction_id = t.id
          ) m
        ) x
        where x.effect <> ${VISIBLE_EFFECT}`,
  );
  await check(
    'each wallet equals its owner history: successful credits minus successful and pending debits',
    sql`select w.user_id, w.balance_kobo::text as balance, coalesce(h.total, 0)::text as history
        from ledger_accounts w
        left join (select t.user_id, sum(${VISIBLE_EFFECT}) as total
                   from transactions t group by t.user_id) h on h.user_id = w.user_id
        where w.kind = 'user_wallet' and w.balance_kobo <> coalesce(h.total, 0)`,
  );
  return checks;
}
