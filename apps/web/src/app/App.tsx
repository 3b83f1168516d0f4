// First, before any schema parses (see the file).
import '../lib/zod-jitless';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { getRouter } from './router';

/**
 * The full app: router, query cache, toasts. Loaded lazily by main.tsx. The router is made at
 * the first render, when the address the landing page's link pushed is already in place.
 */
export function App() {
  const router = getRouter();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
