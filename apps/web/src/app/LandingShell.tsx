import { useSyncExternalStore } from 'react';
import { ToasterHost } from '../components/ToasterHost';
import { ProgressBar } from '../components/ProgressBar';
import { LandingPage } from '../features/landing/routes/LandingPage';
import { SandboxBanner } from '../features/sandbox/SandboxBanner';
import { isAppStarting, subscribeAppStarting } from '../lib/app-navigation';
import { MobileOnlyGate } from './layouts/MobileOnlyGate';

/**
 * First paint for signed-out visitors on "/": the landing page without the router, query cache
 * or validation code, so it stays far below the 100 KB budget on slow mobile networks.
 */
export function LandingShell() {
  const starting = useSyncExternalStore(subscribeAppStarting, isAppStarting, () => false);
  return (
    <MobileOnlyGate>
      {starting ? <ProgressBar /> : null}
      {/* The first visit lands here, not in the router's layout: the sandbox says so here too. */}
      <SandboxBanner />
      <LandingPage />
      <ToasterHost />
    </MobileOnlyGate>
  );
}
