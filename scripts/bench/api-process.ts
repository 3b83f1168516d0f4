import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { SIM_WALLET_SUPPLIERS } from '@owo/providers/sandbox/sim-wallet';
import { WALLET_CONTROL_PREFIX } from '@owo/providers/sandbox/wallet-control';
import type { ProbeCounters } from './api-probe';

export interface ApiOptions {
  root: string;
  databaseUrl: string;
  poolMax: number;
  dataDir: string;
  /** The same secret the seeding used: PINs are keyed with it. */
  sessionSecret: string;
  /** Diagnostic: argon2 verify results remembered in the child (see api-probe.ts). */
  pinCache: boolean;
  /**
   * A sandbox running in its own process: the API then talks to it as to live suppliers
   * (PROVIDER_MODE=live with the sandbox's URLs and keys) instead of starting one in-process.
   */
  externalSandbox?: SandboxProcess;
  /** Write a V8 CPU profile of the measured window here (see api-probe.ts). */
  profileFile?: string;
  readyTimeoutMs?: number;
  /**
   * API_PROCESSES: above 1 the API is a cluster (decision 0038), `pid` its primary; the probe sums
   * the workers' counters and system.ts their CPU.
   */
  apiProcesses?: number;
  /** Extra environment for the API process (e.g. the wallet limits raised for a load pass). */
  env?: Record<string, string>;
}

export interface ApiProcess {
  port: number;
  pid: number;
  /** The probe's cumulative counters, read now. */
  counters(): Promise<ProbeCounters>;
  /** The last lines the child printed (for error reports). */
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

const MARKER = 'BENCH_COUNTERS ';

/**
 * The API as its own process (`node --import tsx apps/api/src/server.ts`), so the load generator
 * never shares its event loop. It starts the provider sandbox itself (PROVIDER_MODE defaults to
 * sandbox) on a port of its choosing, fills the catalogue and then listens.
 */
export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  const port = await freePort();
  const probe = pathToFileURL(path.join(options.root, 'scripts/bench/api-probe.ts')).href;
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('BENCH_'))),
    // Not production: production refuses the sandbox (decision 0020), which the bench runs on.
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_MAX: String(options.poolMax),
    API_PROCESSES: String(options.apiProcesses ?? 1),
    PORT: String(port),
    HOST: '127.0.0.1',
    // 0: the sandbox takes any free port; the adapters get its real address from it.
    SANDBOX_PORT: '0',
    PROVIDER_MODE: 'sandbox',
    ...(options.externalSandbox ? liveEnv(options.externalSandbox.baseUrls) : {}),
    LOG_LEVEL: 'warn',
    SESSION_SECRET: options.sessionSecret,
    DATA_DIR: options.dataDir,
    RECONCILER_INTERVAL_MS: '0',
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
    ...(options.pinCache ? { BENCH_PIN_CACHE: '1' } : {}),
    ...(options.profileFile ? { BENCH_PROFILE_FILE: options.profileFile } : {}),
    ...options.env,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', probe, 'apps/api/src/server.ts'],
    { cwd: options.root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (child.pid === undefined) throw new Error('could not start the API process');
  const pid = child.pid;

  let tail = '';
  const keep = (text: string) => {
    tail = (tail + text).slice(-8_000);
  };
  const waiters: ((c: ProbeCounters) => void)[] = [];
  let pending = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.startsWith(MARKER)) {
        const counters = JSON.parse(line.slice(MARKER.length)) as ProbeCounters;
        waiters.splice(0).forEach((w) => w(counters));
      } else {
        keep(`${line}\n`);
      }
    }
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    }),
  );

  const api: ApiProcess = {
    port,
    pid,
    output: () => tail,
    counters() {
      if (exitCode !== undefined) return Promise.reject(new Error('the API process has exited'));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no counters from the API probe')), 5_000);
        waiters.push((c) => {
          clearTimeout(timer);
          resolve(c);
        });
        child.kill('SIGUSR2');
      });
    },
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };

  // Ready: GET /api/ready answers 200 (database reachable, migrations applied).
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`the API process exited (code ${exitCode}) before it was ready:\n${tail}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await api.stop();
      throw new Error(`the API was not ready within the timeout:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return api;
}

