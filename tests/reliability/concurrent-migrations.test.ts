import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/api/src/db/client';
import { startApi, startSandboxProcess, type ApiProcess } from '../../scripts/bench/api-process';
import { ROOT } from './support/cluster/cluster';
import { createScratchDatabase, type ScratchDatabase } from './support/cluster/database';
import { POSTGRES_ADMIN_URL } from './support/env';

/**
 * Nodes that start together on an EMPTY PostgreSQL database all migrate at startup: they must take
 * turns (the advisory lock of decision 0022), so every one starts, the schema is made once and
 * drizzle's migrations table lists each migration once. Needs a PostgreSQL server (the PGlite
 * pass has one process per data directory: nothing to take turns with).
 */

const NODES = 3;
const run = promisify(execFile);

const journal = JSON.parse(
  readFileSync(path.join(ROOT, 'apps/api/drizzle/meta/_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };

/** What must hold once every node has migrated the database. */
async function expectMigratedOnce(database: ScratchDatabase) {
  const rows = await database.query<{ hash: string; n: number }>(
    'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
  );
  expect(rows).toHaveLength(journal.entries.length);
  expect(rows.every((r) => r.n === 1)).toBe(true);
  // The schema is there (the first migration's and the last one's tables), in one copy.
  const [tables] = await database.query<{ users: number; total: number }>(
    `select count(*) filter (where tablename = 'users')::int as users, count(*)::int as total
       from pg_tables where schemaname = 'public'`,
  );
  expect(tables?.users).toBe(1);
  expect(tables?.total).toBeGreaterThan(10);
}

describe.skipIf(!POSTGRES_ADMIN_URL)('nodes migrating one empty database at once', () => {
  let database: ScratchDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('three pools migrating together all succeed, and each migration is applied once', async () => {
    database = await createScratchDatabase(POSTGRES_ADMIN_URL!);
    const nodes = Array.from({ length: NODES }, () =>
      openDatabase({ databaseUrl: database!.url, poolMax: 2 }),
    );
    try {
      const results = await Promise.allSettled(nodes.map((node) => node.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(
        Array(NODES).fill('ok'),
      );
      for (const node of nodes) expect(await node.isReady()).toBe(true);
      await expectMigratedOnce(database);
      // The lock went back with each node's connection: a later start migrates at once.
      const later = openDatabase({ databaseUrl: database.url, poolMax: 1 });
      await later.migrate();
      await later.close();
      await expectMigratedOnce(database);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  }, 60_000);

  it('three processes started together (cli migrate) all succeed on the same database', async () => {
    database = await createScratchDatabase(POSTGRES_ADMIN_URL!);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
    };
    delete env.NODE_ENV;
    const results = await Promise.allSettled(
      Array.from({ length: NODES }, () =>
        run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', 'migrate'], {
          cwd: ROOT,
          env,
          timeout: 60_000,
        }),
      ),
    );
    expect(
      results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.value.stdout.trim())),
    ).toEqual(Array(NODES).fill('Migrations applied (PostgreSQL).'));
    await expectMigratedOnce(database);
  }, 90_000);

  it('three API servers started together on it all become ready', async () => {
    database = await createScratchDatabase(POSTGRES_ADMIN_URL!);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-migrate-'));
    const sandbox = await startSandboxProcess(ROOT);
    const started: ApiProcess[] = [];
    try {
      const results = await Promise.allSettled(
        Array.from({ length: NODES }, () =>
          startApi({
            root: ROOT,
            databaseUrl: database!.url,
            poolMax: 2,
            dataDir,
            sessionSecret: randomBytes(32).toString('hex'),
            pinCache: false,
            externalSandbox: sandbox,
            readyTimeoutMs: 60_000,
          }).then((api) => {
            started.push(api);
            return api;
          }),
        ),
      );
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ready'))).toEqual(
        Array(NODES).fill('ready'),
      );
      await expectMigratedOnce(database);
    } finally {
      await Promise.all(started.map((api) => api.stop()));
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
