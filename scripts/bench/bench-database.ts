import { loadConfig, type Config } from '../../apps/api/src/config';
import { openDatabase, type Database } from '../../apps/api/src/db/client';

export interface BenchDatabaseOptions {
  dataDir: string;
  databaseUrl: string;
  sessionSecret: string;
  /** Connections the bench's own work needs (its API processes have their own pools). */
  poolMax: number;
}

/**
 * What every bench that writes its own rows starts with: the API's configuration as a test
 * process sees it (silent, no reconciler running behind the measurement) and a pool on the
 * bench's database. The caller migrates and closes it.
 */
export function openBenchDatabase(options: BenchDatabaseOptions): {
  config: Config;
  database: Database;
} {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: options.sessionSecret,
    LOG_LEVEL: 'silent',
    RECONCILER_INTERVAL_MS: '0',
  });
  const database = openDatabase({ databaseUrl: options.databaseUrl, poolMax: options.poolMax });
  return { config, database };
}
