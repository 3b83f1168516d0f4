import { describe, expect, it } from 'vitest';
import { addDays, dayRanges, dayStart, daysBetween, lagosDay, periodWindow } from './periods';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('Lagos days (UTC+1, no DST)', () => {
  it('puts 23:00 UTC and later on the next Lagos day', () => {
    expect(lagosDay(at('2026-03-01T22:59:59.999Z'))).toBe('2026-03-01');
    expect(lagosDay(at('2026-03-01T23:00:00.000Z'))).toBe('2026-03-02');
    expect(lagosDay(at('2026-03-01T23:30:00.000Z'))).toBe('2026-03-02');
    expect(lagosDay(at('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
  });

  it('starts a Lagos day at 23:00 UTC the evening before', () => {
    expect(iso(dayStart('2026-03-02'))).toBe('2026-03-01T23:00:00.000Z');
    expect(iso(dayStart('2027-01-01'))).toBe('2026-12-31T23:00:00.000Z');
  });

  it('counts days across month ends and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });
});

describe('periodWindow', () => {
  it('monthly runs from the 1st (Lagos) through today', () => {
    const w = periodWindow('monthly', at('2026-03-15T10:00:00Z'));
    expect(iso(w.from)).toBe('2026-02-28T23:00:00.000Z');
    expect(iso(w.to)).toBe('2026-03-15T23:00:00.000Z');
    expect(w.days).toHaveLength(15);
    expect(w.days[0]).toBe('2026-03-01');
    expect(w.bucket).toBe('day');
  });

  it('a new month starts at midnight Lagos, 23:00 UTC on the last day', () => {
    const w = periodWindow('monthly', at('2026-02-28T23:30:00Z'));
    expect(w.days).toEqual(['2026-03-01']);
    expect(iso(w.from)).toBe('2026-02-28T23:00:00.000Z');
    const before = periodWindow('monthly', at('2026-02-28T22:30:00Z'));
    expect(before.days[0]).toBe('2026-02-01');
    expect(before.days).toHaveLength(28);
  });

  it('yearly runs from 1 January (Lagos) and is charted per month', () => {
    const w = periodWindow('yearly', at('2026-12-31T23:30:00Z'));
    expect(iso(w.from)).toBe('2026-12-31T23:00:00.000Z');
    expect(w.days).toEqual(['2027-01-01']);
    const mid = periodWindow('yearly', at('2026-07-04T12:00:00Z'));
    expect(iso(mid.from)).toBe('2025-12-31T23:00:00.000Z');
    expect(iso(mid.to)).toBe('2026-07-04T23:00:00.000Z');
    expect(mid.days).toHaveLength(185);
    expect(mid.bucket).toBe('month');
  });

  it('weekly starts on the Lagos Monday (ISO week)', () => {
    // 2026-01-05 is a Monday.
    expect(periodWindow('weekly', at('2026-01-11T12:00:00Z')).days[0]).toBe('2026-01-05');
    expect(periodWindow('weekly', at('2026-01-11T12:00:00Z')).days).toHaveLength(7);
    // Sunday 23:30 UTC is already Monday in Lagos: a new week of one day.
    expect(periodWindow('weekly', at('2026-01-11T23:30:00Z')).days).toEqual(['2026-01-12']);
    // Monday 00:30 Lagos.
    expect(periodWindow('weekly', at('2026-01-04T23:30:00Z')).days).toEqual(['2026-01-05']);
    // A week across a year end: Monday 2026-12-28.
    expect(periodWindow('weekly', at('2027-01-02T10:00:00Z')).days[0]).toBe('2026-12-28');
  });

  it('daily is today and yesterday the whole day before, in Lagos', () => {
    const now = at('2026-03-01T00:30:00Z'); // 01:30 on 1 March in Lagos
    const daily = periodWindow('daily', now);
    expect(daily.days).toEqual(['2026-03-01']);
    expect(iso(daily.from)).toBe('2026-02-28T23:00:00.000Z');
    expect(iso(daily.to)).toBe('2026-03-01T23:00:00.000Z');
    const yesterday = periodWindow('yesterday', now);
    expect(yesterday.days).toEqual(['2026-02-28']);
    expect(iso(yesterday.from)).toBe('2026-02-27T23:00:00.000Z');
    expect(iso(yesterday.to)).toBe('2026-02-28T23:00:00.000Z');
  });
});

describe('dayRanges', () => {
  it('merges consecutive days into one range and keeps gaps apart', () => {
    const ranges = dayRanges(['2026-01-04', '2026-01-01', '2026-01-02']);
    expect(ranges.map((r) => [iso(r.from), iso(r.to)])).toEqual([
      ['2025-12-31T23:00:00.000Z', '2026-01-02T23:00:00.000Z'],
      ['2026-01-03T23:00:00.000Z', '2026-01-04T23:00:00.000Z'],
    ]);
    expect(dayRanges([])).toEqual([]);
  });
});
