import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS } from '@owo/shared/constants';

/**
 * Each toast's words are a status message (WCAG 4.1.3): role="status", and "alert" for an error,
 * on the toast's text. sonner renders its toasts as list items inside a polite live region and
 * takes no role per toast, so they are set as toasts appear or change kind.
 */
function markToastRoles(): void {
  for (const item of document.querySelectorAll<HTMLElement>('[data-sonner-toast]')) {
    const content = item.querySelector<HTMLElement>('[data-content]');
    const role = item.dataset.type === 'error' ? 'alert' : 'status';
    if (content && content.getAttribute('role') !== role) content.setAttribute('role', role);
  }
}

/**
 * App-wide toasts, 5 s (spec §9): across the top, just below the screen's bars (lib/toast.ts
 * measures them, index.css places the list), so back buttons and the sandbox Mailbox stay free.
 */
export function Toaster() {
  useEffect(() => {
    const observer = new MutationObserver(markToastRoles);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-type'],
    });
    markToastRoles();
    return () => observer.disconnect();
  }, []);
  return (
    <Sonner
      position="top-center"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
