import { describe, expect, it } from 'vitest';
import { developerMessages as m } from '@owo/shared/developer-messages';
import { agoLabel, lastUsedLabel } from './last-used';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("a key's last use", () => {
  it('says when and from where', () => {
    expect(lastUsedLabel({ lastUsedAt: ago(2 * 60_000), lastUsedIp: '1.2.3.4' }, NOW)).toBe(
      'Last used 2 min ago from 1.2.3.4',
    );
    expect(lastUsedLabel({ lastUsedAt: ago(3 * 3_600_000), lastUsedIp: null }, NOW)).toBe(
      'Last used 3 h ago',
    );
    expect(lastUsedLabel({ lastUsedAt: null, lastUsedIp: null }, NOW)).toBe(m.neverUsed);
  });

  it('counts minutes, then hours, then names the day', () => {
    expect(agoLabel(ago(10_000), NOW)).toBe('just now');
    expect(agoLabel(ago(59 * 60_000), NOW)).toBe('59 min ago');
    expect(agoLabel(ago(23 * 3_600_000), NOW)).toBe('23 h ago');
    expect(agoLabel(ago(3 * 86_400_000), NOW)).toBe('on 3 Dec 2026');
    // A clock a little behind the server's never says "in the future".
    expect(agoLabel(new Date(NOW + 30_000).toISOString(), NOW)).toBe('just now');
  });
});
