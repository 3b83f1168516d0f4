import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './runtime';

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
  const deps = await createRuntime(config);
  const app = await buildApp(deps);
  const close = async (signal: string) => {
    deps.logger.info({ signal }, 'shutting down');
    await app.close();
    await deps.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  deps.logger.info(
    { database: deps.database.kind, mail: config.smtpUrl ? 'smtp' : 'log' },
    `${config.appName} is running on http://localhost:${config.port}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
