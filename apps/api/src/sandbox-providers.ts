/**
 * Sandbox mode's suppliers: the simulators and the adapters pointed at them with the committed
 * sandbox keys. Loaded only by a dynamic import in sandbox mode (providers.ts, cli.ts), so a live
 * process never has the simulators or those keys in memory (decision 0020).
 */
import { createProviders } from '@owo/providers/create-providers';
import { sandboxProvidersConfig } from '@owo/providers/sandbox/providers-config';
import { sandboxBaseUrls, startSandbox, type SandboxBaseUrls } from '@owo/providers/sandbox/server';
import type { Config } from './config';
import type { ProviderRuntime } from './providers';

/** The adapters pointed at a sandbox at these base URLs (the paths are the sandbox's own). */
export function sandboxProviders(baseUrls: SandboxBaseUrls, config: Config) {
  return createProviders(sandboxProvidersConfig(baseUrls, config.providerTimeoutMs));
}

/**
 * The server starts the simulators on SANDBOX_PORT (startSandbox: true); the CLI only points at
 * the ones `npm start` runs.
 */
export async function openSandboxProviders(
  config: Config,
  options: { startSandbox: boolean; safehavenLog?: (line: string) => void },
): Promise<ProviderRuntime> {
  if (!options.startSandbox) {
    const urls = sandboxBaseUrls(`http://127.0.0.1:${config.sandboxPort}`);
    return { providers: sandboxProviders(urls, config), close: async () => {} };
  }
  const sandbox = await startServerSandbox(config, options.safehavenLog);
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}

/**
 * The simulators the server runs on SANDBOX_PORT: in the API process itself, or once in a
 * cluster's primary for all its workers (decision 0038).
 */
export function startServerSandbox(config: Config, safehavenLog?: (line: string) => void) {
  return startSandbox({
    port: config.sandboxPort,
    host: '127.0.0.1',
    // PalmPay's virtual-account notifications go to the URL the merchant configured with PalmPay.
    palmpayNotifyUrl: `${config.publicBaseUrl}/api/webhooks/palmpay`,
    // Ogdams posts its events to the URL set on its dashboard.
    ogdamsNotifyUrl: `${config.publicBaseUrl}/api/webhooks/ogdams`,
    safehavenLog,
  });
}

/**
 * Simulators of our own on a free port (the CLI's live-check in sandbox mode): a check that runs
 * the real adapters against them, whether or not `npm start` is running.
 */
export async function openSandboxOnFreePort(config: Config): Promise<ProviderRuntime> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', safehavenLog: () => {} });
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}
