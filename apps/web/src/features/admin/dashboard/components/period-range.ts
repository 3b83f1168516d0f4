import type { AnalyticsWindow } from '@owo/shared/api-types';

/** Periods are Lagos calendar periods, so their dates are written in Lagos time too. */
const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});
const dayNoYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Africa/Lagos',
});
const year = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Africa/Lagos' });

/** "21 Nov 2026" for a one-day window, else "1 Nov – 30 Nov 2026" ([from, to) so to − 1 ms). */
export function periodRange(window: Pick<AnalyticsWindow, 'from' | 'to'>): string {
  const from = new Date(window.from);
  const last = new Date(new Date(window.to).getTime() - 1);
  if (Number.isNaN(from.getTime()) || Number.isNaN(last.getTime())) return '';
  const first = day.format(from);
  const end = day.format(last);
  if (first === end) return first;
  const sameYear = year.format(from) === year.format(last);
  return `${sameYear ? dayNoYear.format(from) : first} – ${end}`;
}
