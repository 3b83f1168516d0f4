import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';

/**
 * `cli backup <file>` copies the embedded database; `cli restore <file>` puts the copy into an
 * empty DATA_DIR, where the data is found again and the migrations are already applied. Runs on
 * PGlite in both passes (the commands are for the embedded database).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'owo-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runCli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}) {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      ['apps/api/src/cli.ts', ...args],
      {
        cwd: repoRoot,
        env: {
          ...inherited,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SESSION_SECRET: randomBytes(32).toString('hex'),
          ...extraEnv,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, out: stdout + stderr });
      },
    );
  });
}

async function withPglite<T>(
  dataDir: string,
  action: (db: ReturnType<typeof openDatabase>) => Promise<T>,
) {
  const database = openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  try {
    return await action(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs once, in the pass without DATABASE_URL (CI's PGlite pass, and `npm test` on a fresh clone):
 * these processes never open the suite's database, so the PostgreSQL pass would repeat the same
 * proof at a minute's cost.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'cli backup and restore (embedded database)',
  () => {
    it('restores a copy that holds the data, into an empty DATA_DIR only', async () => {
      const source = path.join(scratch, 'source');
      const restored = path.join(scratch, 'restored');
      const file = path.join(scratch, 'owo.backup.tgz');
      await withPglite(source, async (database) => {
        await database.migrate();
        await database.db.execute(
          sql`insert into audit_log (actor_email, action, entity, reason) values ('ops@owo.test', 'backup.test', 'setting', 'kept')`,
        );
      });

      const backup = await runCli(source, ['backup', file]);
      expect(backup.out, JSON.stringify(backup)).toContain('written to');
      expect(backup.code).toBe(0);
      expect(existsSync(file)).toBe(true);

      const restore = await runCli(restored, ['restore', file]);
      expect(restore.out).toContain('Restored');
      expect(restore.code).toBe(0);
      await withPglite(restored, async (database) => {
        const result = await database.db.execute(
          sql`select reason from audit_log where action = 'backup.test'`,
        );
        expect((result as unknown as { rows: { reason: string }[] }).rows).toEqual([
          { reason: 'kept' },
        ]);
        await database.migrate();
        expect(await database.isReady()).toBe(true);
      });

      // A directory that already holds a database is never overwritten.
      const again = await runCli(restored, ['restore', file]);
      expect(again.code).not.toBe(0);
      expect(again.out).toContain('already holds a database');
    }, 90_000);

    it('points PostgreSQL deployments at pg_dump', async () => {
      const run = await runCli(path.join(scratch, 'pg'), ['backup', path.join(scratch, 'x.tgz')], {
        DATABASE_URL: 'postgres://unused@127.0.0.1:9/unused',
      });
      expect(run.code).not.toBe(0);
      expect(run.out).toContain('pg_dump --format=custom');
    });
  },
);
