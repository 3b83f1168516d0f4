import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';

/**
 * `cli migrate`: the forward-only migrations and nothing else (no suppliers, no sandbox), so a
 * deployment can run them once, as a step of its own, before it starts or replaces API nodes.
 * Idempotent: a database that is up to date is left as it is. The release's step: its database
 * functions are applied even over a set a node has since applied (decision 0072), which is how a
 * function change that was reverted goes back in.
 */
export async function migrateDatabase(config: Config): Promise<string> {
  const database = openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolMax: 1 }
      : { pgliteDir: path.join(config.dataDir, 'pg') },
  );
  try {
    await database.migrate({ alwaysApplyFunctions: true });
  } finally {
    await database.close();
  }
  return `Migrations applied (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`;
}
