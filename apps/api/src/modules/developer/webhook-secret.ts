import { createHmac } from 'node:crypto';

/**
 * A key's webhook signing secret, derived from the server's session secret and the key's id
 * (decision 0087): nothing more to store or leak, and the same on every node. `whsec_` marks it
 * as a webhook secret for the reseller and for secret scanners.
 */
export function webhookSecretOf(sessionSecret: string, keyId: string): string {
  return `whsec_${createHmac('sha256', sessionSecret).update(`owo-webhook-secret:${keyId}`).digest('base64url')}`;
}
