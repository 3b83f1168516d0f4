// First, before any schema parses (see the file).
import '../lib/zod-jitless';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { getRouter } from './router';

export { prefetchRouteData } from './route-data';

/**
 * The full app: router, query cache, toasts. Loaded lazily by main.tsx. The router is made at
 * the first render, when the address the landing page's link pushed is already in place.
 */
/**
 * Resolves once the router has loaded the lazy modules of the address it opened on, so the first
 * render is the page itself rather than the router's fallback spinner (main.tsx keeps the boot
 * shell up until then).
 */
export function routerReady(): Promise<void> {
  const router = getRouter();
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App() {
  const router = getRouter();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
