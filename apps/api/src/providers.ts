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
  baseUrls: {
    vtpass: string;
    datastation: string;
    ogdams: string;
    palmpay: string;
    safehaven: string;
  },
  config: Config,
) {
  return createProviders({
    vtpass: { baseUrl: baseUrls.vtpass, ...SANDBOX_KEYS.vtpass },
    datastation: { baseUrl: baseUrls.datastation, apiKey: SANDBOX_KEYS.datastation.apiKey },
    ogdams: { baseUrl: baseUrls.ogdams, apiKey: SANDBOX_KEYS.ogdams.apiKey },
    palmpay: {
      baseUrl: baseUrls.palmpay,
      appId: SANDBOX_KEYS.palmpay.appId,
      merchantPrivateKey: SANDBOX_KEYS.palmpay.merchantPrivateKey,
      palmpayPublicKey: SANDBOX_KEYS.palmpay.platformPublicKey,
    },
    safehaven: {
      baseUrl: baseUrls.safehaven,
      clientId: SANDBOX_KEYS.safehaven.clientId,
      privateKey: SANDBOX_KEYS.safehaven.privateKey,
      debitAccountNumber: SANDBOX_KEYS.safehaven.debitAccountNumber,
      companyUrl: SANDBOX_KEYS.safehaven.companyUrl,
    },
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
      palmpay: `${base}${SANDBOX_PREFIXES.palmpay}/`,
      safehaven: `${base}${SANDBOX_PREFIXES.safehaven}/`,
    };
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
  });
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}

export { sandboxProviders };
