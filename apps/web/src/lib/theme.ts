import { useSyncExternalStore } from 'react';

/**
 * The colour theme: the system's (prefers-color-scheme) unless the customer picked one in
 * Settings. The choice is kept in localStorage under THEME_STORAGE_KEY; index.html's boot script
 * (packages/shared/src/landing-guard-script.ts) reads the same key and sets `data-theme` on <html>
 * before the first paint, so a dark screen never flashes light. This module keeps it right after
 * that: when the customer switches, or the system does while the choice is "system".
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'owo.theme';
/** The browser's toolbar colour for each theme (the boot script writes the same values). */
export const THEME_COLORS: Record<Theme, string> = { light: '#0B6E4F', dark: '#0C1412' };

const DARK_QUERY = '(prefers-color-scheme: dark)';
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

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(choice: ThemeChoice): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

const currentChoice = () => choiceInMemory ?? readChoice();

function applyTheme(): void {
  const theme = resolveTheme(currentChoice());
  const root = document.documentElement;
  root.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  listeners.forEach((listener) => listener());
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
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The customer's choice (System / Light / Dark), for the Settings switch. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, currentChoice, () => 'system');
}

/** Started once by main.tsx: follows the system while the choice is "system". */
export function startThemeSync(): void {
  if (typeof matchMedia !== 'function') return;
  applyTheme();
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (currentChoice() === 'system') applyTheme();
  });
  // Another tab switched the theme.
  addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) {
      choiceInMemory = null;
      applyTheme();
    }
  });
}
