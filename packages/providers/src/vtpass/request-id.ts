/**
 * VTpass request ids: at least 12 characters, the first 12 being the date and time in Africa/Lagos
 * as YYYYMMDDHHII, then any alphanumeric suffix. VTpass rejects ids whose prefix is not today's
 * Lagos date with 085 IMPROPER REQUEST ID (011 is a missing argument), and the id is also what we
 * requery by, so it must be unique per order.
 */
import { randomInt } from 'node:crypto';
import { LAGOS_OFFSET_MS } from '@owo/shared/constants';

const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DEFAULT_SUFFIX_LENGTH = 12;

export function makeVtpassRequestId(now: Date, suffix?: string): string {
  const ms = now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('makeVtpassRequestId: invalid date');
  const tail = suffix ?? randomSuffix(DEFAULT_SUFFIX_LENGTH);
  if (!/^[A-Za-z0-9]*$/.test(tail)) {
    throw new RangeError(`makeVtpassRequestId: suffix must be alphanumeric, got "${tail}"`);
  }
  return lagosStamp(ms) + tail;
}

/** YYYYMMDDHHII of an instant, in Lagos time. */
export function lagosStamp(ms: number): string {
  const lagos = new Date(ms + LAGOS_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    String(lagos.getUTCFullYear()).padStart(4, '0') +
    pad(lagos.getUTCMonth() + 1) +
    pad(lagos.getUTCDate()) +
    pad(lagos.getUTCHours()) +
    pad(lagos.getUTCMinutes())
  );
}

/** True when the first 12 characters are a real calendar date and time (what VTpass checks). */
export function hasValidLagosPrefix(requestId: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(requestId);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 2000 || month < 1 || month > 12 || hour > 23 || minute > 59 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

function randomSuffix(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return out;
}
