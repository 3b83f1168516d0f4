import type { AppDeps } from '../deps';
import { createRetention } from '../modules/retention/service';
import type { Services } from '../services';
import { depositSweepPass } from './deposit-sweeper';
import { startJobs, type JobDefinition, type JobGroup, type PassReport } from './job-runner';
import { partitionMaintenanceJob } from './partition-maintenance';

/** The server's background jobs, from the configuration (an interval of 0 leaves a job out). */
export function backgroundJobDefinitions(deps: AppDeps, services: Services): JobDefinition[] {
  const { config } = deps;
  const jobs: JobDefinition[] = [];
  if (config.reconcilerIntervalMs > 0) {
    jobs.push({
      name: 'reconciler',
      intervalMs: config.reconcilerIntervalMs,
      pass: services.reconciler.pass,
      // Every node requeries: the orders are shared out by their claims, so the requeries' pace
      // grows with the nodes.
      exclusive: false,
    });
    // The deposit sweep rides on the reconciler's switch and interval (both finish open money).
    jobs.push({
      name: 'deposit-sweeper',
      intervalMs: config.reconcilerIntervalMs,
      pass: depositSweepPass(services.deposits),
    });
    // Resellers' webhooks ride on the same switch and interval (decision 0089): every node posts,
    // the deliveries shared out by their claims like the reconciler's orders.
    jobs.push({
      name: 'webhook-deliveries',
      intervalMs: config.reconcilerIntervalMs,
      pass: services.webhookDeliveries.pass,
      exclusive: false,
    });
  }
  if (config.analyticsRollupIntervalMs > 0) {
    jobs.push({
      name: 'analytics-rollup',
      intervalMs: config.analyticsRollupIntervalMs,
      // Soon after start, so days that ended while no process was running are caught up.
      firstDelayMs: Math.min(config.analyticsRollupIntervalMs, 10_000),
      pass: services.analyticsRollup.pass,
    });
  }
  if (config.retentionIntervalMs > 0) {
    jobs.push({
      name: 'retention',
      intervalMs: config.retentionIntervalMs,
      firstDelayMs: Math.min(config.retentionIntervalMs, 60_000),
      pass: createRetention(deps).pass,
    });
    // pg_partman's premake of the months ahead rides on the retention switch and interval (both
    // keep the tables' time ranges in shape; decision 0085), soon after start like it.
    jobs.push({
      name: 'partition-maintenance',
      intervalMs: config.retentionIntervalMs,
      firstDelayMs: Math.min(config.retentionIntervalMs, 60_000),
      pass: partitionMaintenanceJob(deps.database, deps.logger),
    });
  }
  if (config.alertsIntervalMs > 0) {
    jobs.push({
      name: 'alerts',
      intervalMs: config.alertsIntervalMs,
      pass: services.alerts.pass,
    });
  }
  return jobs;
}

export function startBackgroundJobs(
  deps: AppDeps,
  services: Services,
  onPass?: (report: PassReport) => void,
): JobGroup {
  return startJobs(
    { database: deps.database, logger: deps.logger, onPass },
    backgroundJobDefinitions(deps, services),
  );
}
