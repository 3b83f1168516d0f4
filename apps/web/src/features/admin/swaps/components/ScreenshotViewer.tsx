import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../../components/icons';
import { useModal } from '../../../../components/use-modal';
import { usePrivateImage } from '../../../../lib/private-image';

/** The transfer screenshot at full size over everything (spec 02 §2 "full view"). */
export function ScreenshotViewer({ url, onClose }: { url: string | null; onClose: () => void }) {
  const panelRef = useModal(url !== null, onClose);
  const src = usePrivateImage(url);
  if (!url) return null;
  return createPortal(
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-label="Screenshot"
      tabIndex={-1}
      className="fixed inset-0 z-50 flex animate-fade-in flex-col bg-ink/95 focus:outline-none"
    >
      <div className="flex justify-end p-3">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close screenshot"
          data-autofocus
          className="grid size-11 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
        >
          <CloseIcon size={22} />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto px-4 pb-8">
        {src ? (
          <img
            src={src}
            alt="Airtime transfer screenshot"
            className="size-full rounded-xl object-contain"
          />
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
