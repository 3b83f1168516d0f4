import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { MobileOnlyGate } from './MobileOnlyGate';
import { ScreenScroll } from './ScreenScroll';
import { useInactivityLogout } from '../session/use-inactivity-logout';
import { useCrossTabSession } from '../session/use-cross-tab-session';
import { TokenExchange } from '../session/TokenExchange';
import { OfflineBanner } from '../../components/OfflineBanner';
import { ProgressBar } from '../../components/ProgressBar';
import { SandboxBanner } from '../../features/sandbox/SandboxBanner';
import { dismissToastsOfPreviousScreen, noteNavigationStarted, placeToasts } from '../../lib/toast';

/** Wraps every route: desktop notice, offline banner, session upkeep, ?token= exchange, loading bar, toasts. */
export function RootLayout() {
  useInactivityLogout();
  useCrossTabSession();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // A toast speaks about the screen it was shown on; leaving that screen dismisses it.
  useEffect(() => {
    if (navigation.state !== 'idle') noteNavigationStarted();
  }, [navigation.state]);
  useEffect(() => {
    dismissToastsOfPreviousScreen();
    // The toasts carried over sit below this screen's bars.
    placeToasts();
  }, [pathname]);
  return (
    <MobileOnlyGate>
      {navigation.state === 'loading' ? <ProgressBar /> : null}
      <OfflineBanner />
      <SandboxBanner />
      <TokenExchange>
        <Outlet />
      </TokenExchange>
      <ScreenScroll />
    </MobileOnlyGate>
  );
}
