import { createProviders } from '@owo/providers/create-providers';
import type { Providers } from '@owo/providers/types';
import type { Config } from './config';

export interface ProviderRuntime {
  providers: Providers;
  /** Stops the sandbox when this process started it. */
  close(): Promise<void>;
}

/**
 * Live mode: adapters at the suppliers' real URLs with real keys. Sandbox mode: the simulators
 * (sandbox-providers.ts), imported only here and only then, so live mode never loads them or the
 * sandbox's committed keys (decision 0020).
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
  const { openSandboxProviders } = await import('./sandbox-providers');
  return openSandboxProviders(config, options);
}
