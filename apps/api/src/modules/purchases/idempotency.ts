import { createHash } from 'node:crypto';
import { AppError } from '../../errors';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Undefined when the client sent none; a malformed key is refused before anything happens. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) throw new AppError('INVALID_IDEMPOTENCY_KEY');
  return key;
}

/** Canonical JSON (sorted keys) so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a key is bound to: the route and the body without the PIN (a retry after a wrong PIN is
 * the same request, and no PIN-derived value is stored).
 */
export function requestHash(route: string, body: unknown): string {
  const { transactionPin: _pin, ...rest } = (body ?? {}) as Record<string, unknown>;
  return createHash('sha256')
    .update(`${route}\n${canonical(rest)}`)
    .digest('hex');
}
