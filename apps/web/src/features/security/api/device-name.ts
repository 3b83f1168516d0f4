/**
 * "Chrome on Android" from a user agent: enough for a customer to recognise their own devices.
 * Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
 */
const browsers: [RegExp, string][] = [
  [/EdgA?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function deviceName(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** True for a phone or tablet, to pick the row's icon. */
export const isMobile = (userAgent: string) => /iPhone|iPad|Android|Mobile/.test(userAgent);

/** "Active now", "Active 5 min ago", "Active 3 h ago", else the date. */
export function lastSeenLabel(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 2) return 'Active now';
  if (minutes < 60) return `Active ${minutes} min ago`;
  if (minutes < 24 * 60) return `Active ${Math.floor(minutes / 60)} h ago`;
  return `Last active ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))}`;
}
