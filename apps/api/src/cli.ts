import path from 'node:path';
import { Command, CommanderError } from 'commander';
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
import { webhookLiveCheck, type WebhookCheckInput } from './modules/admin-cli/live-check-webhooks';
import { migrateDatabase } from './modules/admin-cli/migrate';
import { openDatabase, type Database } from './db/client';
import type { Config } from './config';
import { backupPglite, restorePglite } from './db/pglite-backup';
import { openProviders } from './providers';

/** backup/restore copy the embedded database; a PostgreSQL server has its own tools. */
const POSTGRES_BACKUP_HINT =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump --format=custom and restore with pg_restore (README, Backups).';

/**
 * Operator commands: `npm run cli -- <command>`. Each opens the database, acts, and closes.
 * Errors are thrown rather than printed by commander (exitOverride, inherited by every command
 * defined below), so an e-mail that begins with "-" gets the hint to put it after `--`.
 */
const program = new Command('owo')
  .description('Operator commands for the Owo wallet')
  .exitOverride()
  .addHelpText(
    'after',
    '\nAn e-mail that begins with "-" reads as an option: put the options first, then --, then the' +
      '\narguments, e.g. npm run cli -- credit --reason "refund" -- -ada@example.com 5000',
  );

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
  .description(
    'file a credit request for a wallet: nothing moves until an admin approves it on the Approvals screen (decision 0047)',
  )
  .argument('<email>')
  .argument('<naira>', 'amount in naira, e.g. 5000 or 1500.50')
  .requiredOption('--reason <text>', 'why the money is credited (kept with the request)')
  .action(async (email: string, naira: string, options: { reason: string }) => {
    console.log(await withCommands((c) => c.credit(email, naira, options.reason)));
  });

program
  .command('audit-ledger')
  .description(
    "check the ledger invariants: what changed since the last audit and one slice of old history, or all history with --full; opens or clears the admins' ledger alert; exits 2 on a violation, 3 when another audit pass is running",
  )
  .option('--full', 'check all history in one snapshot (slow on a large ledger)')
  .action(async (options: { full?: boolean }) => {
    const { ok, report, skipped } = await withCommands((c) =>
      c.auditLedger({ full: options.full === true }),
    );
    console.log(report);
    if (skipped) process.exitCode = 3;
    else if (!ok) process.exitCode = 2;
  });

/**
 * The database's record of signed webhook events, for live-check: PostgreSQL any time; the
 * embedded database only while no server holds it (the screen shows the same record then).
 */
async function webhookRecords(
  config: Config,
): Promise<{ records: WebhookCheckInput['records']; close(): Promise<void> }> {
  let database: Database;
  try {
    database = config.databaseUrl
      ? openDatabase({ databaseUrl: config.databaseUrl, poolMax: 1 })
      : openDatabase({ pgliteDir: path.join(config.dataDir, 'pg') });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      records: {
        unavailable: `signed events not readable here (${reason}); the admin Suppliers screen shows them`,
      },
      close: async () => {},
    };
  }
  return { records: { db: database.db }, close: () => database.close() };
}

async function webhookChecks(config: Config) {
  const palmpayPublicKey = config.liveProviders
    ? config.liveProviders.palmpay.palmpayPublicKey
    : (await import('./sandbox-providers')).sandboxPalmpayPublicKey();
  const { records, close } = await webhookRecords(config);
  try {
    return await webhookLiveCheck({
      publicBaseUrl: config.publicBaseUrl,
      live: config.liveProviders !== undefined,
      palmpayPublicKey,
      records,
    });
  } finally {
    await close();
  }
}

program
  .command('live-check')
  .description(
    'read-only calls to a supplier (balance, catalogue, a documented test number); buys nothing. ' +
      'Live keys in live mode; in sandbox mode it runs against freshly started simulators. ' +
      '`webhooks` (also in `all`): our webhook routes through PUBLIC_BASE_URL, PALMPAY_PUBLIC_KEY ' +
      'and the Ogdams signing key',
  )
  .argument('<supplier>', `${LIVE_CHECK_SUPPLIERS.join(' | ')} | webhooks | all`)
  .action(async (supplier: string) => {
    if (supplier !== 'all' && supplier !== 'webhooks' && !isLiveCheckSupplier(supplier)) {
      throw new Error(
        `Unknown supplier ${supplier}: one of ${LIVE_CHECK_SUPPLIERS.join(', ')}, webhooks, all`,
      );
    }
    const config = loadConfig();
    const suppliers =
      supplier === 'all' ? LIVE_CHECK_SUPPLIERS : supplier === 'webhooks' ? [] : [supplier];
    // The suppliers' checks need no database: they may run beside a server that holds the
    // embedded one (the webhook checks then say so).
    const { providers, close } = config.liveProviders
      ? await openProviders(config, { startSandbox: false })
      : await (await import('./sandbox-providers')).openSandboxOnFreePort(config);
    try {
      const reports = await runLiveCheck(providers, suppliers);
      if (supplier === 'all' || supplier === 'webhooks') {
        reports.push({ supplier: 'webhooks', lines: await webhookChecks(config) });
      }
      console.log(formatLiveCheck(reports, config.liveProviders ? 'live' : 'sandbox'));
      if (liveCheckFailed(reports)) process.exitCode = 3;
    } finally {
      await close();
    }
  });

/** Looks like an e-mail address, not an option of ours (none has an @). */
const DASHED_EMAIL = /^-[^\s@]*@/;

program.parseAsync().catch((error: unknown) => {
  if (error instanceof CommanderError) {
    // Commander has printed its message (or the help) already.
    if (
      error.code === 'commander.unknownOption' &&
      process.argv.some((a) => DASHED_EMAIL.test(a))
    ) {
      console.error(
        'An e-mail that begins with "-" reads as an option: put the options first, then --, then ' +
          'the arguments, e.g. npm run cli -- credit --reason "refund" -- -ada@example.com 5000',
      );
    }
    process.exit(error.exitCode);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
