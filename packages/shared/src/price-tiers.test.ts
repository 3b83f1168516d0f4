import { describe, expect, it } from 'vitest';
import { tierBpsToPercent, tierPercentToBps } from './price-tiers';

describe('tier percentages', () => {
  it('reads what an admin types as basis points, exactly', () => {
    expect(tierPercentToBps('2')).toBe(200);
    expect(tierPercentToBps(' 2.5 ')).toBe(250);
    expect(tierPercentToBps('0.05')).toBe(5);
    expect(tierPercentToBps('12.34')).toBe(1234);
  });

  it('refuses what is not a percentage to two decimals', () => {
    for (const text of ['', '-1', '1.234', 'abc', '100', '2,5']) {
      expect(tierPercentToBps(text)).toBeUndefined();
    }
  });

  it('shows basis points as the percentage typed', () => {
    expect(tierBpsToPercent(250)).toBe(2.5);
    expect(tierPercentToBps(String(tierBpsToPercent(1234)))).toBe(1234);
  });
});
