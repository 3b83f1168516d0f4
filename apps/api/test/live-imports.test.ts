import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { NEWER_NODE_DEPENDENCIES } from './support/newer-node-dependencies';
import { DOCS_SCRIPT_PATH } from '../src/modules/openapi/docs-page';

// Live mode must not load the simulators or the sandbox's committed keys (decision 0020). A child
// process boots the runtime and the app under a module load hook that records every module loaded;
// the same boot in sandbox mode shows that the record does see the sandbox when it is loaded.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const dirs: string[] = [];
afterAll(() => {
  // Retried: a child cut short by the timeout may still be writing its database as we delete.
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** Nothing listens on port 9 (discard): a live adapter that called out would fail, not hang. */
const UNREACHABLE = 'http://127.0.0.1:9/';

const liveEnv = {
  PROVIDER_MODE: 'live',
  VTPASS_BASE_URL: UNREACHABLE,
  VTPASS_API_KEY: 'live-api-key',
  VTPASS_PUBLIC_KEY: 'PK_live',
  VTPASS_SECRET_KEY: 'SK_live',
  DATASTATION_BASE_URL: UNREACHABLE,
  DATASTATION_API_KEY: 'live-token',
  OGDAMS_BASE_URL: UNREACHABLE,
  OGDAMS_API_KEY: 'live-ogdams',
  PALMPAY_BASE_URL: UNREACHABLE,
  PALMPAY_APP_ID: 'L-live-app',
  // Real keys of the right shape (the adapter parses them); only the child's environment holds them.
  PALMPAY_MERCHANT_PRIVATE_KEY: SANDBOX_KEYS.palmpay.merchantPrivateKey,
  PALMPAY_PUBLIC_KEY: SANDBOX_KEYS.palmpay.platformPublicKey,
  SAFEHAVEN_BASE_URL: UNREACHABLE,
  SAFEHAVEN_CLIENT_ID: 'live-client',
  SAFEHAVEN_PRIVATE_KEY: SANDBOX_KEYS.safehaven.privateKey,
  SAFEHAVEN_DEBIT_ACCOUNT: '0123456789',
  SAFEHAVEN_COMPANY_URL: 'https://wallet.example.com',
};

/** Boots the app in a child process; answers the paths (relative to the repo) of modules loaded. */
async function loadedModules(env: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'owo-imports-'));
  dirs.push(dir);
  const log = path.join(dir, 'loaded.txt');
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PROVIDER_|VTPASS_|PALMPAY_)/.test(name)),
  );
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      path.join(here, 'import-log/register.mjs'),
      path.join(here, 'import-log/boot-app.ts'),
    ],
    {
      cwd: root,
      env: {
        ...inherited,
        NODE_ENV: 'test',
        // The embedded database in a scratch directory: the boot is about modules, not data.
        DATABASE_URL: '',
        DATA_DIR: dir,
        WEB_DIST_DIR: path.join(dir, 'no-web-build'),
        LOG_LEVEL: 'silent',
        SANDBOX_PORT: '0',
        RECONCILER_INTERVAL_MS: '0',
        OWO_IMPORT_LOG: log,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(output, output).toContain('BOOTED');
  expect(code).toBe(0);
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => path.relative(root, fileURLToPath(url)).split(path.sep).join('/'));
}

/** The simulators, the sandbox server and its keys: what live mode must never load. */
function sandboxCode(files: string[]): string[] {
  return files.filter(
    (file) =>
      file.startsWith('packages/providers/src/sandbox/') ||
      /(^|\/)(simulator|sim-[^/]*)\.ts$/.test(file),
  );
}

/**
 * Runs once, in the pass without DATABASE_URL (CI's PGlite pass, and `npm test` on a fresh clone):
 * these processes never open the suite's database, so the PostgreSQL pass would repeat the same
 * proof at a minute's cost.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('live mode loads no sandbox code', () => {
  it('boots the runtime and the app without the simulators or the sandbox keys', async () => {
    const [live, sandbox] = await Promise.all([
      // The live boot also opens the docs page's script, which loads Scalar on its first visit.
      loadedModules({ ...liveEnv, OWO_BOOT_VISIT: DOCS_SCRIPT_PATH }),
      loadedModules({ PROVIDER_MODE: 'sandbox' }),
    ]);
    // The record is real: the live adapters and the app were loaded and seen...
    expect(live).toContain('packages/providers/src/create-providers.ts');
    expect(live).toContain('packages/providers/src/palmpay/client.ts');
    expect(live).toContain('apps/api/src/app.ts');
    // ...and the same boot in sandbox mode is seen loading the sandbox.
    expect(sandbox).toContain('packages/providers/src/sandbox/server.ts');
    expect(sandbox).toContain('packages/providers/src/sandbox/keys.ts');
    expect(sandboxCode(sandbox).length).toBeGreaterThan(5);
    expect(sandboxCode(live)).toEqual([]);
    // The dependencies that ask for a newer Node than we declare: a boot loads none of them (the
    // sandbox boot opens no page); the docs page's first visit (the live boot's) loads the ones
    // marked so, and the others never.
    for (const { location, loaded } of NEWER_NODE_DEPENDENCIES) {
      const seen = (files: string[]) => files.filter((file) => file.startsWith(`${location}/`));
      expect(seen(sandbox), location).toEqual([]);
      if (loaded) expect(seen(live).length, location).toBeGreaterThan(0);
      else expect(seen(live), location).toEqual([]);
    }
    // Two cold boots of tsx and an embedded database at once: minutes on a loaded 2-core machine.
  }, 240_000);
});
