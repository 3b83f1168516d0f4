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

function show(kind: Kind, message: string, options?: ExternalToast): void {
  requestToaster();
  void import('sonner').then(({ toast: sonner }) => sonner[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  message: (message: string, options?: ExternalToast) => show('message', message, options),
};
