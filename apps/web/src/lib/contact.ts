/**
 * Public contact points shown on the landing page, the desktop notice and the support sheet.
 * TODO(ops): confirm the handles and support number before launch.
 */
export const contact = {
  instagram: 'https://www.instagram.com/owowallet',
  facebook: 'https://www.facebook.com/owowallet',
  whatsapp: 'https://wa.me/2348000000000',
  email: 'support@owo.ng',
} as const;
