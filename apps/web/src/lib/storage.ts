/**
 * Safe wrappers around Web Storage: private browsing modes and full quotas throw, and a broken
 * storage must never break a screen.
 */
function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function readJson<T>(storage: Storage, key: string): T | null {
  return safe(() => {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  }, null);
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  safe(() => storage.setItem(key, JSON.stringify(value)), undefined);
}

export function removeItem(storage: Storage, key: string): void {
  safe(() => storage.removeItem(key), undefined);
}

/** Keys we own, in one place, so nothing collides with the persisted store (`root`). */
export const storageKeys = {
  /** sessionStorage: e-mail (and signup ticket) carried between the sign-in screens. */
  signInFlow: 'owo.signInFlow',
  /** localStorage: where the user dragged the live-chat bubble. */
  chatPosition: 'owo.chatWidgetPosition',
  /** localStorage: whether the balance is hidden on the home card. */
  balanceHidden: 'owo.balanceHidden',
  /** localStorage: the server or the idle timer signed the user out for inactivity. */
  signedOutIdle: 'owo.signedOutIdle',
  /** localStorage: the purchase forms' drafts (spec §3 "Purchase draft kept locally"). */
  purchaseDraft: 'owo.purchaseDraft',
} as const;
