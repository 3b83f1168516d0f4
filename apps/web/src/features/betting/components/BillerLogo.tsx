import { useState } from 'react';

/** "BetKing" → "BK", "Bet9ja" → "BE", "1xBet" → "1B": what shows when the icon cannot load. */
export function billerInitials(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const letters =
    words.length >= 2
      ? `${words[0]!.charAt(0)}${words[1]!.charAt(0)}`
      : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase() || '?';
}

const palette = [
  'bg-brand-50 text-brand-700',
  'bg-accent-100 text-accent-600',
  'bg-sky-50 text-sky-700',
  'bg-rose-50 text-rose-700',
  'bg-violet-50 text-violet-700',
  'bg-teal-50 text-teal-700',
];

function tintOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

/** The platform's icon; its initials on a tinted square when the icon is missing or fails. */
export function BillerLogo({
  name,
  icon,
  size = 48,
  className = '',
}: {
  name: string;
  icon: string;
  size?: number;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !icon || failedSrc === icon;
  const style = { width: size, height: size };
  if (broken) {
    return (
      <span
        aria-hidden="true"
        data-testid="biller-initials"
        style={{ ...style, fontSize: Math.round(size * 0.34) }}
        className={`grid shrink-0 place-items-center rounded-full font-bold tracking-tight ${tintOf(name)} ${className}`}
      >
        {billerInitials(name)}
      </span>
    );
  }
  return (
    <img
      src={icon}
      alt=""
      style={style}
      decoding="async"
      onError={() => setFailedSrc(icon)}
      className={`shrink-0 rounded-full bg-white object-cover ${className}`}
    />
  );
}
