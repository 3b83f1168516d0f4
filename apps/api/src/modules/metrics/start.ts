import type { AppDeps } from '../../deps';
import { startJob, type RunningJob } from '../../jobs/job-runner';
import type { LedgerAudit } from '../../ledger/invariants';
import { ledgerAuditJob } from './ledger-audit-job';
import { startMetricsListener, type MetricsListener } from './listener';
import type { Metrics } from './metrics';

/**
 * The server's metrics work, from the configuration: the listener (METRICS_PORT set) and the
 * scheduled ledger audit (LEDGER_AUDIT_INTERVAL_MS > 0). `stop` closes both; the server runs it
 * among its shutdown drains. A cluster worker (decision 0038) runs neither listener (the primary
 * serves every worker's series on METRICS_PORT) nor, unless it is the lead, the audit.
 */
export async function startMetrics(
  deps: AppDeps,
  metrics: Metrics,
  onLedgerAudit?: (audit: LedgerAudit) => Promise<void>,
  parts: { listener: boolean; audit: boolean } = { listener: true, audit: true },
): Promise<{ listener: MetricsListener | undefined; stop(): Promise<void> }> {
  const { config, database, logger } = deps;
  const audit: RunningJob | undefined =
    parts.audit && config.ledgerAuditIntervalMs > 0
      ? startJob(
          { database, logger, onPass: metrics.jobPass },
          ledgerAuditJob(deps, metrics, config.ledgerAuditIntervalMs, onLedgerAudit),
        )
      : undefined;
  let listener: MetricsListener | undefined;
  try {
    listener =
      parts.listener && config.metricsPort
        ? await startMetricsListener({
            metrics,
            host: config.metricsHost,
            port: config.metricsPort,
            logger,
          })
        : undefined;
  } catch (error) {
    await audit?.stop();
    throw error;
  }
  if (listener) {
    logger.info({ host: config.metricsHost, port: listener.port }, 'metrics listener started');
  }
  return {
    listener,
    async stop() {
      await Promise.all([listener?.close(), audit?.stop()]);
    },
  };
}
