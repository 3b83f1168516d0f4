import { createHash } from 'node:crypto';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';
import { LANDING_GUARD_SCRIPT } from '@owo/shared/landing-guard-script';

/**
 * The security headers of every reply (helmet), set for how the app really runs: the web app and
 * the API on one origin, Google sign-in in a popup, the live-chat widget loaded on demand, avatars
 * and screenshots fetched from /api/files and shown as blob: URLs, a service worker. Decision 0014
 * gives the reasons.
 */

/** Google Identity Services (apps/web/src/features/landing/api/google-sign-in.ts). */
const GOOGLE = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  // The button's iframe, its popup's messages and FedCM's config all live under /gsi/.
  frame: 'https://accounts.google.com/gsi/',
};

/** The live-chat widget (Tawk.to, apps/web/src/lib/support-chat.ts) and what it loads. */
const CHAT = {
  any: 'https://*.tawk.to',
  socket: 'wss://*.tawk.to',
  cdn: 'https://cdn.jsdelivr.net',
};

export const contentSecurityPolicy = {
  // Helmet's defaults are merged in unless turned off: the list below is the whole policy.
  useDefaults: false,
  directives: {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      // index.html's one inline script (it hides the prerendered landing page off "/"), by hash.
      `'sha256-${createHash('sha256').update(LANDING_GUARD_SCRIPT).digest('base64')}'`,
      GOOGLE.script,
      CHAT.any,
      CHAT.cdn,
    ],
    // React's style attributes and the two widgets' injected styles are inline.
    'style-src': [
      "'self'",
      "'unsafe-inline'",
      GOOGLE.style,
      CHAT.any,
      'https://fonts.googleapis.com',
    ],
    // Our pictures and banners, previews of a picked file (blob:, data:), the widgets' images.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', CHAT.any, 'https://fonts.gstatic.com'],
    'connect-src': ["'self'", GOOGLE.frame, CHAT.any, CHAT.socket],
    'frame-src': [GOOGLE.frame, CHAT.any],
    'media-src': ["'self'", CHAT.any],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // No upgrade-insecure-requests: `npm start` serves plain http on localhost, where it would
    // turn every asset request into a failing https one. HSTS covers the real (https) site.
  },
} satisfies FastifyHelmetOptions['contentSecurityPolicy'];

/**
 * The API docs page (/api/docs, Scalar's reference; decision 0082) needs none of the app's outside
 * origins: its bundle and the OpenAPI document come from our origin, its fonts are the system's.
 * Its one inline script (the reference's configuration) is allowed by hash, as the landing guard
 * is; styles stay inline-allowed because the reference sets style attributes, as the app does.
 */
export function docsPagePolicy(inlineScriptHashes: string[]) {
  const { directives } = contentSecurityPolicy;
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...inlineScriptHashes],
      'style-src': ["'self'", "'unsafe-inline'"],
      // Its icons are inline SVG: it loads no picture, so not even data: is allowed.
      'img-src': ["'self'"],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'object-src': directives['object-src'],
      'base-uri': directives['base-uri'],
      'form-action': directives['form-action'],
      'frame-ancestors': directives['frame-ancestors'],
    },
  } satisfies FastifyHelmetOptions['contentSecurityPolicy'];
}

export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy,
  // Cross-origin images (the chat widget's) carry no CORP header; the page needs no isolation.
  crossOriginEmbedderPolicy: false,
  // Google's sign-in popup reports back to the page that opened it: `same-origin` would cut it off.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Google checks the page's origin on its sign-in requests; paths never leave the site.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The app is never framed (clickjacking on the PIN and transfer screens).
  frameguard: { action: 'deny' },
};

/**
 * In sandbox mode the pretend suppliers run on loopback over plain http and serve their own
 * pictures there (PalmPay's biller icons, as the real PalmPay serves them from its https CDN), so
 * the policy lets images come from loopback too. Never in live mode.
 */
export function helmetOptionsFor(config: Pick<Config, 'providerMode'>): FastifyHelmetOptions {
  if (config.providerMode !== 'sandbox') return helmetOptions;
  const { directives } = contentSecurityPolicy;
  return {
    ...helmetOptions,
    contentSecurityPolicy: {
      ...contentSecurityPolicy,
      directives: {
        ...directives,
        'img-src': [...directives['img-src'], 'http://127.0.0.1:*', 'http://localhost:*'],
      },
    },
  };
}
