import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { MobileOnlyGate } from './MobileOnlyGate';
import { useInactivityLogout } from '../session/use-inactivity-logout';
import { useCrossTabSession } from '../session/use-cross-tab-session';
import { TokenExchange } from '../session/TokenExchange';
import { ProgressBar } from '../../components/ProgressBar';
import { SandboxBanner } from '../../features/sandbox/SandboxBanner';

/** Wraps every route: desktop notice, session upkeep, ?token= exchange, loading bar. */
export function RootLayout() {
  useInactivityLogout();
  useCrossTabSession();
  const navigation = useNavigation();
  return (
    <MobileOnlyGate>
      {navigation.state === 'loading' ? <ProgressBar /> : null}
      <SandboxBanner />
      <TokenExchange>
        <Outlet />
      </TokenExchange>
      <ScrollRestoration />
    </MobileOnlyGate>
  );
}
