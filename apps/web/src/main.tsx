// Imported first: it must catch `beforeinstallprompt`, which can fire before React mounts.
import './lib/install-prompt';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingShell } from './app/LandingShell';
import { setAppPrefetcher, setFallbackNavigator } from './lib/app-navigation';
import { useSession } from './lib/session-store';

const root = createRoot(document.getElementById('root')!);
const loadApp = () => import('./app/App');

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  loadApp()
    .then(({ App }) =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    )
    // The bundle could not be fetched (offline before the service worker cached it, or a new
    // deployment removed it): a full page load is the only way forward.
    .catch(() => window.location.reload());
}

/** Signed-out visitors opening "/" get the landing page before the rest of the app loads. */
function opensOnLanding(): boolean {
  const { pathname, search } = window.location;
  return (
    pathname === '/' &&
    !new URLSearchParams(search).has('token') &&
    !useSession.getState().auth.isAuthenticated
  );
}

if (opensOnLanding()) {
  setAppPrefetcher(() => void loadApp());
  setFallbackNavigator((to, options) => {
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    startApp();
  });
  root.render(
    <StrictMode>
      <LandingShell />
    </StrictMode>,
  );
} else {
  startApp();
}

void import('./app/register-service-worker').then((m) => m.registerServiceWorker());
