import { readJson, removeItem, storageKeys, writeJson } from './storage';

/**
 * Why the last sign-out happened, when the person did not ask for it: 15 minutes of inactivity
 * (the app's timer, or the server's 401 SESSION_IDLE) or the session's 12-hour lifetime (the
 * server's 401 SESSION_EXPIRED). The person was away when it happened, so a toast would be gone
 * by their return. The landing and login screens show it until dismissed or the next sign-in.
 * In localStorage, so every tab (and a reload) tells the same story.
 */
export type SignOutReason = 'idle' | 'expired';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const hasStorage = () => typeof localStorage !== 'undefined';

export function noteSignOut(reason: SignOutReason): void {
  if (!hasStorage()) return;
  writeJson(localStorage, storageKeys.signedOutIdle, reason);
  changed();
}

export function noteIdleSignOut(): void {
  noteSignOut('idle');
}

/** The reason on record, or null. `true` is how earlier builds wrote the idle note. */
export function signOutReason(): SignOutReason | null {
  if (!hasStorage()) return null;
  const stored = readJson<unknown>(localStorage, storageKeys.signedOutIdle);
  if (stored === true || stored === 'idle') return 'idle';
  if (stored === 'expired') return 'expired';
  return null;
}

export function clearIdleSignOutNotice(): void {
  if (!hasStorage()) return;
  removeItem(localStorage, storageKeys.signedOutIdle);
  changed();
}

/** For useSyncExternalStore: this tab's changes and other tabs' (storage events). */
export function subscribeIdleSignOutNotice(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
