import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { partitionsRepository } from '../db/partitions-repository';

export interface PartitionMaintenanceReport {
  /** Whether pg_partman is there (false on PGlite, and on a server without the package). */
  partman: boolean;
  /** The tables pg_partman manages (schema-qualified); none where it is absent. */
  managed: string[];
  /** Rows in their DEFAULT partitions: dated where no partition was made for them. */
  defaultRows: number;
}

/**
 * One maintenance of the time-partitioned tables (decision 0085): pg_partman premakes the months
 * ahead of each table it manages. Where the extension is absent (PGlite, or a server without
 * postgresql-15-partman) there is nothing to do: the tables run on their DEFAULT partition.
 */
export async function partitionMaintenancePass(
  database: Database,
): Promise<PartitionMaintenanceReport> {
  const none = { partman: false, managed: [], defaultRows: 0 };
  if (database.kind !== 'postgres') return none;
  const schema = await partitionsRepository.partmanSchema(database.db);
  if (!schema) return none;
  return { partman: true, ...(await partitionsRepository.runMaintenance(database.db, schema)) };
}

/**
 * The job runner's pass. Warns once per process when a PostgreSQL server has no pg_partman (the
 * journal then grows in its DEFAULT partition: correct, but unpartitioned; decision 0085), and
 * on every pass when a DEFAULT partition holds rows (they need an operator).
 */
export function partitionMaintenanceJob(
  database: Database,
  logger: FastifyBaseLogger,
): () => Promise<boolean> {
  let warnedMissing = false;
  return async () => {
    const report = await partitionMaintenancePass(database);
    if (database.kind === 'postgres' && !report.partman && !warnedMissing) {
      warnedMissing = true;
      logger.warn(
        { job: 'partition-maintenance' },
        'pg_partman is not installed: ledger_transfers grows in its DEFAULT partition',
      );
    }
    if (report.defaultRows > 0) {
      logger.warn(
        { job: 'partition-maintenance', ...report },
        'rows in a DEFAULT partition: pg_partman cannot make the partitions of their months',
      );
    }
    return false;
  };
}
