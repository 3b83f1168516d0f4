import { useNetworkStatus } from '../lib/network-status';

/**
 * A strip above every screen while the network is down. The app's shell keeps working (the
 * service worker serves it), and the screens keep what they last loaded; anything that needs the
 * server says so when tried. It goes as soon as the browser is back online or the server answers.
 */
export function OfflineBanner() {
  const status = useNetworkStatus();
  if (status === 'online') return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      data-toast-clear
      className="sticky top-0 z-40 flex min-h-9 items-center justify-center gap-2 bg-ink/90 px-4 py-1.5 text-center text-xs font-medium text-surface"
    >
      <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-accent-500" />
      {status === 'offline'
        ? "You're offline. You can still look around; payments need a connection."
        : "We can't reach Owo right now. Check your connection."}
    </div>
  );
}
