import type { FastifyBaseLogger } from 'fastify';
import type { Providers } from '@owo/providers/types';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ReplicaReads } from './db/replica-reads';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { Metrics } from './modules/metrics/metrics';
import type { SandboxInbox } from './modules/sandbox/inbox';

/** What every service is built from; tests pass their own clock and mailer. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** The supplier adapters (pointed at the sandbox or at the real suppliers). */
  providers: Providers;
  /**
   * Sandbox mode: the mailbox the Safe Haven simulator's codes go to (runtime.ts wires it); the
   * app makes its own when absent.
   */
  sandboxInbox?: SandboxInbox;
  /**
   * DATABASE_READ_URL set: the replica the lag-tolerant reads use (db/replica-reads.ts); absent,
   * they read the primary like everything else.
   */
  replicaReads?: ReplicaReads;
  /** The app's Prometheus series; createServices makes them when absent (one set per app). */
  metrics?: Metrics;
}
