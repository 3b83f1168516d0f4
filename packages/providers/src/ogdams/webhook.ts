/**
 * Ogdams's webhook events: a POST whose `ogdams-simhosting-signature` header is the hex
 * HMAC-SHA512 of the raw body, keyed with our secret key (SOURCES.md). The signature is checked
 * over the exact bytes received before anything in the body is read.
 */
import type { PurchaseOutcome } from '../types';
import { webhookEvent } from './classify';
import { OGDAMS_SIGNATURE_HEADER, ogdamsSignatureValid } from './protocol';

export function parseOgdamsWebhook(
  rawBody: string,
  headers: Record<string, string | undefined>,
  secret: string,
): { reference: string; outcome: PurchaseOutcome } | null {
  if (!ogdamsWebhookSigned(rawBody, headers, secret)) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  return webhookEvent(body);
}

/** Whether the signature header verifies over the exact raw body. */
export function ogdamsWebhookSigned(
  rawBody: string,
  headers: Record<string, string | undefined>,
  secret: string,
): boolean {
  return ogdamsSignatureValid(rawBody, headerValue(headers, OGDAMS_SIGNATURE_HEADER), secret);
}

/** Header names are case-insensitive; Node lowercases them, other callers may not. */
function headerValue(headers: Record<string, string | undefined>, name: string) {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}
