import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import apiReference, { type FastifyApiReferenceOptions } from '@scalar/fastify-api-reference';
import { docsPagePolicy } from '../../plugins/security-headers';
import { API_TITLE } from './document';

/** Where the page answers; /api/docs itself redirects to it (its script's URL is relative). */
export const DOCS_PAGE_PATH = '/api/docs/';

/**
 * Scalar's API reference over our own /api/openapi.json (decision 0082). The plugin serves its
 * bundle itself, from /api/docs/js/scalar.js; everything below keeps the page off other origins:
 * no web fonts, no telemetry, no AI agent, no developer toolbar (its "share" uploads the
 * document to Scalar).
 */
const referenceOptions = {
  routePrefix: '/api/docs',
  configuration: {
    url: '/api/openapi.json',
    pageTitle: API_TITLE,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
  },
} satisfies FastifyApiReferenceOptions;

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP hashes of the page's inline scripts. The page is the same for every request (built from
 * the options above only), so it is rendered once, at start, by the plugin itself on a throwaway
 * instance: the policy is fixed before any request and never read off a reply it governs.
 */
async function inlineScriptHashes(): Promise<string[]> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(apiReference, referenceOptions);
    const page = await probe.inject({ method: 'GET', url: DOCS_PAGE_PATH });
    if (page.statusCode !== 200) throw new Error(`the docs page rendered ${page.statusCode}`);
    return [...page.body.matchAll(INLINE_SCRIPT)].map(
      ([, text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    );
  } finally {
    await probe.close();
  }
}

/** The reference's bundle, served by the plugin from its own copy (no CDN). */
export const DOCS_SCRIPT_PATH = '/api/docs/js/scalar.js';

/**
 * Run before the bundle: the zod inside it probes for eval with `Function('')` as it loads,
 * unless told it must not compile (`jitless`). Under our policy the probe is refused and caught,
 * zod works without it, but the browser still reports a violation (a known issue of Scalar's,
 * scalar/scalar#8182). zod reads this global object for its configuration.
 */
export const ZOD_JITLESS =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });\n';

/** GET /api/docs/ (the page), /api/docs (a redirect to it) and /api/docs/js/scalar.js. */
export async function registerDocsPage(app: FastifyInstance) {
  const contentSecurityPolicy = docsPagePolicy(await inlineScriptHashes());
  await app.register(async (docs) => {
    // After the app-wide headers (helmet's own hook runs first, on the app): this page's policy
    // replaces the app's, every other header stays.
    docs.addHook('onRequest', async (_request, reply) => {
      reply.helmet({ contentSecurityPolicy });
    });
    docs.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url !== DOCS_SCRIPT_PATH || typeof payload !== 'string') {
        return payload;
      }
      // 4.9 MB that changes only with the plugin's version: kept for an hour rather than fetched
      // on every visit (its address carries no hash, so not for longer).
      reply.header('cache-control', 'public, max-age=3600');
      return ZOD_JITLESS + payload;
    });
    // The plugin's routes are added to this context, under its two hooks.
    await docs.register(apiReference, referenceOptions);
  });
}
