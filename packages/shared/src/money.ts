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
 * The whole-naira part of an amount as plain digits: "1500" or en-NG thousands grouping
 * ("1,500", "12,345,678": one to three digits, then groups of exactly three). Anything else with a
 * comma is null, so "100,00" (a decimal comma, or a slip) is refused instead of being read as
 * ten thousand naira.
 */
export function wholeNairaDigits(text: string): string | null {
  if (/^\d+$/.test(text)) return text;
  if (/^\d{1,3}(?:,\d{3})+$/.test(text)) return text.replace(/,/g, '');
  return null;
}

/**
 * Parses user input such as "1,500.5", "₦ 200" or "200" straight to kobo without floating point.
 * Returns null for anything that is not a non-negative amount with at most 2 decimals; commas are
 * accepted only as thousands separators of the whole part (wholeNairaDigits).
 */
export function parseNairaToKobo(input: string | number): number | null {
  const text = String(input).trim().replace(/^₦\s*/, '');
  const match = /^([\d,]+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = wholeNairaDigits(match[1] ?? '');
  if (whole === null || whole.length > 13) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(whole) * KOBO_PER_NAIRA + Number(fraction);
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
