import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from './runtime-config';

/**
 * Public contact points shown on the landing page, the desktop notice and the support sheet.
 * The handles are brand constants built into the app; the WhatsApp number is the deployment's
 * (SUPPORT_WHATSAPP through /api/config, decision 0057), so no placeholder number is ever shown.
 */
export const contact = {
  instagram: 'https://www.instagram.com/owowallet',
  facebook: 'https://www.facebook.com/owowallet',
  email: 'support@owo.ng',
} as const;

/** The configured wa.me link, or null (unset, or not answered yet): then no WhatsApp link. */
export function useWhatsappUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void loadRuntimeConfig().then((config) => {
      if (alive) setUrl(config.supportWhatsappUrl);
    });
    return () => {
      alive = false;
    };
  }, []);
  return url;
}
