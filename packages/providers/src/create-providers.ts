/**
 * Builds the adapters from configuration. The same code serves live and sandbox modes: only base
 * URLs and keys differ (sandbox/providers-config.ts gives the sandbox's). Nothing here imports the
 * sandbox, so live mode never loads its committed keys or the simulators.
 */
import type { Providers } from './types';
import { createDataStationClient } from './datastation/client';
import { createOgdamsClient } from './ogdams/client';
import { createVtpassClient } from './vtpass/client';
import { createPalmPayClient } from './palmpay/client';
import { createSafeHavenClient } from './safehaven/client';

export interface ProvidersConfig {
  vtpass: { baseUrl: string; apiKey: string; publicKey: string; secretKey: string };
  datastation: { baseUrl: string; apiKey: string };
  /** Ogdams: the Bearer key; the webhook secret when its dashboard shows one (else the key). */
  ogdams: { baseUrl: string; apiKey: string; webhookSecret?: string };
  /** PalmPay: our app id, our merchant private key, PalmPay's public key (PEM or bare base64). */
  palmpay: {
    baseUrl: string;
    appId: string;
    merchantPrivateKey: string;
    palmpayPublicKey: string;
    /** Our merchant id where PalmPay asks for it (balance); the app id when unset. */
    merchantId?: string;
  };
  /** Safe Haven: OAuth client id, the PEM private key that signs client assertions, our debit account. */
  safehaven: {
    baseUrl: string;
    clientId: string;
    privateKey: string;
    debitAccountNumber: string;
    companyUrl: string;
  };
  timeoutMs: number;
  /** The caller's clock (epoch ms) for deadlines adapters report, e.g. checkout expiry. */
  now?: () => number;
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
    ogdams: createOgdamsClient({
      baseUrl: ogdams.baseUrl,
      timeoutMs,
      apiKey: ogdams.apiKey,
      webhookSecret: ogdams.webhookSecret,
    }),
    palmpay: createPalmPayClient({
      baseUrl: config.palmpay.baseUrl,
      timeoutMs,
      now: config.now,
      keys: {
        appId: config.palmpay.appId,
        merchantPrivateKey: config.palmpay.merchantPrivateKey,
        palmpayPublicKey: config.palmpay.palmpayPublicKey,
        ...(config.palmpay.merchantId ? { merchantId: config.palmpay.merchantId } : {}),
      },
    }),
    safehaven: createSafeHavenClient({ ...config.safehaven, timeoutMs }),
  };
}
