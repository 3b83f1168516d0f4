/**
 * The configuration that points the adapters at a running sandbox with its committed keys. Kept
 * apart from create-providers.ts so that only sandbox mode (a dynamic import) loads those keys.
 */
import type { ProvidersConfig } from '../create-providers';
import { SANDBOX_KEYS } from './keys';
import type { SandboxBaseUrls } from './server';

export function sandboxProvidersConfig(
  baseUrls: SandboxBaseUrls,
  timeoutMs: number,
): ProvidersConfig {
  return {
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
    timeoutMs,
  };
}
