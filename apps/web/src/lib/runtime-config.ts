/**
 * Runtime configuration from GET /api/config (never build-time env: one build serves every
 * deployment). Fetched once and shared; a failed fetch is retried on the next call.
 */
import type { PublicConfig } from '@owo/shared/api-types';
import { apiRequest } from './api';
import { APP_NAME } from './brand';

const fallback: PublicConfig = {
  appName: APP_NAME,
  googleClientId: null,
  chatPropertyId: null,
  supportWhatsappUrl: null,
  sandbox: false,
};
let pending: Promise<PublicConfig> | null = null;

export function loadRuntimeConfig(): Promise<PublicConfig> {
  pending ??= apiRequest<Partial<PublicConfig>>('/config', { token: null, timeoutMs: 10_000 })
    .then((reply) => ({
      appName: reply.appName || APP_NAME,
      googleClientId: reply.googleClientId || null,
      chatPropertyId: reply.chatPropertyId || null,
      // Only a wa.me link is ever shown (nothing the server sends can become another link).
      supportWhatsappUrl: /^https:\/\/wa\.me\/\d{8,15}$/.test(reply.supportWhatsappUrl ?? '')
        ? reply.supportWhatsappUrl!
        : null,
      // Only an explicit true shows the sandbox extras; anything else is live.
      sandbox: reply.sandbox === true,
    }))
    .catch(() => {
      pending = null;
      return fallback;
    });
  return pending;
}
