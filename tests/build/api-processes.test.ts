import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
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
 * The compiled API as several processes on one machine (API_PROCESSES, decision 0038): plain
 * `node apps/api/dist/server.js`, as the image runs it. On PGlite the setting is refused; the
 * cluster itself needs PostgreSQL and runs only when DATABASE_URL is set (CI's second pass).
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');

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

function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'CRASH_AT']) {
    delete env[name];
  }
  return { ...env, NODE_ENV: 'development', PROVIDER_MODE: 'sandbox', ...extra };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('API_PROCESSES on the embedded database', () => {
  it('is refused at the start with exit 78, naming the variable', () => {
    expect(existsSync(serverJs), `${serverJs} is missing: run npm run build`).toBe(true);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-processes-pglite-'));
    try {
      const run = spawnSync(process.execPath, [serverJs], {
        cwd: dataDir,
        env: plainEnv({ DATA_DIR: dataDir, API_PROCESSES: '2', LOG_LEVEL: 'warn' }),
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(78);
      expect(run.stderr).toContain('API_PROCESSES: must be 1 with the embedded database');
      // Refused before anything opened the data directory.
      expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!POSTGRES_ADMIN_URL)('compiled API with API_PROCESSES=2 on PostgreSQL', () => {
  let dataDir: string;
  let database: ScratchDatabase;
  let server: ChildProcess;
  let port: number;
  let metricsPort: number;
  /** Health checks answered 200 so far, by any worker. */
  let healthAnswered = 0;
  let output = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  const seen = new Set<number>();

  /** One request on a connection of its own: the cluster hands each new connection onwards. */
  const once = (method: 'GET' | 'POST', path: string, json?: object) =>
    new Promise<{ status: number; pid: number | undefined; body: string } | undefined>(
      (resolve) => {
        const payload = json ? JSON.stringify(json) : undefined;
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            agent: false,
            headers: payload ? { 'content-type': 'application/json' } : {},
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => {
              const header = response.headers['x-api-worker'];
              const pid = typeof header === 'string' ? Number(header.split(':')[1]) : undefined;
              resolve({ status: response.statusCode ?? 0, pid, body });
            });
          },
        );
        request.on('error', () => resolve(undefined));
        // A connection handed to a worker as it dies gets no answer: count it as none.
        request.setTimeout(2_000, () => request.destroy());
        request.end(payload);
      },
    );

  const workerOf = async () => {
    const reply = await once('GET', '/api/health');
    if (reply?.status !== 200) return undefined;
    healthAnswered += 1;
    return reply.pid;
  };

  /** The worker pids that answer a burst of fresh connections. */
  const answering = async (requests = 16) => {
    const pids = new Set<number>();
    for (let i = 0; i < requests; i += 1) {
      const pid = await workerOf();
      if (pid) pids.add(pid);
    }
    for (const pid of pids) seen.add(pid);
    return pids;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'owo-processes-'));
    database = await createScratchDatabase(POSTGRES_ADMIN_URL!);
  });

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    for (const pid of seen) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from two worker processes', async () => {
    expect(existsSync(serverJs), `${serverJs} is missing: run npm run build`).toBe(true);
    [port, metricsPort] = [await freePort(), await freePort()];
    server = spawn(process.execPath, [serverJs], {
      cwd: dataDir,
      env: plainEnv({
        DATABASE_URL: database.url,
        API_PROCESSES: '2',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        // 0: the primary starts the simulators on a free port and tells the workers which.
        SANDBOX_PORT: '0',
        METRICS_PORT: String(metricsPort),
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

    // Ready once both workers answer (they start at their own pace).
    const deadline = Date.now() + 25_000;
    let pids = new Set<number>();
    while (Date.now() < deadline && server.exitCode === null && pids.size < 2) {
      pids = await answering(6);
      if (pids.size < 2) await sleep(200);
    }
    expect([...pids], `server output:\n${output}`).toHaveLength(2);
    expect(pids.has(server.pid!)).toBe(false);
  }, 30_000);

  it('serves the series of every worker, summed, on the one metrics port', async () => {
    const healthCount = async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const line = text
        .split('\n')
        .find((l) => l.startsWith('owo_http_requests_total{') && l.includes('"/api/health"'));
      return { text, count: line ? Number(line.split(' ').pop()) : 0 };
    };
    // A reply reaches the client just before its worker counts it: wait for the last one.
    const deadline = Date.now() + 5_000;
    let scrape = await healthCount();
    while (scrape.count < healthAnswered && Date.now() < deadline) {
      await sleep(100);
      scrape = await healthCount();
    }
    expect(healthAnswered).toBeGreaterThan(2);
    // Both workers answered health checks, so only their sum reaches the total.
    expect(scrape.count).toBe(healthAnswered);
    expect(scrape.text).toMatch(/^process_cpu_user_seconds_total \d/m);
  }, 30_000);

  it('shows a code one worker mailed in the sandbox mailbox of every worker', async () => {
    const email = 'ada@example.com';
    const asked = await once('POST', '/api/auth/request-otp', { email });
    expect(asked?.status, asked?.body).toBe(200);
    const codes = new Map<number, string>();
    for (let i = 0; i < 16 && codes.size < 2; i += 1) {
      const reply = await once('GET', `/api/sandbox/mailbox?email=${email}`);
      if (reply?.status !== 200 || !reply.pid) continue;
      const mails = (JSON.parse(reply.body) as { data: { mails: { code: string }[] } }).data.mails;
      codes.set(reply.pid, mails[0]?.code ?? 'none');
    }
    expect(codes.size).toBe(2);
    const [first, second] = [...codes.values()];
    expect(first).toMatch(/^\d{4}$/);
    expect(second).toBe(first);
  }, 30_000);

  it('replaces a worker that is killed', async () => {
    const before = await answering();
    const [victim, survivor] = [...before] as [number, number];
    process.kill(victim, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    let now = new Set<number>();
    while (Date.now() < deadline) {
      now = await answering(6);
      if (now.size === 2 && !now.has(victim)) break;
      await sleep(200);
    }
    expect(alive(victim)).toBe(false);
    expect(now.size, `server output:\n${output}`).toBe(2);
    expect(now.has(victim)).toBe(false);
    expect(now.has(survivor)).toBe(true);
    expect(output).toContain('API worker died; starting another');
  }, 30_000);

  it('stops every worker cleanly on SIGTERM', async () => {
    const workers = [...(await answering())];
    expect(workers).toHaveLength(2);
    server.kill('SIGTERM');
    const timeout = sleep(20_000).then(() => 'timeout' as const);
    const result = await Promise.race([exited, timeout]);
    expect(result, `server output:\n${output}`).toEqual({ code: 0, signal: null });
    expect(workers.filter(alive)).toEqual([]);
  }, 30_000);
});
