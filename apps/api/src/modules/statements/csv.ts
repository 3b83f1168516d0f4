import { LAGOS_OFFSET_MS } from '@owo/shared/constants';
import { assertKobo, KOBO_PER_NAIRA } from '@owo/shared/money';

/**
 * A cell a spreadsheet will not run. Text starting with = + - @ (or a tab or carriage return,
 * which some programs strip before looking) is read as a formula by Excel, LibreOffice and
 * Sheets, so it gets a leading apostrophe (OWASP "CSV injection"); a plain number such as
 * "-20.00" stays a number. Then RFC 4180 quoting.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Naira with exactly 2 decimals and no grouping ("1234.50", "-20.00"), from kobo by integer
 * arithmetic: the one shape every spreadsheet reads as a number.
 */
export function nairaCell(kobo: number): string {
  assertKobo(kobo);
  const abs = Math.abs(kobo);
  const whole = Math.floor(abs / KOBO_PER_NAIRA);
  const fraction = String(abs % KOBO_PER_NAIRA).padStart(2, '0');
  return `${kobo < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** "2026-11-03" and "21:05" on the Lagos clock (UTC+1 all year). */
export function lagosDateAndTime(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
