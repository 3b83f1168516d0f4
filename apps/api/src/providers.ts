import { createProviders } from '@owo/providers/create-providers';
import { SANDBOX_KEYS, SANDBOX_PREFIXES, startSandbox } from '@owo/providers/sandbox/server';
import type { Providers } from '@owo/providers/types';
import type { Config } from './config';

export interface ProviderRuntime {
  providers: Providers;
  /** Stops the sandbox when this process started it. */
  close(): Promise<void>;
}

/** Base URLs of a sandbox listening on host:port (the paths are the sandbox's own). */
function sandboxProviders(
  baseUrls: { vtpass: string; datastation: string; ogdams: string },
  config: Config,
) {
  return createProviders({
    vtpass: { baseUrl: baseUrls.vtpass, ...SANDBOX_KEYS.vtpass },
    datastation: { baseUrl: baseUrls.datastation, apiKey: SANDBOX_KEYS.datastation.apiKey },
    ogdams: { baseUrl: baseUrls.ogdams, apiKey: SANDBOX_KEYS.ogdams.apiKey },
    timeoutMs: config.providerTimeoutMs,
  });
}

/**
 * Live mode: adapters at the suppliers' real URLs with real keys. Sandbox mode: the server starts
 * the simulators on SANDBOX_PORT (startSandbox: true) or, for the CLI, only points at them.
 */
export async function openProviders(
  config: Config,
  options: { startSandbox: boolean },
): Promise<ProviderRuntime> {
  if (config.liveProviders) {
    return {
      providers: createProviders({ ...config.liveProviders, timeoutMs: config.providerTimeoutMs }),
      close: async () => {},
    };
  }
  if (!options.startSandbox) {
    const base = `http://127.0.0.1:${config.sandboxPort}`;
    const urls = {
      vtpass: `${base}${SANDBOX_PREFIXES.vtpass}/`,
      datastation: `${base}${SANDBOX_PREFIXES.datastation}/`,
      ogdams: `${base}${SANDBOX_PREFIXES.ogdams}/`,
    };
    return {
      providers: sandboxProviders(urls, config),
      close: async () => {},
    };
  }
  const sandbox = await startSandbox({ port: config.sandboxPort, host: '127.0.0.1' });
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}

export { sandboxProviders };
