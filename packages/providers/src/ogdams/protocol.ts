/**
 * Ogdams SimHosting's wire constants, shared by the adapter and the simulator. Every value here has
 * its public source in SOURCES.md (next to this file).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The envelope's `code` values Ogdams documents, and what each means for an order. */
export const OGDAMS_CODES = {
  /** Done. */
  success: 200,
  /** Recorded and queued; the outcome follows by webhook. */
  queued: 201,
  /** Processing; the outcome follows by webhook. */
  processing: 202,
  /** The key was refused: nothing was vended. */
  unauthorized: 401,
  /** "Transaction not found": no endpoint that answers it is documented (never read as failed). */
  notFound: 404,
  /** The order failed: nothing was vended. */
  failed: 424,
} as const;

/** The webhook's signature header: hex HMAC-SHA512 of the raw body keyed with the secret key. */
export const OGDAMS_SIGNATURE_HEADER = 'ogdams-simhosting-signature';

/** The longest reference Ogdams accepts (its docs: 40 characters). */
export const OGDAMS_REFERENCE_MAX = 40;

/** The airtime vending method we use; Ogdams also documents momo, sns and awuf4u. */
export const OGDAMS_AIRTIME_TYPE = 'vtu';

export function signOgdamsBody(rawBody: string, secret: string): string {
  return createHmac('sha512', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time check of a signature header against the raw body. */
export function ogdamsSignatureValid(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(signOgdamsBody(rawBody, secret), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
