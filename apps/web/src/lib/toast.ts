/**
 * Toasts without putting the toast library in the landing bundle: the first toast loads sonner
 * and asks <ToasterHost> to mount the Toaster (sonner replays toasts created before it mounts).
 */
import type { ExternalToast } from 'sonner';

type Listener = () => void;
let requested = false;
const listeners = new Set<Listener>();

export function subscribeToaster(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const isToasterRequested = () => requested;

function requestToaster(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

type Kind = 'success' | 'error' | 'info' | 'message';

/** When each visible toast was shown, so a change of screen can dismiss the old ones. */
const shownAt = new Map<string | number, number>();

/**
 * A toast shown just before a navigation (e.g. "Sign in successful" then /home) belongs to the
 * screen it leads to; anything older belongs to the screen being left.
 */
const CARRIED_OVER_MS = 1000;

function show(kind: Kind, message: string, options?: ExternalToast): void {
  requestToaster();
  const at = Date.now();
  void import('sonner').then(({ toast: sonner }) => {
    const id = sonner[kind](message, {
      ...options,
      onDismiss: (t) => {
        shownAt.delete(t.id);
        options?.onDismiss?.(t);
      },
      onAutoClose: (t) => {
        shownAt.delete(t.id);
        options?.onAutoClose?.(t);
      },
    });
    shownAt.set(id, at);
  });
}

let navigationStartedAt: number | null = null;

/** A lazy screen may load for seconds: measure from when the navigation began. */
export function noteNavigationStarted(): void {
  navigationStartedAt ??= Date.now();
}

/** Called on every change of route: the toasts of the screen left behind go with it. */
export function dismissToastsOfPreviousScreen(): void {
  const startedAt = navigationStartedAt ?? Date.now();
  navigationStartedAt = null;
  dismissShownBefore(startedAt - CARRIED_OVER_MS);
}

/** For a screen that replaces another without a change of route (a success screen). */
export function dismissAllToasts(): void {
  dismissShownBefore(Infinity);
}

function dismissShownBefore(cutoff: number): void {
  const stale = [...shownAt].filter(([, at]) => at < cutoff).map(([id]) => id);
  if (stale.length === 0) return;
  for (const id of stale) shownAt.delete(id);
  void import('sonner').then(({ toast: sonner }) => stale.forEach((id) => sonner.dismiss(id)));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  message: (message: string, options?: ExternalToast) => show('message', message, options),
};
