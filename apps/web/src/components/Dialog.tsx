import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './use-modal';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  /** Buttons row; the dialog does not add its own. */
  actions: ReactNode;
  /** alertdialog for messages that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Colour of the icon circle: accent (notices), brand (success) or danger. */
  tone?: 'accent' | 'brand' | 'danger';
}

const tones = {
  accent: 'bg-accent-100 text-accent-600',
  brand: 'bg-brand-50 text-brand-600',
  danger: 'bg-danger/10 text-danger',
} as const;

/** Centred modal for short messages ("Service Unavailable"). */
export function Dialog({
  open,
  onClose,
  title,
  children,
  icon,
  actions,
  role = 'alertdialog',
  tone = 'accent',
}: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useModal(open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-40 flex items-center justify-center p-6">
      <div
        aria-hidden="true"
        className="absolute inset-0 animate-fade-in bg-ink/45"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className="relative w-full max-w-sm animate-pop-in rounded-3xl bg-white p-6 text-center shadow-sheet focus:outline-none"
      >
        {icon ? (
          <div
            className={`mx-auto mb-4 grid size-14 place-items-center rounded-full ${tones[tone]}`}
          >
            {icon}
          </div>
        ) : null}
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="mt-2 text-sm text-muted">
            {children}
          </div>
        ) : null}
        <div className="mt-6 flex gap-3">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
