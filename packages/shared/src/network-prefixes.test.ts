import { describe, expect, it } from 'vitest';
import { detectNetwork, localDigits, NETWORK_PREFIXES } from './network-prefixes';

describe('network auto-detection (§4)', () => {
  it.each([
    ['08031234567', 'MTN'],
    ['0806', 'MTN'],
    ['07031234567', 'MTN'],
    ['0913 123 4567', 'MTN'],
    ['07025123456', 'MTN'],
    ['07026123456', 'MTN'],
    ['08051234567', 'GLO'],
    ['0915', 'GLO'],
    ['08021234567', 'AIRTEL'],
    ['0701', 'AIRTEL'],
    ['09121234567', 'AIRTEL'],
    ['08091234567', '9MOBILE'],
    ['0908', '9MOBILE'],
  ])('%s is %s', (phone, network) => {
    expect(detectNetwork(phone)).toBe(network);
  });

  it('reads +234 and 234 forms as the local number', () => {
    expect(detectNetwork('+2348031234567')).toBe('MTN');
    expect(detectNetwork('+234 805 123 4567')).toBe('GLO');
    expect(detectNetwork('2348021234567')).toBe('AIRTEL');
    expect(detectNetwork('234809')).toBe('9MOBILE');
    expect(localDigits('+234 803')).toBe('0803');
  });

  it('returns null until it can tell, and for unknown prefixes', () => {
    expect(detectNetwork('')).toBeNull();
    expect(detectNetwork('080')).toBeNull();
    expect(detectNetwork('0702')).toBeNull();
    expect(detectNetwork('07027123456')).toBeNull();
    expect(detectNetwork('08011111111')).toBeNull();
    expect(detectNetwork('8031234567')).toBeNull();
  });

  it('gives every prefix to exactly one network', () => {
    const all = Object.values(NETWORK_PREFIXES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((prefix) => /^0[789]\d{2}$/.test(prefix))).toBe(true);
  });
});
