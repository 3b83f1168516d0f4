import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIncrementalAudit, type IncrementalAuditOptions } from '../src/ledger/incremental-audit';
import { auditLedger, BALANCE_CHECK } from '../src/ledger/invariants';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import { createTestApp, customer, fund, type TestApp } from './harness';

/**
 * The incremental ledger audit (decision 0076): each pass checks the transfers since its
 * checkpoint, a slice of accounts and a slice of old history (the lap), and keeps nothing when it
 * fails. Small slices here, so a lap spans several passes.
 */

const OPTIONS: IncrementalAuditOptions = { lagMs: 0, lapSliceRows: 3, accountSliceRows: 1_000 };
let t: TestApp;
const pass = () => runIncrementalAudit(t.deps.database, OPTIONS);

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await t.deps.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}
const checkpoint = () =>
  one<{ checkedTo: string | null; lapCursorAt: string | null }>(
    sql`select checked_to::text as "checkedTo", lap_cursor_at::text as "lapCursorAt"
        from ledger_audit_checkpoints where name = 'ledger'`,
  );
const transferCount = async () =>
  (await one<{ n: number }>(sql`select count(*)::int as n from ledger_transfers`)).n;
/** The newest transfer (an operator credit, for the funding below). */
const newest = async () =>
  (
    await one<{ id: string }>(
      sql`select id::text as id from ledger_transfers order by created_at desc, id desc limit 1`,
    )
  ).id;
const shift = (id: string, kobo: number) =>
  t.deps.database.db.execute(
    sql`update ledger_transfers set amount_kobo = amount_kobo + ${kobo} where id = ${id}::uuid`,
  );
function failed(result: Awaited<ReturnType<typeof pass>>): string[] {
  if (result.skipped) throw new Error('the pass was skipped');
  return result.audit.checks.filter((c) => !c.ok).map((c) => c.name);
}
/** Passes until one ends a lap (a fresh lap starts with the next pass). */
async function toLapEnd() {
  for (let i = 0; i < 100; i++) {
    const result = await pass();
    if (!result.skipped && result.lapEnded) return;
  }
  throw new Error('no lap ended in 100 passes');
}

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 10; i++) await customer(t, 1_000 + i);
});
afterAll(async () => {
  await t?.close();
});

