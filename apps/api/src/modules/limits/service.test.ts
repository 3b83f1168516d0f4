import { describe, expect, it } from 'vitest';
import { startOfLagosDay } from './service';

describe('startOfLagosDay', () => {
  it('is 23:00 UTC of the previous day for a Lagos afternoon', () => {
    expect(startOfLagosDay(new Date('2026-11-21T14:00:00Z')).toISOString()).toBe(
      '2026-11-20T23:00:00.000Z',
    );
  });

  it('moves to the next Lagos day at 23:00 UTC', () => {
    expect(startOfLagosDay(new Date('2026-11-21T22:59:59Z')).toISOString()).toBe(
      '2026-11-20T23:00:00.000Z',
    );
    expect(startOfLagosDay(new Date('2026-11-21T23:00:00Z')).toISOString()).toBe(
      '2026-11-21T23:00:00.000Z',
    );
  });
});
