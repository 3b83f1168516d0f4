import path from 'node:path';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import type { AppDeps } from './deps';
import { openProviders } from './providers';
import { sandboxEnabled } from './modules/sandbox/service';

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
  await database.migrate();
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
    async close() {
      await providerRuntime.close();
      await database.close();
    },
  };
}
