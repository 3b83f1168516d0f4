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
import {
  applyFunctionFileSet,
  findFunctionsFolder,
  readFunctionFiles,
  type FunctionFilesOutcome,
} from './function-files';
import { migratePostgresLocked } from './migrate-postgres';
import {
  listenOnPglite,
  listenOnPostgres,
  type ChannelHandlers,
  type ChannelListener,
} from './channel-listener';

export type Schema = typeof schema;
/** Both drivers give the same query builder; services and repositories see only this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either a Db or a Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

const migrationsFolder = findMigrationsFolder(import.meta.url);
const functionsFolder = findFunctionsFolder(import.meta.url);
/** Read at each migrate, so a file that is wrong fails the migration, not the import. */
const functionFiles = () => readFunctionFiles(functionsFolder);

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * Runs the forward-only migrations, then the database functions' files (decision 0072);
   * idempotent. On PostgreSQL a node leaves a newer release's functions in place unless
   * `alwaysApplyFunctions` (the release's own `cli migrate`); the answer says which it did.
   */
  migrate(options?: { alwaysApplyFunctions?: boolean }): Promise<FunctionFilesOutcome>;
  /** True when the database answers and every migration has been applied. */
  isReady(): Promise<boolean>;
  /**
   * PostgreSQL only: a handle on a small pool of its own for the background jobs' cross-node
   * locks (jobs/job-runner.ts). A job holds its lock's transaction for the whole pass while the
   * pass works on `db`; on the main pool, passes holding every connection would each wait
   * forever for one more, and the process would stop answering.
   */
  jobLocks?: Db;
  /** PostgreSQL pool counts for the metrics (PGlite has no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * LISTENs on `channel` (live updates, decision 0074): PostgreSQL over a connection of its own,
   * outside the pool, opened again after a loss; PGlite in-process.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelListener>;
  /** PGlite only: its data directory as a tarball (the `pgliteSnapshot` of another). */
  dumpPglite?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
  /** Directory for the embedded database; undefined means in memory (tests). */
  pgliteDir?: string;
  /**
   * An embedded database to start from (a tarball from `dumpPglite`), in memory: the API tests
   * start each database from one that is already migrated instead of running initdb and every
   * migration again.
   */
  pgliteSnapshot?: Blob;
  /** Told when an idle PostgreSQL connection breaks (the server restarted or cut it). */
  onConnectionError?: (error: Error) => void;
}

/** Connections of the job-lock pool: more than the server has jobs, so none waits for another. */
const JOB_LOCK_CONNECTIONS = 8;

/**
 * A request that waits this long for a free connection fails (503 with Retry-After, see
 * connection-errors.ts) rather than queue for ever behind connections that will not come back.
 */
const CONNECT_WAIT_MS = 30_000;

/** First keepalive probe after this much silence (the operating system's default is two hours). */
const KEEPALIVE_AFTER_MS = 10_000;

function openPool(
  connectionString: string,
  max: number,
  onConnectionError: ((error: Error) => void) | undefined,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECT_WAIT_MS,
    // A primary whose machine is gone sends no reset: TCP keepalive finds the dead connection
    // (HAProxy, in the HA layout, also cuts its sessions when the member is marked down).
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
  });
  // A dropped idle connection must not crash the process (an 'error' event nobody handles
  // does); the pool discards it and opens a fresh one when next needed.
  pool.on('error', (error) => onConnectionError?.(error));
  // A connection that breaks while checked out (inside a transaction) emits 'error' on its
  // client, which the pool only listens to while the client is idle: unhandled, it would crash
  // the process. The query in flight fails with the error anyway (the request answers 503) and
  // the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
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
    const databaseUrl = options.databaseUrl;
    const pool = openPool(databaseUrl, options.poolMax ?? 10, options.onConnectionError);
    // One connection per job at most (six today); idle ones close after the pool's idle timeout.
    const lockPool = openPool(databaseUrl, JOB_LOCK_CONNECTIONS, options.onConnectionError);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      jobLocks: drizzlePg({ client: lockPool, schema }) as unknown as Db,
      kind: 'postgres',
      async migrate(options = {}) {
        // Several nodes may start at once on one database: they take turns (decision 0022).
        const outcome = await migratePostgresLocked(pool, migrationsFolder, functionFiles, {
          alwaysApplyFunctions: options.alwaysApplyFunctions ?? false,
        });
        migrated = true;
        return outcome;
      },
      isReady: () => isReady(db),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers),
      async close() {
        await Promise.all([pool.end(), lockPool.end()]);
      },
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
  const client = new PGlite({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteSnapshot,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      // One process only (the data directory's lock): nothing to take turns with, and nothing
      // older beside it, so its function files are always the ones to apply.
      await migratePglite(db as never, { migrationsFolder });
      // The functions after the migrations that made their tables, in one transaction
      // (decision 0072). exec sends a simple query: the file's comments go with its statement.
      const files = functionFiles();
      const outcome = await client.transaction((tx) =>
        applyFunctionFileSet(
          { exec: (text) => tx.exec(text), query: (text, params) => tx.query(text, params) },
          files,
          true,
        ),
      );
      migrated = true;
      return outcome;
    },
    isReady: () => isReady(db),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    dumpPglite: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
      release();
    },
  };
}
