import { createHmac } from 'node:crypto';

/**
 * A key's webhook signing secret, derived from the server secret and the key's id (decision 0087):
 * nothing stored, so nothing to leak from the database, and the owner can read it again from the
 * app. The webhook job signs with exactly this.
 */
export function webhookSecretOf(sessionSecret: string, keyId: string): string {
  const mac = createHmac('sha256', sessionSecret).update(`owo-webhook-secret:${keyId}`);
  return `whsec_${mac.digest('base64url')}`;
}
