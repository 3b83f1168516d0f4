import { LAGOS_OFFSET_MS } from '@owo/shared/constants';

/**
 * CSV as spreadsheets read it (RFC 4180): fields joined by commas, lines ended by CRLF, a field
 * quoted when it holds a comma, a quote, a line break or an edge space, and quotes doubled inside.
 *
 * Text that came from people (names, references, notes, account names) may start with a formula
 * character; a spreadsheet would run it ("=HYPERLINK(…)", "@SUM(…)"). Such a cell gets a leading
 * apostrophe, which spreadsheets show as text (OWASP "CSV injection"). Amounts are ours, written
 * from integers, and go through `money`, never through `text`.
 */

export type Cell = { kind: 'text'; value: string } | { kind: 'raw'; value: string };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A cell from people's text, defused against formulas. */
export function text(value: string | null | undefined): Cell {
  return { kind: 'text', value: value ?? '' };
}

/** Kobo as naira with two decimals and no grouping ("1234.50", "-0.05"): a number to a sheet. */
export function money(kobo: number | null | undefined): Cell {
  if (kobo === null || kobo === undefined) return { kind: 'raw', value: '' };
  if (!Number.isSafeInteger(kobo)) throw new Error(`not an amount in kobo: ${kobo}`);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return {
    kind: 'raw',
    value: `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
  };
}

/** A whole number we computed (a rate, a count). */
export function integer(value: number): Cell {
  return { kind: 'raw', value: Number.isFinite(value) ? String(Math.trunc(value)) : '' };
}

/** A moment as Lagos wall time ("2026-11-24 21:05:09"), the operator's clock; empty for none. */
export function lagosTime(at: Date | null | undefined): Cell {
  if (!at) return { kind: 'raw', value: '' };
  const iso = new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString();
  return { kind: 'raw', value: `${iso.slice(0, 10)} ${iso.slice(11, 19)}` };
}

export function encodeCell(cell: Cell): string {
  let value = cell.value;
  if (cell.kind === 'text' && FORMULA_START.test(value)) value = `'${value}`;
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line, CRLF included. */
export function csvLine(cells: Cell[]): string {
  return `${cells.map(encodeCell).join(',')}\r\n`;
}

/** The header line (our own words: plain text). */
export function headerLine(names: readonly string[]): string {
  return csvLine(names.map((name) => ({ kind: 'raw', value: name })));
}
