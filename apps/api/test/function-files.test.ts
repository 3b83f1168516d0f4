import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { digestOfFiles, functionBody, readFunctionFiles } from '../src/db/function-files';
import { freshDatabase, type TestDatabase } from './harness';

/**
 * The database functions kept one file each (apps/api/sql/functions, decision 0072): after a
 * migration, every owo_ function in the database has exactly one file, and its body is the
 * file's, whichever migration first created it.
 */

const folder = path.resolve(fileURLToPath(import.meta.url), '../../sql/functions');
const files = readFunctionFiles(folder);

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
  await test.database.migrate();
});
afterAll(async () => {
  await test?.database.close();
  await test?.drop();
});

interface Proc {
  name: string;
  body: string;
}

async function ourFunctions(database = test.database): Promise<Proc[]> {
  const result = (await database.db.execute(sql`
    select p.proname as name, p.prosrc as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname like 'owo\\_%'
     order by p.proname, p.oid`)) as unknown as { rows: Proc[] };
  return result.rows;
}

describe('the function files', () => {
  it('every owo_ function in the database has exactly one file, and every file one function', async () => {
    const procs = await ourFunctions();
    // One row per name: a file whose argument list changed would leave the old overload behind.
    expect(procs.map((p) => p.name)).toEqual(files.map((f) => f.name));
  });

  it("each function's body in the database is its file's", async () => {
    const procs = new Map((await ourFunctions()).map((p) => [p.name, p.body]));
    for (const file of files) expect(procs.get(file.name), file.name).toBe(functionBody(file));
  });

  it('a second migration is a no-op in effect, and puts back a body changed by hand', async () => {
    await test.database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION owo_lagos_day(at timestamptz)
      RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT at::date $$`),
    );
    await test.database.migrate();
    const procs = new Map((await ourFunctions()).map((p) => [p.name, p.body]));
    for (const file of files) expect(procs.get(file.name), file.name).toBe(functionBody(file));
    expect(procs.size).toBe(files.length);
  });

  it('a node of an older release leaves a newer set in place; the release step applies its own', async () => {
    const db = test.database.db;
    const lagosDay = async () =>
      (await ourFunctions()).find((p) => p.name === 'owo_lagos_day')?.body;
    // A newer release applied its set (a changed owo_lagos_day) after this one's.
    const newer = ' SELECT at::date ';
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION owo_lagos_day(at timestamptz)
      RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$${newer}$$`),
    );
    await db.execute(sql`update function_file_sets set applied_at = now() - interval '1 hour'`);
    await db.execute(sql`insert into function_file_sets (digest) values ('a newer release')`);
    const start = await test.database.migrate();
    if (test.database.kind === 'postgres') {
      expect(start).toBe('superseded');
      expect(await lagosDay()).toBe(newer);
    } else {
      // The embedded database has one process and nothing older beside it: its files apply.
      expect(start).toBe('applied');
    }
    expect(await test.database.migrate({ alwaysApplyFunctions: true })).toBe('applied');
    const lagos = files.find((f) => f.name === 'owo_lagos_day')!;
    expect(await lagosDay()).toBe(functionBody(lagos));
    // This set is the newest again: a plain start applies it.
    const [latest] = (
      (await db.execute(sql`select digest from function_file_sets
                            order by applied_at desc limit 1`)) as unknown as {
        rows: { digest: string }[];
      }
    ).rows;
    expect(latest?.digest).toBe(digestOfFiles(files));
    expect(await test.database.migrate()).toBe('applied');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'nodes starting at once on one PostgreSQL database take turns (the migration lock)',
    async () => {
      const nodes = Array.from({ length: 3 }, () => openDatabase({ databaseUrl: test.url! }));
      try {
        await Promise.all(nodes.map((node) => node.migrate()));
        expect((await ourFunctions(nodes[0])).map((p) => p.name)).toEqual(files.map((f) => f.name));
      } finally {
        await Promise.all(nodes.map((node) => node.close()));
      }
    },
  );
});

describe('reading the function files', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'owo-functions-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const folderWith = (name: string, text: string) => {
    const dir = mkdtempSync(path.join(scratch, 'f-'));
    writeFileSync(path.join(dir, name), text);
    return dir;
  };
  const body = 'RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n';

  it('takes a file holding the one function it is named after, its heading comment aside', () => {
    const dir = folderWith(
      'owo_one.sql',
      `-- CREATE FUNCTION owo_other() in a comment\nCREATE OR REPLACE FUNCTION owo_one() ${body}`,
    );
    const [file] = readFunctionFiles(dir);
    expect(file?.name).toBe('owo_one');
    expect(functionBody(file!)).toBe(' SELECT 1 ');
  });

  it('refuses a file named after another function', () => {
    const dir = folderWith('owo_one.sql', `CREATE OR REPLACE FUNCTION owo_two() ${body}`);
    expect(() => readFunctionFiles(dir)).toThrow(/owo_one\.sql must hold exactly one/);
  });

  it('refuses two functions in one file', () => {
    const dir = folderWith(
      'owo_one.sql',
      `CREATE OR REPLACE FUNCTION owo_one() ${body}CREATE OR REPLACE FUNCTION owo_one(x int) ${body}`,
    );
    expect(() => readFunctionFiles(dir)).toThrow(/exactly one/);
  });

  it('refuses a plain CREATE FUNCTION, which would fail on the second run', () => {
    const dir = folderWith('owo_one.sql', `CREATE FUNCTION owo_one() ${body}`);
    expect(() => readFunctionFiles(dir)).toThrow(/exactly one/);
  });
});
