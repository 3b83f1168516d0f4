import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { bettingPurchaseSchema } from './schemas/betting';
import { nairaAmountField } from './schemas/purchases';
import { transferAmountField } from './schemas/transfers';
import {
  assertKobo,
  formatKobo,
  groupThousands,
  koboToNaira,
  parseNairaToKobo,
  wholeNairaDigits,
} from './money';

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

  it('accepts a comma only as an en-NG thousands separator of the whole naira', () => {
    expect(parseNairaToKobo('1,000')).toBe(100_000);
    expect(parseNairaToKobo('12,345.50')).toBe(1_234_550);
    expect(parseNairaToKobo('1,234,567.8')).toBe(123_456_780);
    expect(parseNairaToKobo('₦1,000')).toBe(100_000);
    expect(parseNairaToKobo(' 999 ')).toBe(99_900);
    for (const bad of [
      '100,00', // a decimal comma: not ten thousand naira
      '1,00',
      '10,0000',
      '1,000,00',
      ',100',
      '100,',
      '1,,000',
      '1000,000',
      '1,000.5,0',
      '12.345,50',
      '1 500', // spaces are no separator either
      '0,5',
    ]) {
      expect(parseNairaToKobo(bad), bad).toBeNull();
    }
    // The 13-digit ceiling counts digits, not commas.
    expect(parseNairaToKobo('9,999,999,999,999')).toBe(999_999_999_999_900);
    expect(parseNairaToKobo('99,999,999,999,999')).toBeNull();
    expect(wholeNairaDigits('1,000')).toBe('1000');
    expect(wholeNairaDigits('100,00')).toBeNull();
  });

  it('applies the same rule in the amount fields of the forms and the API', () => {
    expect(transferAmountField.safeParse('100,00').success).toBe(false);
    expect(transferAmountField.safeParse('1,000').data).toBe(100_000);
    expect(nairaAmountField().safeParse('1,00').success).toBe(false);
    expect(nairaAmountField().safeParse('2,500.75').data).toBe(250_075);
    const bet = { billerId: 'bet9ja', itemId: 'x', customerId: '123', transactionPin: '1234' };
    expect(
      bettingPurchaseSchema.safeParse({ ...bet, amount: '100,00' }).error?.issues[0]?.message,
    ).toBe(messages.invalidAmount);
    expect(
      bettingPurchaseSchema.safeParse({ ...bet, amount: '1,000.5' }).error?.issues[0]?.message,
    ).toBe(messages.bettingWholeNaira);
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
