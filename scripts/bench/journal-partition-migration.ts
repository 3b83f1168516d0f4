/**
 * How long migration 0031 (the journal partitioned by month, decision 0085) holds the journal
 * locked on a database that has one: a new database migrated to 0029, ROWS transfers written
 * (one a minute back in time), then the remaining migrations timed. With PREBUILT=1 the new key's
 * index is built first, CONCURRENTLY, as the README tells an operator to. Not a test: it asserts
 * nothing. The database named by DATABASE_URL must be new and empty.
 *
 *   DATABASE_URL=postgres://…/new_db ROWS=2000000 PREBUILT=0|1 \
 *     npx tsx scripts/bench/journal-partition-migration.ts
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { findMigrationsFolder } from '../../apps/api/src/db/migrations-folder';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a new, empty PostgreSQL database');
const rows = Number(process.env.ROWS ?? 200_000);
const prebuilt = process.env.PREBUILT === '1';

// The migrations folder as it stood at 0029.
const folder = mkdtempSync(path.join(tmpdir(), 'owo-migrations-'));
cpSync(
  findMigrationsFolder(new URL('../../apps/api/src/db/client.ts', import.meta.url).href),
  folder,
  {
    recursive: true,
  },
);
const journalFile = path.join(folder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
journal.entries = journal.entries.filter((e) => Number(e.tag.slice(0, 4)) <= 29);
writeFileSync(journalFile, JSON.stringify(journal));

const client = new pg.Client({ connectionString: url });
await client.connect();
await migrate(drizzle({ client }), { migrationsFolder: folder });
rmSync(folder, { recursive: true, force: true });
await client.query(`
  insert into users (email) values ('journal-bench@example.com');
  insert into ledger_accounts (kind, user_id) select 'user_wallet', id from users;
  insert into transactions (user_id, type, service_type, amount_kobo, status, reference)
    select (select id from users), 'credit', 'deposit', 100, 'success', 'JB-' || g
      from generate_series(1, 2000) g;`);
let started = Date.now();
await client.query(
  `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_kobo, code,
                                 transaction_id, created_at)
   select gen_random_uuid(), (select id from ledger_accounts where code = 'adjustments'),
          (select id from ledger_accounts where kind = 'user_wallet'), 100, 'operator_credit',
          (select id from transactions where reference = 'JB-' || (1 + g % 2000)),
          now() - make_interval(secs => g * 60)
     from generate_series(1, $1::int) g`,
  [rows],
);
await client.query('vacuum analyze ledger_transfers');
console.log(`${rows} transfers written in ${Date.now() - started} ms`);
if (prebuilt) {
  started = Date.now();
  await client.query(
    `create unique index concurrently ledger_transfers_history_id_created_at_key
       on ledger_transfers (id, created_at)`,
  );
  console.log(`key index built CONCURRENTLY (writes go on) in ${Date.now() - started} ms`);
}
const size = await client.query<{ size: string }>(
  `select pg_size_pretty(pg_total_relation_size('ledger_transfers')) as size`,
);
console.log(`journal with its indexes: ${size.rows[0]?.size}`);
await client.end();

const database = openDatabase({ databaseUrl: url });
started = Date.now();
await database.migrate();
console.log(
  `migrations 0030+ and the function files: ${Date.now() - started} ms (prebuilt index: ${prebuilt})`,
);
await database.close();
