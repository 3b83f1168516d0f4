/**
 * Navigation that works before the router has loaded. The landing page is painted without the
 * router (to keep it small); its links call navigateTo, which either uses the router or, on the
 * landing-only first paint, pushes the address and starts the full app, which then renders it.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigator = (to: string, options?: NavigateOptions) => void;
type Listener = () => void;

let routerNavigator: Navigator | null = null;
let fallbackNavigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};
let prefetcher: () => void = () => {};
let starting = false;
const listeners = new Set<Listener>();

export function setRouterNavigator(navigator: Navigator): void {
  routerNavigator = navigator;
  setStarting(false);
}
export function setFallbackNavigator(navigator: Navigator): void {
  fallbackNavigator = navigator;
}
export function setAppPrefetcher(prefetch: () => void): void {
  prefetcher = prefetch;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (routerNavigator) return routerNavigator(to, options);
  setStarting(true);
  fallbackNavigator(to, options);
}

/** Warm the app bundle when the user shows intent (touch, hover, focus on a link). */
export function prefetchApp(): void {
  if (!routerNavigator) prefetcher();
}

/** True while the landing-only page waits for the full app to load. */
export const isAppStarting = () => starting;
export function subscribeAppStarting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setStarting(value: boolean) {
  if (starting === value) return;
  starting = value;
  listeners.forEach((listener) => listener());
}
