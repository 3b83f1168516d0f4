import { developerMessages as m, lastUsedText } from '@owo/shared/developer-messages';

/** "2 min ago", "3 h ago", else the date. */
export function agoLabel(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return `on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))}`;
}

/** "Last used 2 min ago from 1.2.3.4", or "Never used". */
export function lastUsedLabel(
  key: { lastUsedAt: string | null; lastUsedIp: string | null },
  now = Date.now(),
): string {
  return key.lastUsedAt ? lastUsedText(agoLabel(key.lastUsedAt, now), key.lastUsedIp) : m.neverUsed;
}
