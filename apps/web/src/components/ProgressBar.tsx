/** Thin top bar while the next screen downloads, so a tap always gives feedback. */
export function ProgressBar() {
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-progress bg-brand-600" />
    </div>
  );
}
