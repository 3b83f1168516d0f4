/**
 * Money is integer kobo inside the system. Naira exist only at the edges: the API's JSON (the
 * spec's shapes) and the screen. These helpers are the only crossing points.
 */
export const KOBO_PER_NAIRA = 100;

export function assertKobo(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer kobo amount: ${value}`);
  return value;
}

/** Kobo to a naira number for JSON replies (exact: at most 2 decimals). */
export function koboToNaira(kobo: number): number {
  assertKobo(kobo);
  return kobo / KOBO_PER_NAIRA;
}

/**
 * Parses user input such as "1,500.5" or "200" straight to kobo without floating point.
 * Returns null for anything that is not a non-negative amount with at most 2 decimals.
 */
export function parseNairaToKobo(input: string | number): number | null {
  const text = String(input).replace(/[,\s₦]/g, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const naira = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return naira * KOBO_PER_NAIRA + Number(fraction);
}

/**
 * "1,234,567": en-NG groups digits in threes with commas. Written out rather than
 * `toLocaleString('en-NG')`, which builds an ICU formatter on every call: a home screen's first
 * render spent more time there than in the rest of its balance card on a throttled phone.
 */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "₦1,234.50" from kobo; always 2 decimals, en-NG grouping. */
export function formatKobo(kobo: number): string {
  assertKobo(kobo);
  const negative = kobo < 0;
  const abs = Math.abs(kobo);
  const whole = groupThousands(Math.floor(abs / KOBO_PER_NAIRA));
  const fraction = String(abs % KOBO_PER_NAIRA).padStart(2, '0');
  return `${negative ? '-' : ''}₦${whole}.${fraction}`;
}
