import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * A database function called through a named prepared statement: each connection parses,
 * analyses and plans `select fn(...)` once instead of on every call (PL/pgSQL already keeps the
 * plans of the function's own statements). For the hot paths, whose calls are otherwise the
 * same text with new values every time (decision 0040). `args` builds the argument list from
 * placeholders, with the casts that give each its type.
 *
 * The answer is the function's jsonb as a value: node-postgres and PGlite both parse jsonb, and
 * a text answer is parsed the same way.
 */
export function preparedCall<Params extends Record<string, unknown>>(
  name: string,
  args: (param: (key: keyof Params & string) => Placeholder) => SQL,
) {
  const prepare = (db: DbOrTx) =>
    db
      .select({ r: sql<unknown>`${sql.identifier(name)}(${args((key) => sql.placeholder(key))})` })
      // The query builder wants a FROM; one constant row costs nothing.
      .from(sql`(values (1)) as one_row (x)`)
      .prepare(name);
  const byHandle = new WeakMap<DbOrTx, ReturnType<typeof prepare>>();

  return async function call(db: DbOrTx, params: Params): Promise<unknown> {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byHandle.set(db, prepared);
    }
    const [row] = await prepared.execute(params);
    const value = row?.r;
    return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  };
}
