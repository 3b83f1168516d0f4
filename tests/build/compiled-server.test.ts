import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../reliability/support/cluster/database';
import { POSTGRES_ADMIN_URL } from '../reliability/support/env';

/**
 * The compiled API (decision 0024), as the image runs it: `node apps/api/dist/server.js`, plain
 * node with no tsx and no loader flags, started outside the repository (its own working directory)
 * so the migrations and the dynamic imports are found from the bundle, not from where it is run.
 * Runs after `npm run build` (test:browser), on the embedded database in a temporary DATA_DIR,
 * or on a fresh PostgreSQL database when the run is on PostgreSQL (CI's second pass).
 */

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'apps/api/dist');
const serverJs = path.join(dist, 'server.js');
const cliJs = path.join(dist, 'cli.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** The environment of a plain start: no loader smuggled in through NODE_OPTIONS, no PostgreSQL. */
function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'CRASH_AT']) {
    delete env[name];
  }
  return { ...env, NODE_ENV: 'development', PROVIDER_MODE: 'sandbox', ...extra };
}

/** Every module the bundle imports from node_modules (bare specifiers, node: built-ins aside). */
function bundleImports(): Set<string> {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.js'),
  );
  const found = new Set<string>();
  for (const file of files) {
    const code = readFileSync(path.join(dist, file), 'utf8');
    // esbuild writes static imports at the start of a line and dynamic ones as import("x"); SQL
    // in template strings ("is distinct from 'pending'") must not read as an import.
    const statics = code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*["']([^"'./][^"']*)["']/gm);
    const bare = code.matchAll(/^import\s*["']([^"'./][^"']*)["']/gm);
    const dynamic = code.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g);
    for (const m of [...statics, ...bare, ...dynamic]) {
      const specifier = m[1]!;
      if (specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      found.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return found;
}

describe('compiled API', () => {
  it('was built by npm run build', () => {
    expect(existsSync(serverJs), `${serverJs} is missing: run npm run build`).toBe(true);
    expect(existsSync(cliJs), `${cliJs} is missing: run npm run build`).toBe(true);
  });

  it('imports only production dependencies of @owo/api, never tsx or TypeScript sources', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
    const production = new Set(Object.keys(manifest.dependencies ?? {}));
    const imports = bundleImports();
    // The workspace packages are TypeScript sources plain node cannot load: they are compiled in.
    expect([...imports].filter((name) => name.startsWith('@owo/'))).toEqual([]);
    expect([...imports].filter((name) => !production.has(name))).toEqual([]);
    expect(imports.has('fastify')).toBe(true);
  });

  it('answers --help from the CLI with plain node, migrate among its commands', () => {
    const help = spawnSync(process.execPath, [cliJs, '--help'], {
      cwd: tmpdir(),
      env: plainEnv({}),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('create-admin');
    expect(help.stdout).toMatch(/^\s+migrate\b/m);
  });
});

describe('compiled API server, sandbox mode, plain node', () => {
  let dataDir: string;
  let database: ScratchDatabase | undefined;
  /** The child's database: a scratch PostgreSQL database, or PGlite in DATA_DIR. */
  const databaseEnv = (): Record<string, string> =>
    database ? { DATABASE_URL: database.url } : {};
  let server: ChildProcess;
  let origin: string;
  let output = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'owo-compiled-'));
    if (POSTGRES_ADMIN_URL) database = await createScratchDatabase(POSTGRES_ADMIN_URL);
  });

  /** Started by the test that checks it gets ready, after `cli migrate` has run. */
  async function startServer() {
    const [port, sandboxPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [serverJs], {
      cwd: dataDir,
      env: plainEnv({
        ...databaseEnv(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SANDBOX_PORT: String(sandboxPort),
        WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    exited = new Promise((resolve) =>
      server.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates an empty database with cli migrate, then exits', async () => {
    const migrate = spawnSync(process.execPath, [cliJs, 'migrate'], {
      cwd: dataDir,
      env: plainEnv({ ...databaseEnv(), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(migrate.stderr).toBe('');
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toContain('Migrations applied');
    const journal = JSON.parse(
      readFileSync(path.join(root, 'apps/api/drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    if (database) {
      const rows = await database.query<{ applied: number }>(
        'select count(*)::int as applied from drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.applied).toBe(journal.entries.length);
    } else {
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    }
  }, 40_000);

  it('becomes ready and serves the web app', async () => {
    await startServer();
    const deadline = Date.now() + 30_000;
    let ready: Response | undefined;
    while (Date.now() < deadline && server.exitCode === null) {
      ready = await fetch(`${origin}/api/ready`).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready?.status, `not ready; server output:\n${output}`).toBe(200);
    expect(await ready!.json()).toMatchObject({ success: true, status: 'ready' });

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="root">');
  }, 40_000);

  it('exits cleanly on SIGTERM', async () => {
    server.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), 15_000),
    );
    const result = await Promise.race([exited, timeout]);
    expect(result, `server output:\n${output}`).toEqual({ code: 0, signal: null });
  }, 20_000);
});
