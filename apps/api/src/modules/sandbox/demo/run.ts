/**
 * `npm run demo` (scripts/demo.ts): opens the configured database (the embedded one unless
 * DATABASE_URL is set), runs the app and the supplier simulators on free loopback ports with a
 * clock the seed can set back in time, seeds, audits the ledger and prints how to sign in.
 */
import pino from 'pino';
import { startSandbox } from '@owo/providers/sandbox/server';
import { buildApp } from '../../../app';
import { ConfigError, loadConfig } from '../../../config';
import { openDatabase } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { auditLedger } from '../../../ledger/invariants';
import { sandboxProviders } from '../../../sandbox-providers';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_PIN } from './accounts';
import { seedDemo } from './seed';

function settableClock() {
  let current = Date.now();
  return {
    now: () => new Date(current),
    set: (at: Date) => {
      current = at.getTime();
    },
  };
}

function credentials(port: number): string {
  return [
    '',
    `  Open http://localhost:${port} (npm start) and sign in with:`,
    `    customer  ${DEMO_CUSTOMERS.ada.email}  password ${DEMO_PASSWORD}  PIN ${DEMO_PIN}`,
    `    friends   ${DEMO_CUSTOMERS.bola.email}, ${DEMO_CUSTOMERS.chidi.email} (same password and PIN)`,
    `    admin     ${DEMO_ADMIN.email}  password ${DEMO_ADMIN.password}`,
    '',
  ].join('\n');
}

/** Answers the process exit code: 0 seeded or already there, 1 refused or failed, 2 audit failed. */
export async function runDemo(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (config.providerMode === 'live' || config.nodeEnv === 'production') {
    console.error(
      'npm run demo: refused, the demo runs in sandbox mode only (not live, not production).',
    );
    return 1;
  }
  const database = openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax }
      : { pgliteDir: `${config.dataDir}/pg` },
  );
  const clock = settableClock();
  let appOrigin: string | undefined;
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    now: () => clock.now().getTime(),
    palmpayNotifyUrl: () => (appOrigin ? `${appOrigin}/api/webhooks/palmpay` : undefined),
    ogdamsNotifyUrl: () => (appOrigin ? `${appOrigin}/api/webhooks/ogdams` : undefined),
    vtpassNotifyUrl: () => (appOrigin ? `${appOrigin}/api/webhooks/vtpass` : undefined),
    safehavenLog: () => {},
  });
  const port = config.port;
  try {
    await database.migrate();
    // This process's own copy: its app listens on a free port, so `npm start` may run beside it
    // on PostgreSQL; its sandbox is the one just started.
    const demoConfig = { ...config, sandboxPort: sandbox.port, reconcilerIntervalMs: 0 };
    const deps: AppDeps = {
      config: demoConfig,
      database,
      clock,
      // The demo's sign-in codes are read from the sandbox mailbox; nothing is mailed.
      mailer: { send: async () => {} },
      logger: pino({ level: 'warn' }),
      providers: sandboxProviders(sandbox.baseUrls, demoConfig),
    };
    const app = await buildApp(deps);
    try {
      await app.services.catalogue.ensureFilled();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      appOrigin = `http://127.0.0.1:${address.port}`;
      demoConfig.publicBaseUrl = appOrigin;

      console.log('Seeding the demo (three weeks of history through the app and the sandbox)...');
      const result = await seedDemo({
        app,
        clock,
        sandboxOrigin: `http://127.0.0.1:${sandbox.port}`,
        log: (line) => console.log(`  ${line}`),
      });
      if (result.status === 'refused') {
        console.error(`npm run demo: refused, ${result.reason}.`);
        return 1;
      }
      console.log(
        result.status === 'seeded'
          ? `Seeded: ${result.orders} purchases, with deposits, transfers and airtime-to-cash swaps.`
          : 'The demo is already seeded; nothing changed.',
      );
      const audit = await auditLedger(database.db);
      console.log(`Ledger audit: ${audit.ok ? 'ok' : 'FAILED'}`);
      for (const check of audit.checks.filter((c) => !c.ok)) console.error(`  FAIL ${check.name}`);
      console.log(credentials(port));
      return audit.ok ? 0 : 2;
    } finally {
      await app.close();
    }
  } finally {
    await sandbox.close();
    await database.close();
  }
}
