import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { MobileOnlyGate } from './MobileOnlyGate';
import { useInactivityLogout } from '../session/use-inactivity-logout';
import { useCrossTabSession } from '../session/use-cross-tab-session';
import { TokenExchange } from '../session/TokenExchange';
import { ServiceWorkerPrompt } from '../ServiceWorkerPrompt';

/** Wraps every route: desktop notice, session upkeep, ?token= exchange, update prompt. */
export function RootLayout() {
  useInactivityLogout();
  useCrossTabSession();
  const navigation = useNavigation();
  return (
    <MobileOnlyGate>
      {navigation.state === 'loading' ? <RouteProgress /> : null}
      <TokenExchange>
        <Outlet />
      </TokenExchange>
      <ServiceWorkerPrompt />
      <ScrollRestoration />
    </MobileOnlyGate>
  );
}

/** Thin bar while a lazy screen downloads, so a tap always gives feedback. */
function RouteProgress() {
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
