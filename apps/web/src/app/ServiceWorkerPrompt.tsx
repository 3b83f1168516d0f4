import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * Registers /sw.js after the first paint (production builds only) and, when a new version is
 * waiting, offers a Reload toast that activates it (registerType 'prompt').
 */
export function ServiceWorkerPrompt() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const updateServiceWorker = registerSW({
        onNeedRefresh() {
          toast('New content is available.', {
            id: 'sw-update',
            duration: Infinity,
            action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
          });
        },
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
