import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * An e-mail that begins with "-" is a valid sign-up, but commander reads it as an option. The
 * operator puts the options first and the arguments after `--` (npm run cli -- credit --reason r
 * -- -ada@example.com 5000); without `--` the CLI says so instead of only "unknown option". The
 * real CLI runs, on the embedded database (PGlite in both passes: these are operator commands).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-cli-dash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const secret = randomBytes(32).toString('hex');

function runCli(args: string[]) {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      ['apps/api/src/cli.ts', ...args],
      {
        cwd: repoRoot,
        env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: secret },
        // A busy machine starts tsx and migrates a fresh database slowly.
        timeout: 180_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, out: stdout + stderr });
      },
    );
  });
}

/**
 * Runs once, in the pass without DATABASE_URL (CI's PGlite pass, and `npm test` on a fresh clone):
 * these processes never open the suite's database, so the PostgreSQL pass would repeat the same
 * proof at a minute's cost.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('cli arguments after --', () => {
  it('takes an e-mail that begins with "-" after --, and hints at -- without it', async () => {
    const email = '-dash@example.com';
    const created = await runCli(['create-admin', '--', email, 'Str0ng!pass']);
    expect(created, created.out).toMatchObject({ code: 0 });
    expect(created.out).toContain(`Created admin ${email}.`);

    const filed = await runCli(['credit', '--reason', 'Goodwill', '--', email, '250']);
    expect(filed, filed.out).toMatchObject({ code: 0 });
    expect(filed.out).toMatch(
      /Requested a credit of ₦250\.00 to -dash@example\.com \(request [0-9a-f-]{36}\)\. An admin must approve it/,
    );

    const bare = await runCli(['credit', email, '250', '--reason', 'Goodwill']);
    expect(bare.code).toBe(1);
    expect(bare.out).toContain("unknown option '-dash@example.com'");
    expect(bare.out).toContain(
      'An e-mail that begins with "-" reads as an option: put the options first, then --, then the arguments',
    );
  }, 600_000);
});
