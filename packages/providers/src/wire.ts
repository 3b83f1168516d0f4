/**
 * Small readers for untrusted supplier JSON. Suppliers send numbers as strings and strings as
 * numbers; these accept both and never coerce money through floating point.
 */
import { parseNairaToKobo } from '@owo/shared/money';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string or a finite number as text; anything else undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A non-empty trimmed text, or undefined. */
export function nonEmpty(value: unknown): string | undefined {
  const t = text(value)?.trim();
  return t ? t : undefined;
}

/** An integer id sent as 216 or "216". */
export function integer(value: unknown): number | undefined {
  const t = text(value)?.trim();
  if (t === undefined || !/^-?\d{1,15}$/.test(t)) return undefined;
  return Number(t);
}

/**
 * A naira amount from the wire (1000, "1000.00", "1,000.5") to kobo, exactly. A JSON number such
 * as 99.99 is already the nearest double to 99.99, and String() gives back "99.99", so the decimal
 * text is parsed, never the double's value.
 */
export function nairaToKobo(value: unknown): number | null {
  const t = text(value);
  return t === undefined ? null : parseNairaToKobo(t.trim());
}

/** "Yes" / "yes" / true / "true" / 1 → true. */
export function yes(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === 'string' && /^(yes|true|1)$/i.test(value.trim());
}
