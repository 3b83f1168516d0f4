import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { sandboxEnabled } from '../modules/sandbox/service';
import { relayInboxInPrimary } from './shared-inbox';

/**
 * Sandbox mode in a cluster (decision 0038): the supplier simulators run once, in the primary,
 * because every worker starting them would clash on SANDBOX_PORT; the workers point their
 * adapters at them (as the CLI does). SANDBOX_PORT=0 is resolved here and handed to the workers.
 * The simulators print Safe Haven's codes here, so the mailbox's relay lives here too.
 * Imported only in sandbox mode: a live primary never loads the simulators (decision 0020).
 */
export async function startSandboxInPrimary(
  config: Config,
  logger: FastifyBaseLogger,
): Promise<{ port: number; close(): Promise<void> }> {
  let safehavenLog: ((line: string) => void) | undefined;
  if (sandboxEnabled(config)) {
    const { createSandboxInbox } = await import('../modules/sandbox/inbox');
    const inbox = createSandboxInbox({
      print: config.logLevel === 'silent' ? () => {} : (line) => console.log(line),
    });
    relayInboxInPrimary(inbox);
    safehavenLog = (line) => {
      if (!inbox.recordSafeHavenLine(line)) logger.info(line);
    };
  }
  const { startServerSandbox } = await import('../sandbox-providers');
  const sandbox = await startServerSandbox(config, safehavenLog);
  return { port: sandbox.port, close: () => sandbox.close() };
}
