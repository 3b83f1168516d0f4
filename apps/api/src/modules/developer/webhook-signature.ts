import { createHmac } from 'node:crypto';

/**
 * The `Owo-Signature` of one post (decision 0089, docs/webhooks.md): `v1=` and the hex
 * HMAC-SHA256, keyed by the whole secret string (`whsec_…`, as UTF-8), of `<timestamp>.<body>`,
 * where the timestamp is the `Owo-Timestamp` header (unix seconds) and the body the exact bytes
 * sent. The version prefix lets a later scheme be sent beside this one.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
