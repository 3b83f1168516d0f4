import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { preparedCall } from '../src/db/prepared-call';

// One connection, so the statement this file prepares is on the connection it then inspects.
const adminUrl = process.env.DATABASE_URL;
const database = openDatabase(adminUrl ? { databaseUrl: adminUrl, poolMax: 1 } : {});
afterAll(() => database.close());

const build = preparedCall<{ key: string; value: number }>(
  'jsonb_build_object',
  (p) => sql`${p('key')}::text, ${p('value')}::integer`,
);

describe('preparedCall', () => {
  it('answers each call with its own values, the jsonb parsed', async () => {
    expect(await build(database.db, { key: 'a', value: 1 })).toEqual({ a: 1 });
    expect(await build(database.db, { key: 'b', value: 2 })).toEqual({ b: 2 });
  });

  it.skipIf(!adminUrl)('is a named prepared statement on the connection', async () => {
    await build(database.db, { key: 'c', value: 3 });
    const result = (await database.db.execute(
      sql`select name from pg_prepared_statements where name = 'jsonb_build_object'`,
    )) as unknown as { rows: { name: string }[] };
    expect(result.rows).toEqual([{ name: 'jsonb_build_object' }]);
  });
});
