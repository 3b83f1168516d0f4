import { LAGOS_OFFSET_MS, type AnalyticsPeriod } from '@owo/shared/constants';

/**
 * Lagos calendar arithmetic for the admin dashboard. Lagos is UTC+1 all year (no DST), so a Lagos
 * day is a fixed 24-hour span of UTC instants and a day is named by its Lagos date (YYYY-MM-DD),
 * the key of the analytics rollup tables.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The Lagos calendar date an instant falls on, e.g. 2026-03-01T23:30Z → '2026-03-02'. */
export function lagosDay(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Lagos day starts (its midnight in Lagos, 23:00 UTC the evening before). */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) - LAGOS_OFFSET_MS);
}

export function addDays(day: string, n: number): string {
  return lagosDay(new Date(dayStart(day).getTime() + n * DAY_MS));
}

/** Every day from `first` to `last`, both included, oldest first. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) out.push(day);
  return out;
}

export interface PeriodWindow {
  period: AnalyticsPeriod;
  /** The first instant counted: midnight Lagos of the period's first day. */
  from: Date;
  /**
   * The end, exclusive: midnight after the period's last day. For the periods that run "to now"
   * that is the end of today, which counts the same rows as now (nothing is dated later) and keeps
   * a row stamped at this very instant inside the window.
   */
  to: Date;
  /** The Lagos days covered, oldest first. */
  days: string[];
  /** How the revenue chart groups them: per day, or per month for yearly. */
  bucket: 'day' | 'month';
}

/**
 * The window of a dashboard period at `now`, in Lagos time: yearly from 1 January, monthly from
 * the 1st, weekly from Monday (ISO week), daily today, yesterday the whole of the day before.
 */
export function periodWindow(period: AnalyticsPeriod, now: Date): PeriodWindow {
  const today = lagosDay(now);
  const [year, month] = today.split('-');
  let first: string;
  let last = today;
  switch (period) {
    case 'yearly':
      first = `${year}-01-01`;
      break;
    case 'monthly':
      first = `${year}-${month}-01`;
      break;
    case 'weekly': {
      // getUTCDay of the Lagos midnight shifted back to UTC midnight: 0 Sunday … 6 Saturday.
      const weekday = new Date(dayStart(today).getTime() + LAGOS_OFFSET_MS).getUTCDay();
      first = addDays(today, -((weekday + 6) % 7));
      break;
    }
    case 'daily':
      first = today;
      break;
    case 'yesterday':
      first = addDays(today, -1);
      last = first;
      break;
  }
  return {
    period,
    from: dayStart(first),
    to: dayStart(addDays(last, 1)),
    days: daysBetween(first, last),
    bucket: period === 'yearly' ? 'month' : 'day',
  };
}

/** Consecutive days merged into [from, to) instant ranges (one range query per run of days). */
export function dayRanges(days: readonly string[]): { from: Date; to: Date }[] {
  const sorted = [...days].sort();
  const ranges: { from: Date; to: Date }[] = [];
  let runStart: string | undefined;
  let runEnd: string | undefined;
  for (const day of sorted) {
    if (runEnd !== undefined && day === addDays(runEnd, 1)) {
      runEnd = day;
      continue;
    }
    if (runStart !== undefined && runEnd !== undefined) {
      ranges.push({ from: dayStart(runStart), to: dayStart(addDays(runEnd, 1)) });
    }
    runStart = day;
    runEnd = day;
  }
  if (runStart !== undefined && runEnd !== undefined) {
    ranges.push({ from: dayStart(runStart), to: dayStart(addDays(runEnd, 1)) });
  }
  return ranges;
}
