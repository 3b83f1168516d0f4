import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary } from './cluster/primary';
import { joinClusterAsWorker, processRole } from './cluster/worker';
import { ConfigError, loadConfig, type Config } from './config';
import { createRuntime } from './runtime';
import { startBackgroundJobs } from './jobs/background-jobs';
import { createShutdown } from './shutdown';
import { startMetrics } from './modules/metrics/start';
import { collectProcessMetrics } from './modules/metrics/listener';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // Several API processes (decision 0038): this first process becomes the cluster's primary and
  // forks the workers, which run this same file and serve below.
  if (config.apiProcesses > 1 && cluster.isPrimary) {
    await runPrimary(config);
    return;
  }
  await serve(config);
}

async function serve(config: Config) {
  const role = processRole(config);
  const worker = cluster.isWorker ? joinClusterAsWorker() : undefined;
  const deps = await createRuntime(config, { startSandbox: role.startsSandbox });
  if (worker && deps.sandboxInbox) worker.shareInbox(deps.sandboxInbox);
  const app = await buildApp(deps);
  if (worker) {
    worker.exposeMetrics(app.services.metrics.registry);
    if (config.metricsPort) collectProcessMetrics(app.services.metrics.registry);
  }
  try {
    await app.services.catalogue.ensureFilled();
  } catch (error) {
    // The API still serves everything else; an empty catalogue fills on the next start.
    deps.logger.error({ err: error }, 'could not fill the catalogue from the suppliers');
  }
  // Background jobs (reconciler, deposit sweep, analytics rollup, retention) on one helper; in a
  // cluster on the lead worker only (cluster/worker.ts).
  const jobs = role.lead
    ? startBackgroundJobs(deps, app.services, app.services.metrics.jobPass)
    : undefined;
  // The metrics listener and the scheduled ledger audit (decision 0026).
  // Its result also opens or clears the admins' ledger alert (decision 0030).
  const metrics = await startMetrics(deps, app.services.metrics, app.services.alerts.ledgerAudit, {
    listener: role.servesMetrics,
    audit: role.lead,
  });
  // Graceful stop: drains run together (no new requests, in-flight ones and running job passes
  // finish), then the closers in order. Add a listener's close with shutdown.drain(...).
  const shutdown = createShutdown({ logger: deps.logger, timeoutMs: config.shutdownTimeoutMs });
  // app.close() waits for in-flight requests; plugins/drain-connections.ts ends the kept-alive
  // connections (Connection: close on every reply from the signal on).
  shutdown.drain('http', () => app.close());
  if (jobs) shutdown.drain('jobs', () => jobs.stop());
  shutdown.drain('metrics', () => metrics.stop());
  shutdown.close('runtime', () => deps.close());
  shutdown.listen();
  worker?.stopWith(shutdown);
  await app.listen({ port: config.port, host: config.host });
  if (!role.lead) {
    deps.logger.info({ worker: role.workerIndex }, 'API worker listening');
    return;
  }
  deps.logger.info(
    {
      database: deps.database.kind,
      mail: config.smtpUrl ? 'smtp' : 'log',
      providers: config.providerMode === 'live' ? 'live' : `sandbox on :${config.sandboxPort}`,
    },
    `${config.appName} is running on http://localhost:${config.port}`,
  );
  if (app.services.sandbox) {
    // Plain lines a newcomer reads at a glance (the JSON log above is for machines).
    console.log(
      [
        '',
        `  ${config.appName} (sandbox, no real money): http://localhost:${config.port}`,
        `  Supplier simulators: http://127.0.0.1:${config.sandboxPort} (SANDBOX_PORT)`,
        `  Mailbox (sign-in, reset, PIN and NIN/BVN codes): http://localhost:${config.port}/sandbox/mailbox`,
        '  Add money: Home → Deposit → Fund your Wallet → "Add money (sandbox)"',
        '',
      ].join('\n'),
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