export interface SandboxProcess {
  pid: number;
  baseUrls: { vtpass: string; datastation: string; ogdams: string; palmpay: string };
  stop(): Promise<void>;
}

function liveEnv(urls: SandboxProcess['baseUrls']): NodeJS.ProcessEnv {
  return {
    PROVIDER_MODE: 'live',
    VTPASS_BASE_URL: urls.vtpass,
    VTPASS_API_KEY: SANDBOX_KEYS.vtpass.apiKey,
    VTPASS_PUBLIC_KEY: SANDBOX_KEYS.vtpass.publicKey,
    VTPASS_SECRET_KEY: SANDBOX_KEYS.vtpass.secretKey,
    DATASTATION_BASE_URL: urls.datastation,
    DATASTATION_API_KEY: SANDBOX_KEYS.datastation.apiKey,
    OGDAMS_BASE_URL: urls.ogdams,
    OGDAMS_API_KEY: SANDBOX_KEYS.ogdams.apiKey,
    PALMPAY_BASE_URL: urls.palmpay,
    PALMPAY_APP_ID: SANDBOX_KEYS.palmpay.appId,
    PALMPAY_MERCHANT_PRIVATE_KEY: SANDBOX_KEYS.palmpay.merchantPrivateKey,
    PALMPAY_PUBLIC_KEY: SANDBOX_KEYS.palmpay.platformPublicKey,
    // Live mode needs every supplier; Safe Haven's simulator is on the same sandbox server.
    SAFEHAVEN_BASE_URL: new URL('/safehaven/', urls.palmpay).toString(),
    SAFEHAVEN_CLIENT_ID: SANDBOX_KEYS.safehaven.clientId,
    SAFEHAVEN_PRIVATE_KEY: SANDBOX_KEYS.safehaven.privateKey,
    SAFEHAVEN_DEBIT_ACCOUNT: SANDBOX_KEYS.safehaven.debitAccountNumber,
    SAFEHAVEN_COMPANY_URL: SANDBOX_KEYS.safehaven.companyUrl,
  };
}

/** The provider sandbox on its own (packages/providers/src/sandbox/main.ts), on a free port. */
export async function startSandboxProcess(root: string): Promise<SandboxProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/providers/src/sandbox/main.ts'],
    {
      cwd: root,
      env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (child.pid === undefined) throw new Error('could not start the sandbox process');
  const pid = child.pid;
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (output += c));
  const baseUrls = await new Promise<SandboxProcess['baseUrls']>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the sandbox did not start:\n${output}`)),
      60_000,
    );
    void exited.then(() => reject(new Error(`the sandbox exited:\n${output}`)));
    child.stdout?.setEncoding('utf8').on('data', (c: string) => {
      output += c;
      const url = (name: string) => new RegExp(`^\\s*${name}: (http\\S+)`, 'm').exec(output)?.[1];
      const [vtpass, datastation, ogdams] = [url('vtpass'), url('datastation'), url('ogdams')];
      const palmpay = url('palmpay');
      if (vtpass && datastation && ogdams && palmpay) {
        clearTimeout(timer);
        resolve({ vtpass, datastation, ogdams, palmpay });
      }
    });
  });
  await fillSupplierWallets(port);
  return {
    pid,
    baseUrls,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * The simulators keep our wallet at each supplier and refuse an order it cannot pay for, as the
 * suppliers do; their opening ₦5,000,000 is about 50,000 of the bench's purchases, fewer than a
 * full run sends. Filled to the control call's ceiling so no pass measures that refusal.
 */
async function fillSupplierWallets(port: number): Promise<void> {
  for (const supplier of SIM_WALLET_SUPPLIERS) {
    const response = await fetch(`http://127.0.0.1:${port}${WALLET_CONTROL_PREFIX}/${supplier}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ balanceKobo: 100_000_000_000 }),
    });
    if (!response.ok) {
      throw new Error(`could not fill the sandbox's ${supplier} wallet: HTTP ${response.status}`);
    }
  }
}
