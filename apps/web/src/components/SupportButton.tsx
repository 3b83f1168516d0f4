import { ContactSupport } from './ContactSupport';
import { HeadsetIcon } from './icons';

/**
 * A headset button that opens the live chat (or the WhatsApp/e-mail sheet when no chat is
 * configured). Each screen gives its own label and look.
 */
export function SupportButton({ label, className }: { label: string; className: string }) {
  return (
    <ContactSupport>
      {(open, opening) => (
        <button type="button" onClick={open} disabled={opening} className={className}>
          <HeadsetIcon size={18} />
          {label}
        </button>
      )}
    </ContactSupport>
  );
}
