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

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

type Kind = 'success' | 'error' | 'info' | 'message';

export interface ToastOptions extends ExternalToast {
  /**
   * The event the toast tells of (e.g. "deposit:500"). Another toast about the same event replaces
   * it in place, so one event shows one toast, whichever part of the app speaks first. Without it
   * a toast is keyed by its words: the same message twice stays one toast.
   */
  event?: string;
  /**
   * An echo of what may already be on screen (the notification feed telling of a deposit the
   * funding screen has just announced): dropped while a toast of the same event is showing,
   * rather than replacing the words the customer is reading.
   */
  echo?: boolean;
}

/**
 * One deposit, one toast: the funding check's "Payment received" and the notification feed's
 * "Deposit received" tell of the same money, so both carry this key.
 */
export const depositEvent = (amountNaira: number) => `deposit:${Math.round(amountNaira * 100)}`;

/** Space kept between the top bars and the toasts. */
const TOAST_GAP_PX = 8;

/**
 * Toasts sit just below whatever bars are at the top of the screen (the sandbox strip, the offline
 * strip, the screen's header with its back button), so they never cover a control the customer
 * needs. Measured when a toast is shown and when the screen changes; `--toast-top` is read by
 * index.css.
 */
export function placeToasts(): void {
  if (typeof document === 'undefined') return;
  let clear = 0;
  for (const bar of document.querySelectorAll<HTMLElement>('header, [data-toast-clear]')) {
    const box = bar.getBoundingClientRect();
    // Only bars at the top of the viewport: a card's <header> further down does not count.
    if (box.height === 0 || box.top > 120 || box.bottom > window.innerHeight / 2) continue;
    clear = Math.max(clear, box.bottom);
  }
  document.documentElement.style.setProperty(
    '--toast-top',
    `${Math.round(Math.max(clear, 0) + TOAST_GAP_PX)}px`,
  );
}

/** When each visible toast was shown, so a change of screen can dismiss the old ones. */
const shownAt = new Map<string | number, number>();

/**
 * A toast shown just before a navigation (e.g. "Sign in successful" then /home) belongs to the
 * screen it leads to; anything older belongs to the screen being left.
 */
const CARRIED_OVER_MS = 1000;

function show(kind: Kind, message: string, options?: ToastOptions): void {
  requestToaster();
  placeToasts();
  const at = Date.now();
  const { event, echo, ...rest } = options ?? {};
  const key = rest.id ?? event ?? `${kind}:${message}`;
  if (echo && shownAt.has(key)) return;
  // Noted at once, before sonner loads, so an echo in the same moment already sees it.
  shownAt.set(key, at);
  void import('sonner').then(({ toast: sonner }) => {
    const id = sonner[kind](message, {
      ...rest,
      id: key,
      // Stated even when absent: a toast replacing another of the same event keeps none of its words.
      description: rest.description,
      onDismiss: (t) => {
        shownAt.delete(t.id);
        rest.onDismiss?.(t);
      },
      onAutoClose: (t) => {
        shownAt.delete(t.id);
        rest.onAutoClose?.(t);
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
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  message: (message: string, options?: ToastOptions) => show('message', message, options),
};
