import path from 'node:path';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mailer';
import type { AppDeps } from './deps';

/** The real dependencies for a configuration: used by the server and the CLI. */
export async function createRuntime(config: Config): Promise<AppDeps> {
  const logger = createLogger(config.logLevel);
  const database = openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: path.join(config.dataDir, 'pg') },
  );
  await database.migrate();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  return { config, database, clock: systemClock, mailer, logger };
}
