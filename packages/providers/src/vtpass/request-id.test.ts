import { describe, expect, it } from 'vitest';
import { hasValidLagosPrefix, lagosStamp, makeVtpassRequestId } from './request-id';

describe('makeVtpassRequestId', () => {
  it('uses Lagos time (UTC+1), crossing the UTC midnight and the year', () => {
    expect(makeVtpassRequestId(new Date('2026-12-31T23:30:00Z'), 'abc')).toBe('202701010030abc');
    expect(makeVtpassRequestId(new Date('2026-12-31T22:59:00Z'), '')).toBe('202612312359');
    expect(makeVtpassRequestId(new Date('2028-02-28T23:05:00Z'), 'X1')).toBe('202802290005X1');
    expect(makeVtpassRequestId(new Date('2026-02-28T23:05:00Z'), 'X1')).toBe('202603010005X1');
  });

  it('ignores the machine time zone and daylight saving (Lagos has none)', () => {
    // July (DST in Europe) and January give the same one-hour offset.
    expect(lagosStamp(Date.parse('2026-07-01T12:00:00Z'))).toBe('202607011300');
    expect(lagosStamp(Date.parse('2026-01-01T12:00:00Z'))).toBe('202601011300');
  });

  it('adds 12 random alphanumeric characters by default', () => {
    const a = makeVtpassRequestId(new Date('2026-11-21T09:00:00Z'));
    const b = makeVtpassRequestId(new Date('2026-11-21T09:00:00Z'));
    expect(a).toMatch(/^202611211000[A-Za-z0-9]{12}$/);
    expect(a).not.toBe(b);
  });

  it('refuses a suffix VTpass would not accept', () => {
    expect(() => makeVtpassRequestId(new Date(), 'no spaces')).toThrow(RangeError);
    expect(() => makeVtpassRequestId(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('hasValidLagosPrefix', () => {
  it('accepts real calendar dates only', () => {
    expect(hasValidLagosPrefix('202402291259abc')).toBe(true);
    expect(hasValidLagosPrefix('202602291259abc')).toBe(false);
    expect(hasValidLagosPrefix('202613011200')).toBe(false);
    expect(hasValidLagosPrefix('202601012400')).toBe(false);
    expect(hasValidLagosPrefix('202601011260')).toBe(false);
    expect(hasValidLagosPrefix('20260101')).toBe(false);
  });
});