describe('the incremental ledger audit', () => {
  it('starts with a full pass, then reads only what is new and one bounded slice', async () => {
    expect((await checkpoint()).checkedTo).toBeNull();
    const first = await pass();
    expect(first).toMatchObject({ skipped: false, mode: 'full', newTransfers: 10 });
    expect(failed(first)).toEqual([]);
    const after = (await checkpoint()).checkedTo;
    expect(after).not.toBeNull();

    const second = await pass();
    expect(second).toMatchObject({ skipped: false, mode: 'incremental', newTransfers: 0 });
    if (second.skipped) return;
    expect(second.lapTransfers).toBeLessThanOrEqual(OPTIONS.lapSliceRows);
    expect(failed(second)).toEqual([]);

    await fund(t, (await customer(t)).id, 50);
    const third = await pass();
    expect(third).toMatchObject({ skipped: false, newTransfers: 1 });
    expect(failed(third)).toEqual([]);
    expect(new Date((await checkpoint()).checkedTo!).getTime()).toBeGreaterThan(
      new Date(after!).getTime(),
    );
  });

  it('finds a tampered new transfer, holds its checkpoint while it fails, and moves on once right', async () => {
    // A lap just begun has passes to go: what fails below is the check of the new transfers.
    await toLapEnd();
    const user = await customer(t, 20);
    const id = await newest();
    await shift(id, 100);
    const before = await checkpoint();

    const result = await pass();
    expect(failed(result)).toEqual([BALANCE_CHECK]);
    expect(result).toMatchObject({ newTransfers: 1, lapEnded: false });
    expect((await checkpoint()).checkedTo).toBe(before.checkedTo);
    // Still failing, still the same window: the alert it raised has no reason to clear.
    const again = await pass();
    expect(failed(again)).toEqual([BALANCE_CHECK]);
    expect(again).toMatchObject({ newTransfers: 1, lapEnded: false });

    await shift(id, -100);
    expect(failed(await pass())).toEqual([]);
    expect((await checkpoint()).checkedTo).not.toBe(before.checkedTo);

    // A row-by-row invariant, on the new rows alone: a wallet move with no wallet transfer.
    await fund(t, user.id, 5);
    const relabelled = await newest();
    await t.deps.database.db.execute(
      sql`update ledger_transfers set code = 'wallet_transfer' where id = ${relabelled}::uuid`,
    );
    expect(failed(await pass())).toEqual([
      'every wallet_transfer ledger move belongs to a wallet transfer',
    ]);
    await t.deps.database.db.execute(
      sql`update ledger_transfers set code = 'operator_credit' where id = ${relabelled}::uuid`,
    );
    expect(failed(await pass())).toEqual([]);
  });

  it('checks the running outflow of the days the new rows fall on, and of no other day', async () => {
    const OUTFLOW = "each day's running outflow equals the day's counted debits";
    await toLapEnd();
    // A new customer's funding is a new row today: today's running total is in scope.
    const user = await customer(t, 30);
    await t.deps.database.db.execute(
      sql`insert into daily_outflows (user_id, day, total_kobo) values
            (${user.id}::uuid, owo_lagos_day(now()), 500),
            (${user.id}::uuid, owo_lagos_day(now()) - 10, 300)`,
    );
    const today = (await one<{ day: string }>(sql`select owo_lagos_day(now())::text as day`)).day;
    const result = await pass();
    expect(failed(result)).toEqual([OUTFLOW]);
    if (result.skipped) return;
    // The day ten days ago has no row of this customer's: no pass's scope reaches it.
    expect(result.audit.checks.find((c) => c.name === OUTFLOW)?.violations).toEqual([
      { user_id: user.id, day: today, rows_total: '0', running: '500' },
    ]);
    const full = await auditLedger(t.deps.database.db);
    expect(full.checks.find((c) => c.name === OUTFLOW)?.violations).toHaveLength(2);

    await t.deps.database.db.execute(
      sql`delete from daily_outflows where user_id = ${user.id}::uuid`,
    );
    expect(failed(await pass())).toEqual([]);
    expect((await auditLedger(t.deps.database.db)).ok).toBe(true);
  });

  it('finds a tampered old transfer within one lap after the change', async () => {
    await toLapEnd();
    const oldest = (
      await one<{ id: string }>(
        sql`select id::text as id from ledger_transfers order by created_at, id limit 1`,
      )
    ).id;
    await shift(oldest, 7);
    // The balances and the checked journals still agree, so only the lap can see it.
    // A lap of n transfers ends on the pass whose slice is short: floor(n / slice) + 1.
    const lapPasses = Math.floor((await transferCount()) / OPTIONS.lapSliceRows) + 1;
    let found = 0;
    for (let i = 1; i <= lapPasses && found === 0; i++) {
      const result = await pass();
      if (failed(result).length > 0) {
        expect(failed(result)).toEqual([BALANCE_CHECK]);
        found = i;
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(found).toBe(lapPasses);
    // Mended: the failure stands until a lap (begun afresh) ends clean.
    await shift(oldest, -7);
    for (let i = 1; i < lapPasses; i++) {
      const standing = await pass();
      expect(standing).toMatchObject({ lapEnded: false });
      expect(failed(standing)).toEqual([BALANCE_CHECK]);
    }
    const clean = await pass();
    expect(clean).toMatchObject({ lapEnded: true });
    expect(failed(clean)).toEqual([]);
    expect(failed(await pass())).toEqual([]);
  });

  it('two passes at once check each new transfer once: no range read twice, none skipped', async () => {
    await pass();
    for (let i = 0; i < 3; i++) await fund(t, (await customer(t)).id, 10 + i);
    const results = await Promise.all([pass(), pass()]);
    const ran = results.filter((r) => !r.skipped);
    expect(ran.length).toBeGreaterThan(0);
    for (const r of ran) expect(failed(r)).toEqual([]);
    expect(ran.reduce((sum, r) => sum + (r.skipped ? 0 : r.newTransfers), 0)).toBe(3);
    // The checked journals are exactly the transfers up to the checkpoint.
    const drift = await one<{ n: number }>(
      sql`with cp as (select checked_to from ledger_audit_checkpoints where name = 'ledger'),
          sums as (
            select account_id, sum(delta) as total from (
              select credit_account_id as account_id, amount_kobo as delta
                from ledger_transfers, cp where created_at <= cp.checked_to
              union all
              select debit_account_id, -amount_kobo from ledger_transfers, cp
                where created_at <= cp.checked_to
            ) m group by account_id
          )
          select count(*)::int as n from ledger_accounts a
          left join ledger_audit_sums s on s.account_id = a.id
          left join sums on sums.account_id = a.id
          where coalesce(s.journal_kobo, 0) <> coalesce(sums.total, 0)`,
    );
    expect(drift.n).toBe(0);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL: skips while another pass holds the checkpoint, and never passes a transaction still open',
    async () => {
      await pass();
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`select 1 from ledger_audit_checkpoints for update`);
        expect(await pass()).toEqual({ skipped: true });
        await other.query('rollback');

        // A transaction that began before the pass and commits after it: its transfer's
        // created_at is older than the pass, and the next pass must still read it.
        const wallet = await one<{ id: string; adjustments: string; tx: string }>(
          sql`select w.id::text as id,
                     (select id::text from ledger_accounts where code = 'adjustments') as adjustments,
                     (select transaction_id::text from ledger_transfers
                      where credit_account_id = w.id limit 1) as tx
              from ledger_accounts w
              where w.kind = 'user_wallet'
                and exists (select 1 from ledger_transfers where credit_account_id = w.id)
              limit 1`,
        );
        await other.query('begin');
        await other.query('select now()');
        const during = await pass();
        expect(during).toMatchObject({ skipped: false, newTransfers: 0 });
        await other.query(`select owo_ledger_apply($1::jsonb)`, [
          JSON.stringify([
            {
              debit: wallet.adjustments,
              credit: wallet.id,
              amount_kobo: 1,
              code: 'operator_credit',
              transaction: wallet.tx,
            },
          ]),
        ]);
        await other.query(
          `update ledger_transfers set amount_kobo = 2
           where id = (select id from ledger_transfers order by created_at desc limit 1)`,
        );
        await other.query('commit');
        const late = await pass();
        expect(late).toMatchObject({ skipped: false, newTransfers: 1 });
        expect(failed(late)).toEqual([BALANCE_CHECK]);
        await t.deps.database.db.execute(
          sql`update ledger_transfers set amount_kobo = 1
              where id = (select id from ledger_transfers order by created_at desc limit 1)`,
        );
        expect(failed(await pass())).toEqual([]);
      } finally {
        await other.end();
      }
    },
  );
});

describe('audit-ledger from the CLI', () => {
  const ledgerAlert = async () =>
    (
      await one<{ n: number }>(
        sql`select count(*)::int as n from alert_incidents
            where kind = 'ledger_audit' and cleared_at is null`,
      )
    ).n;
  const skew = (kobo: number) =>
    t.deps.database.db.execute(
      sql`update ledger_accounts set balance_kobo = balance_kobo + ${kobo}
          where id = (select id from ledger_accounts where kind = 'user_wallet' order by id limit 1)`,
    );

  it('--full checks all history and opens, then clears, the admins’ ledger alert', async () => {
    const commands = createAdminCommands(t.deps);
    expect(await ledgerAlert()).toBe(0);
    await skew(1);
    const broken = await commands.auditLedger({ full: true });
    expect(broken.ok).toBe(false);
    expect(broken.report).toContain(`FAIL ${BALANCE_CHECK}`);
    expect(broken.report).toContain('FAIL the sum over all accounts is zero');
    expect(broken.report).toContain('Checked all history.');
    expect(await ledgerAlert()).toBe(1);
    expect((await auditLedger(t.deps.database.db)).ok).toBe(false);

    await skew(-1);
    const mended = await commands.auditLedger({ full: true });
    expect(mended.ok).toBe(true);
    expect(await ledgerAlert()).toBe(0);
  });

  it('plain audit-ledger runs one incremental pass, and opens and clears the alert too', async () => {
    const commands = createAdminCommands(t.deps);
    await skew(1);
    const broken = await commands.auditLedger();
    expect(broken.ok).toBe(false);
    expect(broken.report).toContain(`FAIL ${BALANCE_CHECK}`);
    expect(await ledgerAlert()).toBe(1);
    await skew(-1);
    const mended = await commands.auditLedger();
    expect(mended.ok).toBe(true);
    expect(mended.report).toMatch(/Checked \d+ new transfers/);
    expect(await ledgerAlert()).toBe(0);
  });
});
