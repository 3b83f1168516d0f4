/** Placeholder block shown while data loads; hidden from assistive tech. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded-lg bg-line ${className}`} />
  );
}
