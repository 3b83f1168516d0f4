export function Spinner({ size = 20, className = '' }: { size?: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
      style={{ width: size, height: size }}
    />
  );
}

/** Full-area loading state for route transitions and first loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[60dvh] items-center justify-center text-brand-600">
      <Spinner size={28} />
      <span className="sr-only">{label}</span>
    </div>
  );
}
