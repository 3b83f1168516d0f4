import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { freePort } from '../../scripts/bench/api-process';
import { BENCH_PIN, seed } from '../../scripts/bench/seed';
import { POSTGRES_ADMIN_URL } from './support/env';
import { ROOT } from './support/cluster/cluster';
import { createScratchDatabase, type ScratchDatabase } from './support/cluster/database';

/**
 * SIGTERM drain at the process level (decision 0023): the API runs as its own process, a purchase
 * whose supplier call hangs until the adapter's timeout is in flight when SIGTERM arrives; the
 * purchase still gets its whole reply, new connections are refused, the background jobs' running
 * pass ends, and the process exits 0.
 *
 * Needs a real server process and PostgreSQL (the seeding): skipped on the PGlite pass.
 */

const PROVIDER_TIMEOUT_MS = 2_000;

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout
    ?.setEncoding('utf8')
    .on('data', (c: string) => (output = (output + c).slice(-20_000)));
  child.stderr
    ?.setEncoding('utf8')
    .on('data', (c: string) => (output = (output + c).slice(-20_000)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let exited = false;
  void exit.then(() => (exited = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the API exited before it was ready:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, output: () => output, exit };
}

describe.skipIf(!POSTGRES_ADMIN_URL)('SIGTERM drain', () => {
  let database: ScratchDatabase;
  let dataDir: string;
  let server: Server | undefined;
  let token: string;
  const sessionSecret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'owo-drain-'));
    database = await createScratchDatabase(POSTGRES_ADMIN_URL!);
    const seeded = await seed({ databaseUrl: database.url, users: 1, dataDir, sessionSecret });
    token = seeded.tokens[0]!;
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the in-flight purchase, refuses new connections, and exits 0', async () => {
    server = await startServer({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: '5',
      PROVIDER_MODE: 'sandbox',
      SANDBOX_PORT: '0',
      SESSION_SECRET: sessionSecret,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      // The jobs run often, so one may well be mid-pass when the signal comes.
      RECONCILER_INTERVAL_MS: '100',
      RETENTION_INTERVAL_MS: '100',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    const origin = `http://127.0.0.1:${server.port}`;

    // The simulator holds this number's pay call past the adapter's timeout: a slow request.
    const started = Date.now();
    const purchase = fetch(`${origin}/api/transactions/airtime`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': randomBytes(16).toString('hex'),
      },
      body: JSON.stringify({
        network: 1,
        mobile_number: MAGIC_PHONES.timeout,
        airtime_type: 'VTU',
        Ported_number: true,
        amount: 100,
        transactionPin: BENCH_PIN,
      }),
    }).then(async (res) => ({ status: res.status, body: await res.json(), at: Date.now() }));

    // Until the order exists, the request is surely in the server's hands.
    for (;;) {
      const [row] = await database.query<{ n: number }>('select count(*)::int as n from purchases');
      if (row!.n > 0) break;
      if (Date.now() - started > 10_000) throw new Error(`no order:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    // The listener is closed: a new connection is refused while the purchase is still running.
    const late = await fetch(`${origin}/api/ready`).then(
      (res) => res.status,
      () => 'refused' as const,
    );
    expect(late).not.toBe(200);

    const reply = await purchase;
    const exit = await server.exit;
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    expect(reply.body.success).toBe(true);
    // The reply came after the signal: the request was drained, not answered before it.
    expect(reply.at).toBeGreaterThan(signalled);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shut down cleanly');
    const [order] = await database.query<{ state: string }>('select state from purchases');
    expect(order!.state).toBe('pending');
  }, 60_000);
});
