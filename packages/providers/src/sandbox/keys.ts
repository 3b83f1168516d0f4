/**
 * The keys the sandbox accepts by default. They are not secrets: the sandbox only runs locally, and
 * the API uses these in sandbox mode so the adapters send real auth headers that the simulators
 * check (a wrong key gets each supplier's own 401).
 */
import type { VtpassKeys } from '../types';

export interface SandboxKeys {
  vtpass: VtpassKeys;
  datastation: { apiKey: string };
  ogdams: { apiKey: string };
}

export const SANDBOX_KEYS: SandboxKeys = {
  vtpass: {
    apiKey: 'owo-sandbox-vtpass-api-key',
    publicKey: 'PK_owo_sandbox_public_key',
    secretKey: 'SK_owo_sandbox_secret_key',
  },
  datastation: { apiKey: 'owo-sandbox-datastation-token' },
  ogdams: { apiKey: 'sk_test_owo_sandbox_key' },
};
