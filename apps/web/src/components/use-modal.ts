import { useEffect, useRef } from 'react';

/** The open modal panels, oldest first. */
const openPanels: HTMLElement[] = [];

/**
 * Shared behaviour of sheets and dialogs: Escape closes, focus moves into the panel on open (and
 * stays inside while it is open, Tab included) and back to the opener on close, and the page
 * behind does not scroll.
 */
export function useModal(open: boolean, onClose: () => void) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const focusInside = () =>
      (panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel)?.focus({
        preventScroll: true,
      });
    focusInside();
    // A sheet whose content changes while open (Summary, then the PIN step) removes the button
    // that had focus: focus would fall to the page behind. Bring it back into the panel, and
    // likewise when anything else (a click on the page, assistive technology) takes it outside.
    if (panel) openPanels.push(panel);
    // Only the topmost of stacked modals (a dialog over a sheet) holds the focus.
    const onTop = () => panel !== null && openPanels[openPanels.length - 1] === panel;
    const keepFocusInside = () => {
      if (onTop() && !panel!.contains(document.activeElement)) focusInside();
    };
    const contentChanges = new MutationObserver(keepFocusInside);
    if (panel) contentChanges.observe(panel, { childList: true, subtree: true });
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      // Toasts and other top-layer widgets may take focus for a moment; the page behind may not.
      if (onTop() && target && !panel!.contains(target) && !isToast(target)) focusInside();
    };
    document.addEventListener('focusin', onFocusIn);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
      } else if (event.key === 'Tab' && panel) {
        const focusable = panel.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
        );
        if (focusable.length === 0) return;
        const firstEl = focusable[0]!;
        const lastEl = focusable[focusable.length - 1]!;
        if (event.shiftKey && document.activeElement === firstEl) {
          event.preventDefault();
          lastEl.focus();
        } else if (!event.shiftKey && document.activeElement === lastEl) {
          event.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      contentChanges.disconnect();
      if (panel) openPanels.splice(openPanels.indexOf(panel), 1);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      opener?.focus?.({ preventScroll: true });
    };
  }, [open]);

  return panelRef;
}

/** A toast's close button may be focused while a sheet is open (it sits above everything). */
function isToast(node: Node): boolean {
  return node instanceof Element && node.closest('[data-sonner-toaster]') !== null;
}
