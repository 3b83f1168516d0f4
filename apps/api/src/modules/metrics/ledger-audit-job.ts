import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/job-runner';
import {
  AUDIT_DEFAULTS,
  runIncrementalAudit,
  type IncrementalAuditOptions,
} from '../../ledger/incremental-audit';
import type { LedgerAudit } from '../../ledger/invariants';
import type { Metrics } from './metrics';

/**
 * The ledger audit as a background job: every LEDGER_AUDIT_INTERVAL_MS the incremental audit
 * (decision 0076) checks the transfers since its checkpoint and one slice of old history, and the
 * result is exposed (owo_ledger_audit_ok, ..._last_run_timestamp_seconds); a broken invariant is
 * logged as an error naming the failed checks. A pass that finds another one (the CLI, another
 * node) at work reports nothing: that one reports.
 */
export function ledgerAuditJob(
  { database, clock, logger }: Pick<AppDeps, 'database' | 'clock' | 'logger'>,
  metrics: Metrics,
  intervalMs: number,
  /** Told every result (the admin alerts open or clear their ledger condition from it). */
  onResult?: (audit: LedgerAudit) => Promise<void>,
  options: IncrementalAuditOptions = AUDIT_DEFAULTS,
): JobDefinition {
  return {
    name: 'ledger-audit',
    intervalMs,
    // Soon after start, so a fresh node reports a result before the first full interval.
    firstDelayMs: Math.min(intervalMs, 30_000),
    async pass() {
      const result = await runIncrementalAudit(database, options);
      if (result.skipped) {
        logger.info('ledger audit: another pass holds the checkpoint; this one skipped');
        return false;
      }
      const { audit } = result;
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
