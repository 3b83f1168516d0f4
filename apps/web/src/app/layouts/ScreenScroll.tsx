import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where a screen opens: at the top when it is new (a link, a redirect, a full load), and where the
 * customer left it when they come back to it with Back. Positions are kept in memory only: a full
 * load starts at the top. (React Router's <ScrollRestoration> kept them in sessionStorage under
 * the location's key, and every fresh load shares the key "default", so a page could open at
 * another page's position.)
 */
const positions = new Map<string, number>();
let currentKey = '';

if (typeof window !== 'undefined') {
  // The browser must not restore on its own after a load; the app decides.
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  window.addEventListener('scroll', () => positions.set(currentKey, window.scrollY), {
    passive: true,
  });
}

export function ScreenScroll() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    currentKey = key;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [key, navigationType]);
  return null;
}
