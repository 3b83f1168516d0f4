/**
 * PalmPay's signature, the same for requests (our key, header `Signature`) and webhooks (PalmPay's
 * key, body field `sign`): every parameter except `sign`, empty values dropped, keys sorted by
 * ASCII, joined as `k=v` with `&`; the upper-case hex MD5 of that text is signed with SHA1withRSA
 * and sent in base64. Webhooks may carry the base64 URL-encoded.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
} from 'node:crypto';

/** The text PalmPay signs: `a=1&b=x`, sorted keys, no `sign`, no empty values, values trimmed. */
export function signingString(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && !isEmpty(params[key]))
    .sort()
    .map((key) => `${key}=${valueText(params[key])}`)
    .join('&');
}

/** The upper-case hex MD5 of the signing string: what the RSA signature covers. */
export function signingDigest(params: Record<string, unknown>): string {
  return createHash('md5').update(signingString(params), 'utf8').digest('hex').toUpperCase();
}

export function signParams(params: Record<string, unknown>, privateKey: KeyObject): string {
  return createSign('RSA-SHA1').update(signingDigest(params), 'utf8').sign(privateKey, 'base64');
}

/** Checks a base64 signature, URL-encoded or not; false for anything that does not verify. */
export function verifyParams(
  params: Record<string, unknown>,
  signature: string,
  publicKey: KeyObject,
): boolean {
  const decoded = urlDecoded(signature.trim());
  if (!decoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(decoded)) return false;
  try {
    return createVerify('RSA-SHA1')
      .update(signingDigest(params), 'utf8')
      .verify(publicKey, decoded, 'base64');
  } catch {
    return false;
  }
}

/**
 * A private key from PEM (PKCS#8 or PKCS#1) or from the bare base64 body PalmPay's dashboard
 * hands out (PKCS#8, or PKCS#1 for older keys).
 */
export function loadPrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes('-----BEGIN')) return createPrivateKey(trimmed);
  const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** A public key from PEM or from a bare base64 body (SPKI, or PKCS#1). */
export function loadPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes('-----BEGIN')) return createPublicKey(trimmed);
  const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

function valueText(value: unknown): string {
  // Nested values (none in the calls we make) are signed as their JSON text.
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).trim();
}

/** Base64 has no `%`; a `%` means the sender URL-encoded it (PalmPay's webhooks do). */
function urlDecoded(text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
