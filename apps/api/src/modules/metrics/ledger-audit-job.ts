import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/job-runner';
import { auditLedger, type LedgerAudit } from '../../ledger/invariants';
import type { Metrics } from './metrics';

/**
 * The CLI's ledger audit (audit-ledger) as a background job: every LEDGER_AUDIT_INTERVAL_MS the
 * invariants are checked and the result exposed (owo_ledger_audit_ok, ..._last_run_timestamp_seconds);
 * a broken invariant is logged as an error naming the failed checks. The checks read in one
 * repeatable-read, read-only snapshot: money keeps moving while they run, and reads from
 * different moments could show a balance and its transfers out of step (a false alarm).
 */
export function ledgerAuditJob(
  { database, clock, logger }: Pick<AppDeps, 'database' | 'clock' | 'logger'>,
  metrics: Metrics,
  intervalMs: number,
  /** Told every result (the admin alerts open or clear their ledger condition from it). */
  onResult?: (audit: LedgerAudit) => Promise<void>,
): JobDefinition {
  return {
    name: 'ledger-audit',
    intervalMs,
    // Soon after start, so a fresh node reports a result before the first full interval.
    firstDelayMs: Math.min(intervalMs, 30_000),
    async pass() {
      const audit = await database.db.transaction((tx) => auditLedger(tx), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      metrics.ledgerAudit(audit.ok, clock.now());
      if (!audit.ok) {
        const failed = audit.checks.filter((check) => !check.ok);
        logger.error(
          { checks: failed.map(({ name, violations }) => ({ name, violations })) },
          'ledger audit failed: an invariant of the ledger is broken',
        );
      }
      await onResult?.(audit);
      return false;
    },
  };
}
