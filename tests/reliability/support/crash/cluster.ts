import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startApi,
  startSandboxProcess,
  type ApiProcess,
  type SandboxProcess,
} from '../../../../scripts/bench/api-process';
import { createDatabase, databaseUrl, dropDatabase } from '../../../../scripts/bench/databases';
import { createProviders } from '@owo/providers/create-providers';
import { sandboxProvidersConfig } from '@owo/providers/sandbox/providers-config';
import type { Providers } from '@owo/providers/types';
import { loadConfig } from '../../../../apps/api/src/config';
import { openDatabase, type Database } from '../../../../apps/api/src/db/client';
import type { AppDeps } from '../../../../apps/api/src/deps';
import { createLedger } from '../../../../apps/api/src/ledger/ledger';
import { systemClock } from '../../../../apps/api/src/lib/clock';
import { createLogger } from '../../../../apps/api/src/lib/logger';
import { createAdjustmentService } from '../../../../apps/api/src/modules/adjustments/service';
import { createAdminCommands } from '../../../../apps/api/src/modules/admin-cli/commands';
import { createOtpService } from '../../../../apps/api/src/modules/auth/otp-service';
import { createSessionService } from '../../../../apps/api/src/modules/auth/session-service';
import { createPinService } from '../../../../apps/api/src/modules/pin/service';
import { usersRepository } from '../../../../apps/api/src/modules/users/repository';
import { startFrontDoor, type FrontDoor } from './front-door';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const PIN = '1234';

/** A customer made the operator's way (no OTP round trip): wallet, PIN, session, money. */
export interface Customer {
  id: string;
  email: string;
  token: string;
  fundedKobo: number;
}

/**
 * Everything a crash run shares: a fresh PostgreSQL database (owo_crash_<random>), the provider
 * sandbox in its own process (its orders survive every API kill), the front door, a direct
 * connection for seeding and checks, and the API processes started so far.
 */
export interface Cluster {
  dbUrl: string;
  db: Database;
  sandbox: SandboxProcess;
  /** The adapters pointed at the sandbox: the test asks the suppliers what they recorded. */
  suppliers: Providers;
  frontDoor: FrontDoor;
  /** Starts an API process; `crashAt` set: it dies there, with its reconciler off. */
  start(options: { crashAt?: string; reconcile: boolean }): Promise<ApiProcess>;
  customer(naira: number): Promise<Customer>;
  admin(): Promise<{ id: string; token: string }>;
  /** API processes started (each start after the first is a restart). */
  starts: number;
  close(): Promise<void>;
}

/**
 * A crashed order may be requeried this soon after it was placed (the default is 2 minutes). Not
 * shorter: the reconciler must not ask the supplier before the paying request's call has reached
 * it, even on a loaded machine.
 */
const GRACE_MS = 7_000;
/** The supplier timeout: the grace must be more than twice it (config.ts). */
const PROVIDER_TIMEOUT_MS = 3_000;

export async function startCluster(adminUrl: string): Promise<Cluster> {
  const name = `owo_crash_${randomBytes(5).toString('hex')}`;
  const dbUrl = databaseUrl(adminUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-crash-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const processes: ApiProcess[] = [];
  let db: Database | undefined;
  let sandbox: SandboxProcess | undefined;
  let frontDoor: FrontDoor | undefined;
  let closed = false;

  const close = async () => {
    closed = true;
    for (const p of processes) await p.stop().catch(() => {});
    await frontDoor?.close().catch(() => {});
    await sandbox?.stop().catch(() => {});
    await db?.close().catch(() => {});
    await dropDatabase(adminUrl, name).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await createDatabase(adminUrl, name);
    db = openDatabase({ databaseUrl: dbUrl, poolMax: 5 });
    await db.migrate();
    sandbox = await startSandboxProcess(ROOT);
    frontDoor = await startFrontDoor();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: 'silent',
      RECONCILER_INTERVAL_MS: '0',
    });
    // Safe Haven's simulator is on the same sandbox server (no flow here pays through it).
    const safehaven = new URL('/safehaven/', sandbox.baseUrls.palmpay).toString();
    const suppliers = createProviders(
      sandboxProvidersConfig({ ...sandbox.baseUrls, safehaven }, 10_000),
    );
    const deps: AppDeps = {
      config,
      database: db,
      clock: systemClock,
      mailer: { send: async () => {} },
      logger: createLogger('silent'),
      providers: suppliers,
    };
    const sessions = createSessionService(deps);
    const adjustments = createAdjustmentService(deps, createLedger(db));
    const pins = createPinService(deps, createOtpService(deps));
    const database = db;
    const sandboxProcess = sandbox;
    const door = frontDoor;
    let made = 0;

    const cluster: Cluster = {
      dbUrl,
      db: database,
      sandbox: sandboxProcess,
      suppliers,
      frontDoor: door,
      starts: 0,
      async start({ crashAt, reconcile }) {
        if (closed) throw new Error('the crash cluster is closed');
        cluster.starts += 1;
        const api = await startApi({
          root: ROOT,
          databaseUrl: dbUrl,
          poolMax: 5,
          dataDir,
          sessionSecret,
          pinCache: false,
          externalSandbox: sandboxProcess,
          env: {
            // CRASH_AT is refused in production (config.ts); nothing else here depends on it.
            NODE_ENV: 'test',
            PUBLIC_BASE_URL: door.url,
            RECONCILER_INTERVAL_MS: reconcile ? '250' : '0',
            PROCESSING_GRACE_MS: String(GRACE_MS),
            PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
            ...(crashAt ? { CRASH_AT: crashAt } : {}),
          },
        });
        processes.push(api);
        if (closed) {
          // Closed while this one was starting: it must not outlive the test.
          await api.stop();
          throw new Error('the crash cluster is closed');
        }
        return api;
      },
      async customer(naira) {
        made += 1;
        const email = `crash.${name}.${made}@example.com`;
        const user = await database.db.transaction((tx) =>
          usersRepository.insertWithWallet(tx, {
            email,
            firstName: 'Crash',
            lastName: `Customer${made}`,
            phoneNumber: '08031234567',
            isVerified: true,
          }),
        );
        await pins.setPin(user.id, { transactionPin: PIN });
        const fundedKobo = naira * 100;
        if (fundedKobo > 0) {
          await adjustments.credit({
            userId: user.id,
            amountKobo: fundedKobo,
            reason: 'crash test funding',
            actor: 'crash-test',
          });
        }
        const { token } = await sessions.issue(user.id, { ip: '127.0.0.1', userAgent: 'crash' });
        return { id: user.id, email, token, fundedKobo };
      },
      async admin() {
        made += 1;
        const email = `crash.admin.${made}@example.com`;
        await createAdminCommands(deps).createAdmin(email, 'Str0ng!pass');
        const user = await usersRepository.findByEmail(database.db, email);
        if (!user) throw new Error('the admin was not created');
        const { token } = await sessions.issue(user.id, { ip: '127.0.0.1', userAgent: 'crash' });
        return { id: user.id, token };
      },
      close,
    };
    return cluster;
  } catch (error) {
    await close();
    throw error;
  }
}

/** Resolves once the process is gone (it killed itself, or the test killed it). */
export async function waitForExit(api: ApiProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(api.pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`API process ${api.pid} is still alive`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The test's own kill (a crash while a supplier call is in flight, outside any crash point). */
export function killNow(api: ApiProcess) {
  try {
    process.kill(api.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
