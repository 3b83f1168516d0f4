import { Command } from 'commander';
import { loadConfig } from './config';
import { createRuntime } from './runtime';
import { createAdminCommands } from './modules/admin-cli/commands';

/** Operator commands: `npm run cli -- <command>`. Each opens the database, acts, and closes. */
const program = new Command('owo').description('Operator commands for the Owo wallet');

async function withCommands<T>(
  action: (commands: ReturnType<typeof createAdminCommands>) => Promise<T>,
) {
  const deps = await createRuntime(loadConfig());
  try {
    return await action(createAdminCommands(deps));
  } finally {
    await deps.database.close();
  }
}

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

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
