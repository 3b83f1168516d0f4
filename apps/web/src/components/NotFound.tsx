import { Link } from 'react-router';
import { buttonClasses } from './Button';

/** Unknown paths, including screens that later issues add (e.g. /data, /transactions). */
export function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-6 text-center">
      {/* Decorative: the heading says it in words. */}
      <p aria-hidden="true" className="text-6xl font-bold text-brand-400">
        404
      </p>
      <h1 className="mt-4 text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-muted">This page does not exist or is not available yet.</p>
      <Link to="/" className={`${buttonClasses('primary', false)} mt-8`}>
        Go home
      </Link>
    </main>
  );
}
