import { describe, expect, it } from 'vitest';
import { isValidNigerianPhone, toInternationalPhone, toLocalPhone } from './phone';

describe('Nigerian phone numbers (§5)', () => {
  it('accepts 0, 234 and +234 forms with a first digit 1-9', () => {
    for (const ok of [
      '08031234567',
      '2348031234567',
      '+2348031234567',
      '0803 123 4567',
      '+234-803-123-4567',
    ]) {
      expect(isValidNigerianPhone(ok), ok).toBe(true);
    }
  });

  it('refuses other lengths, prefixes and a 0 after the prefix', () => {
    for (const bad of [
      '0803123456',
      '080312345678',
      '00031234567',
      '+2340031234567',
      '18031234567',
      '',
      'phone',
    ]) {
      expect(isValidNigerianPhone(bad), bad).toBe(false);
    }
  });

  it('normalises to +234 (KYC) and 0 (suppliers) forms', () => {
    expect(toInternationalPhone('0803 123 4567')).toBe('+2348031234567');
    expect(toLocalPhone('+2348031234567')).toBe('08031234567');
    expect(toInternationalPhone('123')).toBeNull();
  });
});
