import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { isToasterRequested, requestToaster, subscribeToaster } from '../lib/toast';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the (lazily loaded) Toaster once the first toast is shown, or at once with `eager`: a
 * screen reader announces a toast only if its live region was on the page before the toast, so
 * the app's screens (not the landing page, which keeps its bundle small) mount it up front.
 */
export function ToasterHost({ eager = false }: { eager?: boolean }) {
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false);
  useEffect(() => {
    if (eager) requestToaster();
  }, [eager]);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
