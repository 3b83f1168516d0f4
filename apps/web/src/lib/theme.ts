import { useSyncExternalStore } from 'react';

/**
 * The colour theme: the system's (prefers-color-scheme) unless the customer picked one in
 * Settings. The choice is kept in localStorage under THEME_STORAGE_KEY. index.html's boot script
 * (packages/shared/src/landing-guard-script.ts) reads the same key and sets `data-theme` on <html>
 * before the first paint, so a dark screen never flashes light; it also follows the system while
 * the choice is "system", and other tabs' choices. It lives there, not here, so no route's
 * JavaScript pays for it: this module is loaded by the Settings screen only.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'owo.theme';
/** The browser's toolbar colour for each theme (the boot script writes the same values). */
export const THEME_COLORS: Record<Theme, string> = { light: '#0B6E4F', dark: '#0C1412' };

const listeners = new Set<() => void>();
/** Set when the customer switches, in case storage refuses to keep it. */
let choiceInMemory: ThemeChoice | null = null;

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

const currentChoice = () => choiceInMemory ?? readChoice();

/** Sets `data-theme` and the theme-color meta for the current choice (as the boot script does). */
export function applyTheme(): void {
  const choice = currentChoice();
  const theme: Theme =
    choice === 'system'
      ? matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light'
      : choice;
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode, full): the choice still holds until the page reloads.
  }
  choiceInMemory = choice;
  applyTheme();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  // Another tab's choice: the boot script applies it; the switch shows it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    choiceInMemory = null;
    listener();
  };
  listeners.add(listener);
  addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', onStorage);
  };
}

/** The customer's choice (System / Light / Dark), for the Settings switch. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, currentChoice, () => 'system');
}
