/**
 * Export file names carry the filters that made them, so a folder of downloads explains itself:
 * owo-transactions-success-2026-11-search-ada.csv, owo-airtime-to-cash-completed.csv,
 * owo-betting-all.csv. Only filename-safe ASCII survives from the search; the rest becomes "-".
 */

function slug(value: string, max = 40): string {
  return value
    .replace(/[^A-Za-z0-9@._+]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

export function exportFileName(
  what: string,
  filters: { status?: string; period?: (number | undefined)[]; search?: string },
): string {
  const parts = [`owo-${what}`];
  const status = filters.status && filters.status !== 'all' ? slug(filters.status) : '';
  if (status) parts.push(status.toLowerCase());
  const period = (filters.period ?? []).filter((n): n is number => n !== undefined);
  if (period.length > 0) {
    parts.push(period.map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-'));
  }
  const search = slug(filters.search ?? '');
  if (search) parts.push(`search-${search}`);
  if (parts.length === 1) parts.push('all');
  return `${parts.join('-')}.csv`;
}

/** The Content-Disposition of a download (the name is ASCII already: no filename* needed). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}
