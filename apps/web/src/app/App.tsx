import { RouterProvider } from 'react-router';
import { setRouterNavigator } from '../lib/app-navigation';
import { AppProviders } from './providers';
import { router } from './router';

// From now on in-app links made before the router existed (landing page) use the router.
setRouterNavigator((to, options) => void router.navigate(to, options));

/** The full app: router, query cache, toasts. Loaded lazily by main.tsx. */
export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
