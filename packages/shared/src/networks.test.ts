import { describe, expect, it } from 'vitest';
import { networkDisplayName } from './networks';

describe('networkDisplayName', () => {
  it('writes each network as it writes itself, from a stored code in any case', () => {
    expect(networkDisplayName('MTN')).toBe('MTN');
    expect(networkDisplayName('mtn')).toBe('MTN');
    expect(networkDisplayName('GLO')).toBe('GLO');
    expect(networkDisplayName('AIRTEL')).toBe('Airtel');
    expect(networkDisplayName('9MOBILE')).toBe('9mobile');
    expect(networkDisplayName('Starlink')).toBe('Starlink');
  });
});
