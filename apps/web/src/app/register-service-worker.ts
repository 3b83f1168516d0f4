import { registerSW } from 'virtual:pwa-register';
import { toast } from '../lib/toast';

/**
 * Registers /sw.js (production builds only; loaded after first paint by main.tsx). With
 * registerType 'prompt' a new version waits until the user taps Reload on this toast.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast.message('New content is available.', {
        id: 'sw-update',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
      });
    },
  });
}
