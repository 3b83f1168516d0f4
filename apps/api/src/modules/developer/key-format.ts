import { randomBytes } from 'node:crypto';
import { tokenDigest } from '../../lib/hashing';

/**
 * An API key as the reseller holds it: `owo_live_` or `owo_test_` and 43 characters of base64url
 * (32 random bytes), so a leaked key is recognisable by secret scanners and by eye, and which
 * deployment it belongs to shows (decision 0087). Stored only as its SHA-256: 256 random bits
 * need no slow hash, and the lookup is one index read.
 */
export type KeyMode = 'live' | 'test';

const KEY_PATTERN = /^owo_(live|test)_[A-Za-z0-9_-]{43}$/;

/** How many characters of the key lists show (`owo_test_` and eight more). */
const PREFIX_LENGTH = 17;

export interface NewKey {
  /** The key itself: shown once, never stored. */
  secret: string;
  prefix: string;
  digest: string;
}

export function generateKey(mode: KeyMode): NewKey {
  const secret = `owo_${mode}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH), digest: tokenDigest(secret) };
}

/** The key of an `Authorization: Bearer …` header, or undefined when it holds no key of ours. */
export function keyOfHeader(
  header: string | undefined,
): { mode: KeyMode; digest: string } | undefined {
  const match = /^Bearer\s+(\S+)$/.exec(header ?? '');
  const key = match?.[1];
  if (!key) return undefined;
  const parsed = KEY_PATTERN.exec(key);
  if (!parsed) return undefined;
  return { mode: parsed[1] as KeyMode, digest: tokenDigest(key) };
}
