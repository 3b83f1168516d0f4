import { describe, expect, it } from 'vitest';
import { maskEmail, maskName } from './masking';

describe('maskName', () => {
  it('keeps the first name and the initial of the last', () => {
    expect(maskName('Tobi Adeyemi')).toBe('Tobi A.');
    expect(maskName('  Chinedu  Emeka   okafor ')).toBe('Chinedu O.');
  });
  it('a single name stays whole; an e-mail or nothing is not a name', () => {
    expect(maskName('Tobi')).toBe('Tobi');
    expect(maskName('')).toBe('');
    expect(maskName('tobi@gmail.com')).toBe('');
  });
});

describe('maskEmail', () => {
  it('shows two characters of the mailbox, three stars, and the domain', () => {
    expect(maskEmail('tobi@gmail.com')).toBe('to***@gmail.com');
    expect(maskEmail('a.very.long.name@Example.COM')).toBe('a.***@example.com');
  });
  it('a mailbox of two characters or fewer shows one', () => {
    expect(maskEmail('ab@x.ng')).toBe('a***@x.ng');
    expect(maskEmail('a@x.ng')).toBe('a***@x.ng');
  });
  it('anything not an e-mail gives nothing', () => {
    expect(maskEmail('')).toBe('');
    expect(maskEmail('@x.ng')).toBe('');
    expect(maskEmail('plain')).toBe('');
  });
});
