import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS } from '@owo/shared/constants';

/** App-wide toasts: top-right, 5 s (spec §9). */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
