import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteSupplier } from '@owo/shared/suppliers';
import {
  freePort,
  startApi,
  startSandboxProcess,
  type ApiProcess,
  type SandboxProcess,
} from '../../../../scripts/bench/api-process';
import { seed } from '../../../../scripts/bench/seed';
import { createScratchDatabase, type ScratchDatabase } from './database';
import { startNginx, type Nginx } from './nginx';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The PIN every seeded customer has (scripts/bench/seed.ts). */
export { BENCH_PIN as CLUSTER_PIN } from '../../../../scripts/bench/seed';

/** The cluster's process number `index` as PostgreSQL sees it (application_name). */
const processName = (index: number) => `owo-api-${index}`;

export interface Cluster {
  /** nginx in front of every process: where customers and PalmPay call. */
  origin: string;
  apis: ApiProcess[];
  /** Each process's own origin, to aim a request at one of them. */
  origins: string[];
  /**
   * Each process's name in PostgreSQL (`application_name` of every connection it opens, from
   * PGAPPNAME): which process holds a connection, e.g. its LISTEN, reads from pg_stat_activity.
   */
  names: string[];
  nginx: Nginx;
  sandbox: SandboxProcess;
  database: ScratchDatabase;
  /** Seeded customers (verified e-mail, PIN 1234, the largest operator credit, a session). */
  users: { token: string; id: string }[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  adminUrl: string;
  processes: number;
  users: number;
  /** Extra environment for every API process (a function: built from the fresh database). */
  env?: Record<string, string> | ((database: ScratchDatabase) => Record<string, string>);
  /** Airtime's route on every network (seed's airtimeRoute); default: the app's own. */
  airtimeRoute?: RouteSupplier<'airtime'>[];
}

/**
 * N API processes on one fresh PostgreSQL database, all talking to one provider sandbox process,
 * behind Debian's nginx with the project's nginx.conf (the compose topology without containers).
 * Each process's PUBLIC_BASE_URL is nginx, so the webhooks PalmPay's simulator sends for
 * checkouts (to the notifyUrl the API gave it) come in through nginx too. The processes trust
 * one proxy hop (TRUST_PROXY=1): the client address is the one nginx saw. Everything started is stopped by stop(), also after a failed start.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-procs-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const started: { stop(): Promise<void> }[] = [];
  const database = await createScratchDatabase(options.adminUrl);
  const stop = async () => {
    for (const item of started.reverse()) await item.stop().catch(() => {});
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The seeding migrates the database, so the processes start on a ready schema.
    const seeded = await seed({
      databaseUrl: database.url,
      users: options.users,
      dataDir,
      sessionSecret,
      airtimeRoute: options.airtimeRoute,
    });
    const sandbox = await startSandboxProcess(ROOT);
    started.push(sandbox);
    // nginx's port is chosen first: the processes need their public origin when they start.
    const nginxPort = await freePort();
    const origin = `http://127.0.0.1:${nginxPort}`;
    const startOne = (index: number) =>
      startApi({
        root: ROOT,
        databaseUrl: database.url,
        poolMax: 5,
        dataDir,
        sessionSecret,
        pinCache: false,
        externalSandbox: sandbox,
        env: {
          PUBLIC_BASE_URL: origin,
          TRUST_PROXY: '1',
          PGAPPNAME: processName(index),
          ...(typeof options.env === 'function' ? options.env(database) : options.env),
        },
      }).then((api) => {
        started.push(api);
        return api;
      });
    // The first fills the plan catalogue alone; the others then find it filled.
    const apis = [await startOne(0)];
    apis.push(
      ...(await Promise.all(
        Array.from({ length: options.processes - 1 }, (_, i) => startOne(i + 1)),
      )),
    );
    const nginx = await startNginx({ port: nginxPort, apiPorts: apis.map((api) => api.port) });
    started.push({ stop: () => nginx.close() });
    return {
      origin,
      apis,
      origins: apis.map((api) => `http://127.0.0.1:${api.port}`),
      names: apis.map((_, index) => processName(index)),
      nginx,
      sandbox,
      database,
      users: seeded.tokens.map((token, i) => ({ token, id: seeded.userIds[i]! })),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
