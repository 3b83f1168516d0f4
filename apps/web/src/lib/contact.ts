/**
 * Public contact points shown on the landing page, the desktop notice and the support sheet.
 * They are brand constants built into the app (the landing page and the desktop notice must show
 * them without a network call). Ops: confirm the handles and the number before launch.
 */
export const contact = {
  instagram: 'https://www.instagram.com/owowallet',
  facebook: 'https://www.facebook.com/owowallet',
  whatsapp: 'https://wa.me/2348000000000',
  email: 'support@owo.ng',
} as const;
