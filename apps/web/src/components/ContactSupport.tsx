import { useState, type ReactNode } from 'react';
import { contact, useWhatsappUrl } from '../lib/contact';
import { BottomSheet } from './BottomSheet';
import { MailIcon, WhatsAppIcon } from './icons';

/**
 * Renders the trigger the caller asks for; tapping it opens the live chat when one is configured,
 * otherwise a sheet with WhatsApp and e-mail.
 */
export function ContactSupport({
  children,
}: {
  children: (open: () => void, opening: boolean) => ReactNode;
}) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const whatsapp = useWhatsappUrl();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    // The chat loader is fetched on the tap: every screen shows a support button, few are tapped,
    // so it stays out of the chunk every route loads.
    const chatOpened = await import('../lib/support-chat')
      .then((chat) => chat.openSupportChat())
      .catch(() => false);
    setOpening(false);
    if (!chatOpened) setSheetOpen(true);
  };
  return (
    <>
      {children(() => void open(), opening)}
      <BottomSheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title="Contact Support"
        description="We usually reply within a few minutes."
      >
        <div className="grid gap-3">
          {whatsapp ? (
            <SupportLink
              href={whatsapp}
              icon={<WhatsAppIcon />}
              title="Chat on WhatsApp"
              external
            />
          ) : null}
          <SupportLink
            href={`mailto:${contact.email}`}
            icon={<MailIcon />}
            title={`Email ${contact.email}`}
          />
        </div>
      </BottomSheet>
    </>
  );
}

function SupportLink({
  href,
  icon,
  title,
  external = false,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  external?: boolean;
}) {
  return (
    <a
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-line px-4 font-medium hover:bg-surface"
    >
      <span className="grid size-10 place-items-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      {title}
    </a>
  );
}
