import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { findMigrationsFolder } from './migrations-folder';
import { migratePostgresLocked } from './migrate-postgres';

export type Schema = typeof schema;
/** Both drivers give the same query builder; services and repositories see only this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either a Db or a Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

const migrationsFolder = findMigrationsFolder(import.meta.url);

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Runs the forward-only migrations; idempotent. */
  migrate(): Promise<void>;
  /** True when the database answers and every migration has been applied. */
  isReady(): Promise<boolean>;
  /** PostgreSQL pool counts for the metrics (PGlite has no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
  /** Directory for the embedded database; undefined means in memory (tests). */
  pgliteDir?: string;
  /** Told when an idle PostgreSQL connection breaks (the server restarted or cut it). */
  onConnectionError?: (error: Error) => void;
}

export function openDatabase(options: DatabaseOptions): Database {
  let migrated = false;
  const isReady = async (db: Db) => {
    if (!migrated) return false;
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };

  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // A dropped idle connection must not crash the process (an 'error' event nobody handles
    // does); the pool discards it and opens a fresh one when next needed.
    pool.on('error', (error) => options.onConnectionError?.(error));
    // A connection that breaks while checked out (inside a transaction) emits 'error' on its
    // client, which the pool only listens to while the client is idle: unhandled, it would crash
    // the process. The query in flight fails with the error anyway (the request answers 503) and
    // the pool discards the broken client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several nodes may start at once on one database: they take turns (decision 0022).
        await migratePostgresLocked(pool, migrationsFolder);
        migrated = true;
      },
      isReady: () => isReady(db),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }

  let release = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    release = acquireDataDirLock(options.pgliteDir);
  }
  // pg_trgm gives the history search its trigram index here too (migration 0015); extensions are
  // loaded when the database is created or opened, not later. One options object: PGlite drops
  // the second argument when the first (the directory) is undefined, as in the tests.
  const client = new PGlite({ dataDir: options.pgliteDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      // One process only (the data directory's lock): nothing to take turns with.
      await migratePglite(db as never, { migrationsFolder });
      migrated = true;
    },
    isReady: () => isReady(db),
    async close() {
      await client.close();
      release();
    },
  };
}
