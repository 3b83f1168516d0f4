/** Placeholder block shown while data loads; hidden from assistive tech. */
export function Skeleton({ className = '' }: { className?: string }) {
  // A caller's own radius (rounded-full for avatars) replaces the default one.
  const radius = /(^|\s)rounded-/.test(className) ? '' : 'rounded-lg';
  return (
    <span aria-hidden="true" className={`block animate-pulse bg-line ${radius} ${className}`} />
  );
}
