import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './runtime';
import { startDepositSweeper } from './jobs/deposit-sweeper';

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
  const deps = await createRuntime(config, { startSandbox: true });
  const app = await buildApp(deps);
  try {
    await app.services.catalogue.ensureFilled();
  } catch (error) {
    // The API still serves everything else; an empty catalogue fills on the next start.
    deps.logger.error({ err: error }, 'could not fill the catalogue from the suppliers');
  }
  const stopReconciler =
    config.reconcilerIntervalMs > 0
      ? app.services.reconciler.start(config.reconcilerIntervalMs)
      : () => {};
  // The deposit sweep rides on the reconciler's switch and interval (both finish open money).
  const stopSweeper =
    config.reconcilerIntervalMs > 0
      ? startDepositSweeper(app.services.deposits, deps.logger, config.reconcilerIntervalMs)
      : () => {};
  // finished days rolled up for the admin dashboard (safe on several processes).
  const stopRollup =
    config.analyticsRollupIntervalMs > 0
      ? app.services.analyticsRollup.start(config.analyticsRollupIntervalMs)
      : () => {};
  const close = async (signal: string) => {
    deps.logger.info({ signal }, 'shutting down');
    stopReconciler();
    stopSweeper();
    stopRollup();
    await app.close();
    await deps.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
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
