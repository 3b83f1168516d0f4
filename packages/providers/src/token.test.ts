import { describe, expect, it } from 'vitest';
import { parseToken, parseUnits } from './token';

describe('parseToken', () => {
  it.each([
    ['Token : 1234-5678-9012-3456-7890', '1234-5678-9012-3456-7890'],
    ['token:12345678901234567890', '12345678901234567890'],
    ['TOKEN :  1234 5678 9012 3456 7890', '1234-5678-9012-3456-7890'],
    ['Token: 1234-5678-9012-3456-7890 Units: 24.8kWh', '1234-5678-9012-3456-7890'],
    ['Token No: 1234 - 5678 - 9012 - 3456 - 7890', '1234-5678-9012-3456-7890'],
    ['1234-5678-9012-3456-7890', '1234-5678-9012-3456-7890'],
  ])('reads %j', (input, expected) => {
    expect(parseToken(input)).toBe(expected);
  });

  it('takes the first candidate that holds a token', () => {
    expect(parseToken('', undefined, 'Token : 1111-2222-3333-4444-5555')).toBe(
      '1111-2222-3333-4444-5555',
    );
  });

  it('finds nothing in text without a token', () => {
    expect(parseToken('', null, 'Meter credited', 'Token : ', 42)).toBeUndefined();
  });
});

describe('parseUnits', () => {
  it('keeps the supplier text, or a number as text', () => {
    expect(parseUnits(undefined, ' 24.8 kWh ')).toBe('24.8 kWh');
    expect(parseUnits('', 31.5)).toBe('31.5');
    expect(parseUnits('', null)).toBeUndefined();
  });
});
