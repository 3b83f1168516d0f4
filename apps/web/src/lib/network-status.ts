import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the network: the browser's online/offline events, and the API
 * client's own experience (a request that failed to reach the server at all, though the browser
 * says it is online: a captive portal, a dead mobile connection). Any reply from the server, or
 * the browser coming back online, clears a failure.
 */
export type NetworkStatus = 'online' | 'offline' | 'unreachable';

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
let requestFailed = false;
const listeners = new Set<() => void>();

function current(): NetworkStatus {
  if (!browserOnline) return 'offline';
  return requestFailed ? 'unreachable' : 'online';
}

function update(change: () => void): void {
  const before = current();
  change();
  if (current() !== before) listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => update(() => (browserOnline = false)));
  window.addEventListener('online', () =>
    update(() => {
      browserOnline = true;
      requestFailed = false;
    }),
  );
}

/** The API client: a request never reached the server. */
export function noteRequestFailed(): void {
  update(() => (requestFailed = true));
}

/** The API client: the server answered (whatever it said). */
export function noteServerReached(): void {
  if (requestFailed) update(() => (requestFailed = false));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribe, current, () => 'online');
}
