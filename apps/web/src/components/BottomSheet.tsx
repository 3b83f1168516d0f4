import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useModal } from './use-modal';

interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** Modal sheet rising from the bottom; tapping the backdrop or Escape closes it. */
export function BottomSheet({ open, onClose, title, description, children }: BottomSheetProps) {
  const titleId = useId();
  const panelRef = useModal(open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-40 flex items-end justify-center">
      <div
        aria-hidden="true"
        data-testid="sheet-backdrop"
        className="absolute inset-0 animate-fade-in bg-ink/45"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative max-h-[92dvh] w-full max-w-md animate-sheet-up overflow-y-auto rounded-t-3xl bg-white px-5 pt-3 shadow-sheet safe-bottom focus:outline-none"
      >
        <div aria-hidden="true" className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-line" />
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-ink">
              {title}
            </h2>
            {description ? <div className="mt-0.5 text-sm text-muted">{description}</div> : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mr-2 grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-surface"
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <div className="pb-2">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
