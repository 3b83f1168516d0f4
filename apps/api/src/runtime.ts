import path from 'node:path';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { openReplicaReads } from './db/replica-reads';
import { warnWithoutWalArchiving } from './db/wal-archiving';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import type { AppDeps } from './deps';
import { openProviders } from './providers';
import { sandboxEnabled } from './modules/sandbox/service';

/** How often the replica's role and lag are read (db/replica-reads.ts). */
const REPLICA_CHECK_MS = 5_000;

export interface Runtime extends AppDeps {
  /** Closes the database and, when this process started it, the sandbox. */
  close(): Promise<void>;
}

/**
 * The real dependencies for a configuration: used by the server (which starts the sandbox in
 * sandbox mode) and the CLI (which only points at it).
 */
export async function createRuntime(
  config: Config,
  options: { startSandbox: boolean } = { startSandbox: false },
): Promise<Runtime> {
  const logger = createLogger(config.logLevel);
  const database = openDatabase(
    config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          poolMax: config.databasePoolMax,
          onConnectionError: (err) =>
            logger.warn({ err }, 'an idle database connection broke; the pool replaces it'),
        }
      : { pgliteDir: path.join(config.dataDir, 'pg') },
  );
  if ((await database.migrate()) === 'superseded') {
    // This node's release is older than one that has migrated since (a rolling replacement, a
    // restart of a node not yet replaced): its function files would put older bodies back.
    logger.warn(
      "database functions left as a newer release applied them (decision 0072); `cli migrate` applies this release's",
    );
  }
  const replicaReads = config.databaseReadUrl
    ? openReplicaReads({
        primary: database,
        readUrl: config.databaseReadUrl,
        maxLagSeconds: config.databaseReadMaxLagSeconds,
        // A small pool: only the lag-tolerant reads use it.
        poolMax: Math.max(2, Math.ceil(config.databasePoolMax / 2)),
        warn: (context, message) => logger.warn(context, message),
        info: (context, message) => logger.info(context, message),
      })
    : undefined;
  if (replicaReads) {
    // Checked before the first request, then every few seconds.
    await replicaReads.check();
    replicaReads.start(REPLICA_CHECK_MS);
  }
  if (config.nodeEnv === 'production' && database.kind === 'postgres') {
    await warnWithoutWalArchiving(database, logger);
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
    production: config.nodeEnv === 'production',
  });
  // The simulated Safe Haven "texts" its NIN/BVN codes: they go to the sandbox mailbox, and to the
  // log as before when the line is not a code.
  // The codes are also printed as plain lines, readable among the JSON log (unless LOG_LEVEL=silent).
  // Imported only in sandbox mode (decision 0020): a live process has no mailbox of codes.
  const sandboxInbox = sandboxEnabled(config)
    ? (await import('./modules/sandbox/inbox')).createSandboxInbox({
        print: config.logLevel === 'silent' ? () => {} : (line) => console.log(line),
      })
    : undefined;
  const providerRuntime = await openProviders(config, {
    ...options,
    safehavenLog: sandboxInbox
      ? (line) => {
          if (!sandboxInbox.recordSafeHavenLine(line)) logger.info(line);
        }
      : undefined,
  });
  return {
    config,
    database,
    clock: systemClock,
    mailer,
    logger,
    providers: providerRuntime.providers,
    sandboxInbox,
    replicaReads,
    async close() {
      await providerRuntime.close();
      await replicaReads?.close();
      await database.close();
    },
  };
}
