import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToaster } from '../lib/toast';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the (lazily loaded) Toaster once the first toast is shown. */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
