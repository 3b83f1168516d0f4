// Imported first: it must catch `beforeinstallprompt`, which can fire before React mounts.
import './lib/install-prompt';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { LandingShell } from './app/LandingShell';
import { setAppPrefetcher, setFallbackNavigator } from './lib/app-navigation';
import { useSession } from './lib/session-store';

const container = document.getElementById('root')!;
// Made below: hydrating the landing page the build prerendered into index.html, or empty.
let root: Root;
const loadApp = () => import('./app/App');

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const yieldToMain = () => wait(0);
/** How long a cold start off the landing page holds its first render for the screen's data. */
const FIRST_READS_WAIT_MS = 400;

let started = false;
function startApp(waitForRoute = false): void {
  if (started) return;
  started = true;
  loadApp()
    .then(async ({ App, routerReady, prefetchRouteData }) => {
      // The app chunk has just been evaluated in this task; the screen's reads, the router's start
      // and the first render each go in a later one, so no single task holds the main thread for
      // long on a slow phone.
      await yieldToMain();
      const data = waitForRoute ? prefetchRouteData(window.location.pathname) : undefined;
      await yieldToMain();
      if (waitForRoute) {
        await routerReady();
        // The screen's first reads started with the app chunk: wait a moment for them (the boot
        // shell stays up), so the first render shows the data rather than skeletons.
        await Promise.race([data, wait(FIRST_READS_WAIT_MS)]);
      }
      startTransition(() =>
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      );
    })
    // The bundle could not be fetched (offline before the service worker cached it, or a new
    // deployment removed it). Reloading by itself would loop on a dead network, so the person
    // decides when to try again.
    .catch(() => root.render(<LoadFailed />));
}

function LoadFailed() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-base font-semibold">We couldn't load the app.</p>
      <p className="text-sm text-muted">Check your internet connection and try again.</p>
      <button
        type="button"
        className="min-h-12 rounded-2xl bg-brand-600 px-6 font-semibold text-white"
        onClick={() => window.location.reload()}
      >
        Try again
      </button>
    </main>
  );
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
  const landing = (
    <StrictMode>
      <LandingShell />
    </StrictMode>
  );
  // The build puts the landing page's HTML into index.html (scripts/prerender-landing.ts).
  if (container.firstElementChild) {
    root = hydrateRoot(container, landing);
  } else {
    root = createRoot(container);
    root.render(landing);
  }
} else {
  // index.html's prerendered landing page, hidden on this route by its boot script
  // (packages/shared/src/landing-guard-script.ts), makes way for the app.
  container.textContent = '';
  // The boot shell (index.html's skeleton, shown while the app loads) and the attribute that
  // shows it go when the app's first render lands in the container: a MutationObserver runs
  // before the next paint, so the skeleton never shows next to the app, nor the page blank.
  const shell = document.getElementById('owo-boot-shell');
  new MutationObserver((_, observer) => {
    if (!container.firstChild) return;
    observer.disconnect();
    shell?.remove();
    document.documentElement.removeAttribute('data-owo-boot');
  }).observe(container, { childList: true });
  root = createRoot(container);
  startApp(true);
}

void import('./app/register-service-worker').then((m) => m.registerServiceWorker());
