import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyApiReferenceOptions } from '@scalar/fastify-api-reference';
import { docsPagePolicy } from '../../plugins/security-headers';
import { API_TITLE } from './document';
import { PUBLIC_API_TITLE } from '../public-api/document';

/** Where the page answers; /api/docs itself redirects to it (its script's URL is relative). */
export const DOCS_PAGE_PATH = '/api/docs/';

/** The reference's bundle, served from Scalar's own copy (no CDN). */
export const DOCS_SCRIPT_PATH = '/api/docs/js/scalar.js';

/**
 * Scalar's API reference over one of our documents (decision 0082). Everything below keeps the
 * page off other origins: no web fonts, no telemetry, no AI agent, no developer toolbar (its
 * "share" uploads the document to Scalar), no "Open API Client" button (it leaves for
 * client.scalar.com; each operation's own "Test Request" stays on the page).
 */
const referenceOptions = (routePrefix: `/${string}`, url: string, pageTitle: string) =>
  ({
    routePrefix,
    configuration: {
      url,
      pageTitle,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never',
      hideClientButton: true,
    },
  }) satisfies FastifyApiReferenceOptions;

/** The pages: the app's API, and the reseller API (/api/v1) on a page of its own. */
const DOCS_PAGES = [
  referenceOptions('/api/docs', '/api/openapi.json', API_TITLE),
  referenceOptions('/api/v1/docs', '/api/v1/openapi.json', PUBLIC_API_TITLE),
];
type DocsOptions = (typeof DOCS_PAGES)[number];

/**
 * Run before the bundle: the zod inside it probes for eval with `Function('')` as it loads,
 * unless told it must not compile (`jitless`). Under our policy the probe is refused and caught,
 * zod works without it, but the browser still reports a violation (a known issue of Scalar's,
 * scalar/scalar#8182). zod reads this global object for its configuration.
 */
export const ZOD_JITLESS =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });\n';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

interface DocsFiles {
  page: string;
  script: string;
  /** The page's policy: its inline scripts allowed by hash. */
  policy: ReturnType<typeof docsPagePolicy>;
}

/** Each page's files, by its route prefix. */
const files = new Map<string, Promise<DocsFiles>>();

/**
 * The page and the bundle, made once per process on the first visit by Scalar's own plugin on a
 * private instance. Not at start: the plugin's module is 4.9 MB (the bundle is a string in it),
 * half a second to load, which every API process and test app would pay for a page few open. The
 * page is the same for every request (built from the options above only), so its policy is fixed
 * from it before it is sent, never read off a reply it governs.
 */
function docsFiles(options: DocsOptions): Promise<DocsFiles> {
  const made = files.get(options.routePrefix);
  if (made) return made;
  const making = (async () => {
    const { default: apiReference } = await import('@scalar/fastify-api-reference');
    const scalar = Fastify({ logger: false });
    try {
      await scalar.register(apiReference, options);
      const [page, script] = await Promise.all([
        scalar.inject({ method: 'GET', url: `${options.routePrefix}/` }),
        scalar.inject({ method: 'GET', url: `${options.routePrefix}/js/scalar.js` }),
      ]);
      if (page.statusCode !== 200 || script.statusCode !== 200) {
        throw new Error(
          `the docs page rendered ${page.statusCode}, its script ${script.statusCode}`,
        );
      }
      const hashes = [...page.body.matchAll(INLINE_SCRIPT)].map(
        ([, text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
      );
      // The plugin's page names no language (WCAG 3.1.1): ours are in English.
      const html = page.body.replace(/<html(?![^>]*\blang=)/i, '<html lang="en"');
      return { page: html, script: ZOD_JITLESS + script.body, policy: docsPagePolicy(hashes) };
    } finally {
      await scalar.close();
    }
  })();
  files.set(options.routePrefix, making);
  // A failed first try is not kept: the next visit tries again.
  making.catch(() => files.delete(options.routePrefix));
  return making;
}

/** Pages, not API operations: out of the document and the route table. */
const hidden = { schema: { hide: true } };

/**
 * GET /api/docs (a redirect), /api/docs/ (the page) and /api/docs/js/scalar.js; the same three
 * under /api/v1/docs for the reseller API.
 */
export async function registerDocsPage(app: FastifyInstance) {
  for (const options of DOCS_PAGES) {
    const pagePath = `${options.routePrefix}/`;
    app.get(options.routePrefix, hidden, async (_request, reply) => reply.redirect(pagePath, 301));
    app.get(pagePath, hidden, async (_request, reply) => {
      const { page, policy } = await docsFiles(options);
      // Replaces the app's policy on this reply (helmet's hook has run); every other header stays.
      reply.helmet({ contentSecurityPolicy: policy });
      return reply.type('text/html; charset=utf-8').send(page);
    });
    app.get(`${options.routePrefix}/js/scalar.js`, hidden, async (_request, reply) => {
      const { script, policy } = await docsFiles(options);
      reply.helmet({ contentSecurityPolicy: policy });
      // 4.9 MB that changes only with the plugin's version: kept for an hour rather than fetched
      // on every visit (its address carries no hash, so not for longer).
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('application/javascript; charset=utf-8').send(script);
    });
  }
}
