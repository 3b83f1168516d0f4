import { createProviders, sandboxProvidersConfig } from '@owo/providers/create-providers';
import { sandboxBaseUrls, startSandbox, type SandboxBaseUrls } from '@owo/providers/sandbox/server';
import type { Providers } from '@owo/providers/types';
import type { Config } from './config';

export interface ProviderRuntime {
  providers: Providers;
  /** Stops the sandbox when this process started it. */
  close(): Promise<void>;
}

/** Base URLs of a sandbox listening on host:port (the paths are the sandbox's own). */
function sandboxProviders(baseUrls: SandboxBaseUrls, config: Config) {
  return createProviders(sandboxProvidersConfig(baseUrls, config.providerTimeoutMs));
}

/**
 * Live mode: adapters at the suppliers' real URLs with real keys. Sandbox mode: the server starts
 * the simulators on SANDBOX_PORT (startSandbox: true) or, for the CLI, only points at them.
 */
export async function openProviders(
  config: Config,
  options: { startSandbox: boolean; safehavenLog?: (line: string) => void },
): Promise<ProviderRuntime> {
  if (config.liveProviders) {
    return {
      providers: createProviders({ ...config.liveProviders, timeoutMs: config.providerTimeoutMs }),
      close: async () => {},
    };
  }
  if (!options.startSandbox) {
    const urls = sandboxBaseUrls(`http://127.0.0.1:${config.sandboxPort}`);
    return {
      providers: sandboxProviders(urls, config),
      close: async () => {},
    };
  }
  const sandbox = await startSandbox({
    port: config.sandboxPort,
    host: '127.0.0.1',
    // PalmPay's virtual-account notifications go to the URL the merchant configured with PalmPay.
    palmpayNotifyUrl: `${config.publicBaseUrl}/api/webhooks/palmpay`,
    // Ogdams posts its events to the URL set on its dashboard.
    ogdamsNotifyUrl: `${config.publicBaseUrl}/api/webhooks/ogdams`,
    safehavenLog: options.safehavenLog,
  });
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}

/**
 * Simulators of our own on a free port (the CLI's live-check in sandbox mode): a check that runs
 * the real adapters against them, whether or not `npm start` is running.
 */
export async function openSandboxOnFreePort(config: Config): Promise<ProviderRuntime> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', safehavenLog: () => {} });
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}

export { sandboxProviders };
