import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { findMigrationsFolder } from '../src/db/migrations-folder';
import { runIncrementalAudit } from '../src/ledger/incremental-audit';
import { auditLedger } from '../src/ledger/invariants';
import { partitionMaintenancePass } from '../src/jobs/partition-maintenance';
import { freshDatabase, type TestDatabase } from './harness';

/**
 * The journal's move to a partitioned table (migration 0031, decision 0085) on a database that
 * was in use: migrated to 0029, with wallets funded over two years of transfers and the
 * incremental audit's checkpoint set, then migrated forward. Every transfer, balance and audit
 * figure must come through as it was, and new transfers must land in the partition of their
 * month. On PostgreSQL with pg_partman the months ahead are pg_partman's; on PGlite a DEFAULT
 * partition takes them.
 */

const LAST_BEFORE = 29;
const USERS = 6;
let test: TestDatabase;
let db: Db;
let folder: string;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The migrations folder as it stood at 0029: the same files, the journal cut there. */
function foldersUpTo(last: number): string {
  const source = findMigrationsFolder(import.meta.url);
  const dir = mkdtempSync(path.join(tmpdir(), 'owo-migrations-'));
  cpSync(source, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => Number(e.tag.slice(0, 4)) <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** A fingerprint of every transfer, so "the same rows" is checked, not only their count. */
const journalDigest = async () =>
  (
    await rows<{ n: number; digest: string; total: string }>(
      sql`select count(*)::int as n, sum(amount_kobo)::text as total,
                 md5(coalesce(string_agg(concat_ws('|', id, debit_account_id, credit_account_id,
                   amount_kobo, code, transaction_id, created_at), ',' order by id), '')) as digest
            from ledger_transfers`,
    )
  )[0]!;
const balances = () =>
  rows<{ id: string; balance: string }>(
    sql`select id::text, balance_kobo::text as balance from ledger_accounts order by id`,
  );
const partitionOf = async (id: string) =>
  (
    await rows<{ partition: string }>(
      sql`select tableoid::regclass::text as partition from ledger_transfers where id = ${id}::uuid`,
    )
  )[0]?.partition;

beforeAll(async () => {
  test = await freshDatabase();
  db = test.database.db;
  folder = foldersUpTo(LAST_BEFORE);
  if (test.database.kind === 'postgres') {
    await migrateNodePg(db as never, { migrationsFolder: folder });
  } else {
    // The suite's PGlite snapshot is already migrated: this file needs one at 0029, so it drops
    // the schema and starts again from an empty one.
    await db.execute(sql`drop schema public cascade`);
    await db.execute(sql`drop schema if exists drizzle cascade`);
    await db.execute(sql`create schema public`);
    await migratePglite(db as never, { migrationsFolder: folder });
  }

  // Wallets funded by the adjustments account, one credit a month for two years, dated in the
  // past as an old database's would be; balances kept equal to the transfers' sums.
  const adjustments = (
    await rows<{ id: string }>(sql`select id::text from ledger_accounts where code = 'adjustments'`)
  )[0]!.id;
  for (let u = 0; u < USERS; u++) {
    const user = (
      await rows<{ id: string }>(
        sql`insert into users (email) values (${`part-${u}-${Date.now()}@example.com`}) returning id::text`,
      )
    )[0]!.id;
    const wallet = (
      await rows<{ id: string }>(
        sql`insert into ledger_accounts (kind, user_id) values ('user_wallet', ${user}::uuid)
            returning id::text`,
      )
    )[0]!.id;
    await db.execute(sql`
      with months as (
        select m, now() - make_interval(months => m, hours => ${u}) as at,
               (100 + m * 7 + ${u}) * 100 as kobo
          from generate_series(1, 24) m
      ), tx as (
        insert into transactions (user_id, type, service_type, amount_kobo, status, reference,
                                  description, created_at, updated_at)
        select ${user}::uuid, 'credit', 'deposit', kobo, 'success',
               'PART-' || ${u} || '-' || m, 'Operator credit', at, at
          from months
        returning id, amount_kobo, created_at
      )
      insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo, code,
                                    transaction_id, created_at)
      select gen_random_uuid(), ${adjustments}::uuid, ${wallet}::uuid, amount_kobo,
             'operator_credit', id, created_at
        from tx`);
    await db.execute(sql`
      update ledger_accounts a set balance_kobo = a.balance_kobo + s.delta
        from (select account_id, sum(delta) as delta from (
                select credit_account_id as account_id, amount_kobo as delta
                  from ledger_transfers
                 where credit_account_id = ${wallet}::uuid
                union all
                select debit_account_id, -amount_kobo from ledger_transfers
                 where credit_account_id = ${wallet}::uuid) m
              group by account_id) s
       where a.id = s.account_id`);
  }
}, 120_000);

afterAll(async () => {
  await test?.database.close();
  await test?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the journal partitioned on a database in use (migration 0031)', () => {
  it('keeps every transfer, balance and the audit checkpoint, and audits clean after', async () => {
    const audited = await auditLedger(db);
    expect(audited.checks.filter((c) => !c.ok)).toEqual([]);
    const first = await runIncrementalAudit(test.database, {
      lagMs: 0,
      lapSliceRows: 50,
      accountSliceRows: 1_000,
    });
    expect(first.skipped).toBe(false);
    const before = await journalDigest();
    expect(before.n).toBe(USERS * 24);
    const balancesBefore = await balances();
    const checkpointBefore = await rows<{ checkedTo: string }>(
      sql`select checked_to::text as "checkedTo" from ledger_audit_checkpoints where name = 'ledger'`,
    );
    expect(checkpointBefore[0]?.checkedTo).toBeTruthy();

    // The operator's step for a big journal: the new key's index built beforehand (CONCURRENTLY
    // in production); the migration must use it, not build another.
    await db.execute(
      sql`create unique index ledger_transfers_history_id_created_at_key
            on ledger_transfers (id, created_at)`,
    );
    const prebuilt = await rows<{ oid: number }>(
      sql`select oid::int from pg_class where relname = 'ledger_transfers_history_id_created_at_key'`,
    );

    await test.database.migrate();

    const keyIndex = await rows<{ oid: number }>(
      sql`select c.conindid::int as oid from pg_constraint c
            join pg_class t on t.oid = c.conrelid
           where t.relname like 'ledger_transfers_before_p%' and c.contype = 'p'`,
    );
    expect(keyIndex).toEqual(prebuilt);
    const kind = await rows<{ kind: string }>(
      sql`select relkind::text as kind from pg_class where relname = 'ledger_transfers'`,
    );
    expect(kind[0]?.kind).toBe('p');
    expect(await journalDigest()).toEqual(before);
    expect(await balances()).toEqual(balancesBefore);
    expect(
      await rows<{ checkedTo: string }>(
        sql`select checked_to::text as "checkedTo" from ledger_audit_checkpoints where name = 'ledger'`,
      ),
    ).toEqual(checkpointBefore);
    // Every old transfer is in the one partition the old table became.
    const homes = await rows<{ partition: string; n: number }>(
      sql`select tableoid::regclass::text as partition, count(*)::int as n
            from ledger_transfers group by 1`,
    );
    expect(homes).toHaveLength(1);
    expect(homes[0]!.partition).toMatch(/^ledger_transfers_before_p\d{4}_\d{2}$/);
    expect(homes[0]!.n).toBe(before.n);

    // The incremental audit goes on from its checkpoint, and a full audit still holds.
    const next = await runIncrementalAudit(test.database, {
      lagMs: 0,
      lapSliceRows: 50,
      accountSliceRows: 1_000,
    });
    if (next.skipped) throw new Error('the pass was skipped');
    expect(next.audit.checks.filter((c) => !c.ok)).toEqual([]);
    expect((await auditLedger(db)).checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('writes new transfers through the functions into the partition of their month', async () => {
    const { wallet, adjustments } = (
      await rows<{ wallet: string; adjustments: string }>(
        sql`select (select id::text from ledger_accounts where kind = 'user_wallet' limit 1) as wallet,
                   (select id::text from ledger_accounts where code = 'adjustments') as adjustments`,
      )
    )[0]!;
    const tx = (
      await rows<{ id: string }>(
        sql`insert into transactions (user_id, type, service_type, amount_kobo, status, reference)
            select user_id, 'credit', 'deposit', 500, 'success', 'PART-NEW'
              from ledger_accounts where id = ${wallet}::uuid
            returning id::text`,
      )
    )[0]!.id;
    await db.execute(
      sql`select owo_ledger_apply(${JSON.stringify([
        {
          debit: adjustments,
          credit: wallet,
          amount_kobo: 500,
          code: 'operator_credit',
          transaction: tx,
        },
      ])}::jsonb)`,
    );
    const now = (
      await rows<{ id: string }>(
        sql`select id::text from ledger_transfers where transaction_id = ${tx}::uuid`,
      )
    )[0]!.id;
    // This month is still the old table's (it holds everything before next month).
    expect(await partitionOf(now)).toMatch(/^ledger_transfers_before_p\d{4}_\d{2}$/);

    // A transfer dated two months on lands in that month's partition where pg_partman premade
    // it, in the DEFAULT partition where there is none (PGlite, or no pg_partman).
    const later = (
      await rows<{ id: string }>(
        sql`insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo,
                                          code, transaction_id, created_at)
            values (gen_random_uuid(), ${adjustments}::uuid, ${wallet}::uuid, 1, 'operator_credit',
                    ${tx}::uuid, date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
                                   + interval '2 months 1 day')
            returning id::text`,
      )
    )[0]!.id;
    const partman = await rows<{ schema: string }>(
      sql`select n.nspname as schema from pg_extension e
            join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_partman'`,
    );
    const month = (
      await rows<{ suffix: string }>(
        sql`select to_char((now() at time zone 'UTC') + interval '2 months', 'YYYY_MM') as suffix`,
      )
    )[0]!.suffix;
    expect(await partitionOf(later)).toBe(
      partman.length > 0 ? `ledger_transfers_p${month}` : 'ledger_transfers_default',
    );
    // Undo the hand-made row (the audit would rightly call the balance wrong).
    await db.execute(sql`delete from ledger_transfers where id = ${later}::uuid`);
    expect((await auditLedger(db)).checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('premakes the months ahead from the job runner where pg_partman manages the table', async () => {
    const partman = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_extension where extname = 'pg_partman'`,
    );
    if (partman[0]!.n === 0) {
      expect(await partitionMaintenancePass(test.database)).toEqual({
        partman: false,
        managed: [],
        defaultRows: 0,
      });
      return;
    }
    // The furthest month ahead (four from this one) is dropped, as if time had moved on; the
    // pass must make it again.
    const ahead = `ledger_transfers_p${
      (
        await rows<{ suffix: string }>(
          sql`select to_char((now() at time zone 'UTC') + interval '4 months', 'YYYY_MM') as suffix`,
        )
      )[0]!.suffix
    }`;
    const exists = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from pg_class where relname = ${ahead}`,
        )
      )[0]!.n;
    await db.execute(sql`drop table ${sql.identifier(ahead)}`);
    expect(await exists()).toBe(0);

    const report = await partitionMaintenancePass(test.database);
    expect(report).toEqual({
      partman: true,
      managed: ['public.ledger_transfers'],
      defaultRows: 0,
    });
    expect(await exists()).toBe(1);
  });
});
