import path from 'node:path';
import { Command } from 'commander';
import { loadConfig } from './config';
import { createRuntime } from './runtime';
import { createAdminCommands } from './modules/admin-cli/commands';
import {
  formatLiveCheck,
  isLiveCheckSupplier,
  LIVE_CHECK_SUPPLIERS,
  liveCheckFailed,
  runLiveCheck,
} from './modules/admin-cli/live-check';
import { migrateDatabase } from './modules/admin-cli/migrate';
import { backupPglite, restorePglite } from './db/pglite-backup';
import { openProviders } from './providers';

/** backup/restore copy the embedded database; a PostgreSQL server has its own tools. */
const POSTGRES_BACKUP_HINT =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump --format=custom and restore with pg_restore (README, Backups).';

/** Operator commands: `npm run cli -- <command>`. Each opens the database, acts, and closes. */
const program = new Command('owo').description('Operator commands for the Owo wallet');

async function withCommands<T>(
  action: (commands: ReturnType<typeof createAdminCommands>) => Promise<T>,
) {
  const deps = await createRuntime(loadConfig());
  try {
    return await action(createAdminCommands(deps));
  } finally {
    await deps.close();
  }
}

program
  .command('migrate')
  .description(
    'apply the database migrations and exit (a deployment step, run once before API nodes start)',
  )
  .action(async () => {
    console.log(await migrateDatabase(loadConfig()));
  });

program
  .command('backup')
  .description(
    'copy the embedded database (DATA_DIR/pg) to a file; stop the server first. PostgreSQL: pg_dump (README, Backups)',
  )
  .argument('<file>')
  .action(async (file: string) => {
    const config = loadConfig();
    if (config.databaseUrl) throw new Error(POSTGRES_BACKUP_HINT);
    console.log(await backupPglite(path.join(config.dataDir, 'pg'), path.resolve(file)));
  });

program
  .command('restore')
  .description('restore a `backup` file into an empty DATA_DIR (embedded database only)')
  .argument('<file>')
  .action(async (file: string) => {
    const config = loadConfig();
    if (config.databaseUrl) throw new Error(POSTGRES_BACKUP_HINT);
    console.log(await restorePglite(path.resolve(file), path.join(config.dataDir, 'pg')));
  });

program
  .command('create-admin')
  .description('create an administrator account with a password (or promote an existing account)')
  .argument('<email>')
  .argument('<password>')
  .action(async (email: string, password: string) => {
    console.log(await withCommands((c) => c.createAdmin(email, password)));
  });

program
  .command('make-admin')
  .description('give an existing account the admin role')
  .argument('<email>')
  .action(async (email: string) => {
    console.log(await withCommands((c) => c.makeAdmin(email)));
  });

program
  .command('set-role')
  .description("set an existing account's role: user, admin or support (read-only staff)")
  .argument('<email>')
  .argument('<role>')
  .action(async (email: string, role: string) => {
    console.log(await withCommands((c) => c.setRole(email, role)));
  });

program
  .command('credit')
  .description('credit a wallet from the adjustments account (recorded with its reason)')
  .argument('<email>')
  .argument('<naira>', 'amount in naira, e.g. 5000 or 1500.50')
  .requiredOption('--reason <text>', 'why the money is credited (kept with the transfer)')
  .action(async (email: string, naira: string, options: { reason: string }) => {
    console.log(await withCommands((c) => c.credit(email, naira, options.reason)));
  });

program
  .command('audit-ledger')
  .description('check the ledger invariants; exits non-zero on a violation')
  .action(async () => {
    const { ok, report } = await withCommands((c) => c.auditLedger());
    console.log(report);
    if (!ok) process.exitCode = 2;
  });

program
  .command('live-check')
  .description(
    'read-only calls to a supplier (balance, catalogue, a documented test number); buys nothing. ' +
      'Live keys in live mode; in sandbox mode it runs against freshly started simulators',
  )
  .argument('<supplier>', `${LIVE_CHECK_SUPPLIERS.join(' | ')} | all`)
  .action(async (supplier: string) => {
    if (supplier !== 'all' && !isLiveCheckSupplier(supplier)) {
      throw new Error(
        `Unknown supplier ${supplier}: one of ${LIVE_CHECK_SUPPLIERS.join(', ')}, all`,
      );
    }
    const config = loadConfig();
    // No database: the check may run beside a server that holds the embedded one.
    const { providers, close } = config.liveProviders
      ? await openProviders(config, { startSandbox: false })
      : await (await import('./sandbox-providers')).openSandboxOnFreePort(config);
    try {
      const reports = await runLiveCheck(
        providers,
        supplier === 'all' ? LIVE_CHECK_SUPPLIERS : [supplier],
      );
      console.log(formatLiveCheck(reports, config.liveProviders ? 'live' : 'sandbox'));
      if (liveCheckFailed(reports)) process.exitCode = 3;
    } finally {
      await close();
    }
  });

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
