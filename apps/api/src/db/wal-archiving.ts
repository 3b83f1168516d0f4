import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/**
 * A production start on a PostgreSQL server that archives no WAL is warned about, not refused
 * (docs/decisions/0052): without archiving there is no point-in-time recovery, but refusing would
 * keep the service down exactly when an operator has switched archiving off on purpose (a full
 * archive disk during an incident, a restore being verified), and a managed server may archive by
 * its own means behind a setting this role cannot read. The warning names what to do.
 */
export async function warnWithoutWalArchiving(database: Database, logger: FastifyBaseLogger) {
  try {
    const result = (await database.db.execute(
      sql`select current_setting('archive_mode') as mode, current_setting('archive_command') as command`,
    )) as unknown as { rows: { mode: string; command: string }[] };
    const row = result.rows[0];
    const archiving = row && row.mode !== 'off' && row.command.trim() !== '';
    if (!archiving) {
      logger.warn(
        { archiveMode: row?.mode, archiveCommand: row?.command ?? '' },
        'PostgreSQL archives no WAL (archive_mode/archive_command): no point-in-time recovery is possible; configure pgBackRest (README, Deploying)',
      );
    }
  } catch (err) {
    // archive_command is readable only by superusers and pg_read_all_settings.
    logger.warn(
      { err },
      'could not read whether PostgreSQL archives WAL (grant pg_read_all_settings to check); make sure it does (README, Deploying)',
    );
  }
}
