import { describe, expect, it } from 'vitest';
import { assertKobo, formatKobo, groupThousands, koboToNaira, parseNairaToKobo } from './money';

describe('money in kobo', () => {
  it('parses naira input straight to kobo without floating point', () => {
    expect(parseNairaToKobo('0.1')).toBe(10);
    expect(parseNairaToKobo('0.29')).toBe(29);
    expect(parseNairaToKobo('1,500.5')).toBe(150_050);
    expect(parseNairaToKobo('₦ 200')).toBe(20_000);
    expect(parseNairaToKobo(1000)).toBe(100_000);
    expect(parseNairaToKobo('19.99')).toBe(1999);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e5', '.5', '1..2', 'NaN', '12345678901234']) {
      expect(parseNairaToKobo(bad), bad).toBeNull();
    }
  });

  it('formats kobo as naira with 2 decimals and grouping', () => {
    expect(formatKobo(0)).toBe('₦0.00');
    expect(formatKobo(5)).toBe('₦0.05');
    expect(formatKobo(123_456_789)).toBe('₦1,234,567.89');
    expect(formatKobo(-250)).toBe('-₦2.50');
  });

  it('converts kobo to naira for JSON and guards integers', () => {
    expect(koboToNaira(150_050)).toBe(1500.5);
    expect(() => assertKobo(1.5)).toThrow(RangeError);
    expect(() => assertKobo(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('groups whole naira in threes like en-NG, without building a locale formatter', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 123456789, 9007199254740991]) {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-NG'));
    }
    expect(formatKobo(123456789)).toBe('₦1,234,567.89');
    expect(formatKobo(-100000)).toBe('-₦1,000.00');
  });
});
