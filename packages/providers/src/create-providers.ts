/**
 * Builds the three adapters from configuration. The same code serves live and sandbox modes:
 * only base URLs and keys differ (sandboxProvidersConfig gives the sandbox's).
 */
import type { Providers } from './types';
import { createDataStationClient } from './datastation/client';
import { createOgdamsClient } from './ogdams/client';
import { createVtpassClient } from './vtpass/client';
import { SANDBOX_KEYS } from './sandbox/keys';

export interface ProvidersConfig {
  vtpass: { baseUrl: string; apiKey: string; publicKey: string; secretKey: string };
  datastation: { baseUrl: string; apiKey: string };
  ogdams: { baseUrl: string; apiKey: string };
  timeoutMs: number;
}

export function createProviders(config: ProvidersConfig): Providers {
  const { vtpass, datastation, ogdams, timeoutMs } = config;
  return {
    vtpass: createVtpassClient({
      baseUrl: vtpass.baseUrl,
      timeoutMs,
      keys: { apiKey: vtpass.apiKey, publicKey: vtpass.publicKey, secretKey: vtpass.secretKey },
    }),
    datastation: createDataStationClient({
      baseUrl: datastation.baseUrl,
      timeoutMs,
      apiKey: datastation.apiKey,
    }),
    ogdams: createOgdamsClient({ baseUrl: ogdams.baseUrl, timeoutMs, apiKey: ogdams.apiKey }),
  };
}

/** The configuration that points the adapters at a running sandbox with its default keys. */
export function sandboxProvidersConfig(
  baseUrls: { vtpass: string; datastation: string; ogdams: string },
  timeoutMs: number,
): ProvidersConfig {
  return {
    vtpass: { baseUrl: baseUrls.vtpass, ...SANDBOX_KEYS.vtpass },
    datastation: { baseUrl: baseUrls.datastation, apiKey: SANDBOX_KEYS.datastation.apiKey },
    ogdams: { baseUrl: baseUrls.ogdams, apiKey: SANDBOX_KEYS.ogdams.apiKey },
    timeoutMs,
  };
}
