import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { systemClock } from '../src/lib/clock';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import { STRONG_PASSWORD, uniqueEmail } from './harness';

/**
 * The real CLI (`npm run cli -- credit | audit-ledger`) as a child process, on a database of its
 * own: PGlite in a directory the CLI can open, or (DATABASE_URL set) a new PostgreSQL database.
 * audit-ledger (incremental, or --full) must exit non-zero once a balance no longer matches its
 * transfers.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-cli-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

function open(): Database {
  return databaseUrl
    ? openDatabase({ databaseUrl })
    : openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
}

/** The operator commands in this process, on the scratch database (for seeding and checks). */
async function withCommands<T>(
  action: (commands: ReturnType<typeof createAdminCommands>, database: Database) => Promise<T>,
) {
  const database = open();
  try {
    const deps: AppDeps = {
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      database,
      clock: systemClock,
      mailer: { send: async () => {} },
      logger: pino({ level: 'silent' }),
      providers: undefined as never,
    };
    return await action(createAdminCommands(deps), database);
  } finally {
    // PGlite: one process at a time, so the CLI can open the directory afterwards.
    await database.close();
  }
}

function runCli(args: string[]) {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
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
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const email = uniqueEmail('operator');

beforeAll(async () => {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `owo_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  await withCommands(async (commands, database) => {
    await database.migrate();
    await commands.createAdmin(email, STRONG_PASSWORD);
  });
});
afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the operator CLI on a scratch database', () => {
  it('credit: exit code 0, a request for an admin to approve, and nothing moved yet', async () => {
    const cli = await runCli(['credit', email, '5000', '--reason', 'opening balance']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.trim()).toMatch(
      new RegExp(
        `^Requested a credit of ₦5,000\\.00 to ${email.replace(/[.+]/g, '\\$&')} \\(request [0-9a-f-]{36}\\)\\. ` +
          'An admin must approve it on the Approvals screen\\. Balance: ₦0\\.00$',
      ),
    );
  });

  it('credit without --reason fails (non-zero) and moves nothing', async () => {
    const cli = await runCli(['credit', email, '100']);
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('--reason');
    await withCommands(async (commands, database) => {
      const result = await database.db.execute(
        sql`select balance_kobo::text as b from ledger_accounts where kind = 'user_wallet'`,
      );
      expect((result as unknown as { rows: { b: string }[] }).rows).toEqual([{ b: '0' }]);
      // Only the first command's request waits; the refused one filed nothing.
      const filed = await database.db.execute(
        sql`select amount_kobo::text as a, status from adjustment_requests`,
      );
      expect((filed as unknown as { rows: unknown[] }).rows).toEqual([
        { a: '500000', status: 'pending' },
      ]);
      expect((await commands.auditLedger()).ok).toBe(true);
    });
  });

  it('audit-ledger: ok:false and exit code 2 once a balance is changed behind the ledger', async () => {
    await withCommands(async (commands, database) => {
      await database.db.execute(
        sql`update ledger_accounts set balance_kobo = balance_kobo + 100 where kind = 'user_wallet'`,
      );
      const audit = await commands.auditLedger({ full: true });
      expect(audit.ok).toBe(false);
      expect(audit.report).toContain('FAIL every balance equals the sum of its transfers');
      expect(audit.report).toContain('FAIL the sum over all accounts is zero');
      expect(audit.report).toContain('ok   no wallet is below zero');
      expect(audit.report.split('\n').at(-1)).toBe('Ledger has violations.');
    });
    // Plain: one pass of the scheduled (incremental) audit, whose account slice finds it.
    const cli = await runCli(['audit-ledger']);
    expect(cli.code, cli.stderr).toBe(2);
    expect(cli.stdout).toContain('FAIL every balance equals the sum of its transfers');
    expect(cli.stdout).toContain('Ledger has violations.');
    const full = await runCli(['audit-ledger', '--full']);
    expect(full.code, full.stderr).toBe(2);
    expect(full.stdout).toContain('FAIL the sum over all accounts is zero');
    expect(full.stdout).toContain('Checked all history.');
  }, 240_000); // two CLI processes, each starting tsx on a loaded machine
});
