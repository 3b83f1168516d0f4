import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import {
  applyFunctionFileSet,
  type FunctionFile,
  type FunctionFilesOutcome,
} from './function-files';

/**
 * The key of the session-level advisory lock every node takes around its migrations
 * (docs/decisions/0022). Advisory locks are scoped to the database, so this only serialises
 * nodes of the same database; the number is arbitrary but fixed ("owom" in ASCII), and no
 * other code takes it.
 */
export const MIGRATION_LOCK_KEY = 0x6f776f6d;

/**
 * Applies drizzle's migrations, then the database functions' files (decision 0072), while
 * holding the migration lock, on one connection of the pool.
 * Nodes that start together on an empty database would otherwise each see no migrations table,
 * each run the first migration and all but one fail on "relation already exists" (or worse,
 * half-apply a later one). With the lock, the first node migrates and the others wait for it,
 * then read the migrations table and find nothing left to do.
 *
 * There is no timeout on the wait: a long migration on a large table must not make the other
 * nodes give up; they are not ready (/api/ready) until it ends, which is what the balancer sees.
 * The lock belongs to the session, so a node that dies mid-migration releases it with its
 * connection (drizzle runs the migrations in one transaction, rolled back with it).
 */
export async function migratePostgresLocked(
  pool: pg.Pool,
  migrationsFolder: string,
  functionFiles: () => FunctionFile[],
  options: { alwaysApplyFunctions: boolean },
): Promise<FunctionFilesOutcome> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
      return await applyFunctionFiles(client, functionFiles(), options.alwaysApplyFunctions);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    // The connection may still hold the lock (the unlock failed): it must not go back to the
    // pool, where the lock would stay taken for as long as the connection lives.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken ?? false);
  }
}

/**
 * Every function file in one transaction, under the caller's migration lock: two nodes never
 * replace the same function at once (PostgreSQL answers "tuple concurrently updated" to the
 * second), and a file that fails leaves every function as it was. CREATE OR REPLACE makes a
 * second run a no-op in effect. A query without parameters goes as a simple query, so a file may
 * hold its comments around the one statement.
 */
async function applyFunctionFiles(
  client: pg.PoolClient,
  files: FunctionFile[],
  always: boolean,
): Promise<FunctionFilesOutcome> {
  await client.query('begin');
  try {
    const outcome = await applyFunctionFileSet(
      {
        exec: (sql) => client.query(sql),
        query: (sql, params) => client.query(sql, params),
      },
      files,
      always,
    );
    await client.query('commit');
    return outcome;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
