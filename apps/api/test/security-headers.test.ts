import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, helmetOptionsFor } from '../src/plugins/security-headers';

describe('the Content-Security-Policy by provider mode', () => {
  const imgSrc = (mode: 'sandbox' | 'live') => {
    const csp = helmetOptionsFor({ providerMode: mode }).contentSecurityPolicy;
    if (!csp || csp === true) throw new Error('no policy');
    return (csp.directives as Record<string, string[]>)['img-src'];
  };

  it('lets images come from loopback only in sandbox mode (the simulators serve biller icons)', () => {
    expect(imgSrc('sandbox')).toEqual(
      expect.arrayContaining(['http://127.0.0.1:*', 'http://localhost:*']),
    );
    expect(imgSrc('live')).toEqual(contentSecurityPolicy.directives['img-src']);
    expect(imgSrc('live')).not.toContain('http://127.0.0.1:*');
  });
});
