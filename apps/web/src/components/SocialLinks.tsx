import { contact, useWhatsappUrl } from '../lib/contact';
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from './icons';

export function SocialLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const whatsapp = useWhatsappUrl();
  const links = [
    { name: 'Instagram', href: contact.instagram, Icon: InstagramIcon },
    { name: 'Facebook', href: contact.facebook, Icon: FacebookIcon },
    // Only the deployment's configured number; none at all when unset.
    ...(whatsapp ? [{ name: 'WhatsApp', href: whatsapp, Icon: WhatsAppIcon }] : []),
  ];
  const colours =
    tone === 'light'
      ? 'bg-white/10 text-white hover:bg-white/20'
      : 'bg-white text-brand-700 shadow-card hover:bg-brand-50';
  return (
    <ul className="flex items-center justify-center gap-3" aria-label="Social links">
      {links.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={name}
            className={`grid size-11 place-items-center rounded-full transition-colors ${colours}`}
          >
            <Icon size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
