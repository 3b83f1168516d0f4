import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyApiReferenceOptions } from '@scalar/fastify-api-reference';
import { docsPagePolicy } from '../../plugins/security-headers';
import { API_TITLE } from './document';

/** Where the page answers; /api/docs itself redirects to it (its script's URL is relative). */
export const DOCS_PAGE_PATH = '/api/docs/';

/** The reference's bundle, served from Scalar's own copy (no CDN). */
export const DOCS_SCRIPT_PATH = '/api/docs/js/scalar.js';

/**
 * Scalar's API reference over our own /api/openapi.json (decision 0082). Everything below keeps
 * the page off other origins: no web fonts, no telemetry, no AI agent, no developer toolbar (its
 * "share" uploads the document to Scalar).
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

let files: Promise<DocsFiles> | undefined;

/**
 * The page and the bundle, made once per process on the first visit by Scalar's own plugin on a
 * private instance. Not at start: the plugin's module is 4.9 MB (the bundle is a string in it),
 * half a second to load, which every API process and test app would pay for a page few open. The
 * page is the same for every request (built from the options above only), so its policy is fixed
 * from it before it is sent, never read off a reply it governs.
 */
function docsFiles(): Promise<DocsFiles> {
  files ??= (async () => {
    const { default: apiReference } = await import('@scalar/fastify-api-reference');
    const scalar = Fastify({ logger: false });
    try {
      await scalar.register(apiReference, referenceOptions);
      const [page, script] = await Promise.all([
        scalar.inject({ method: 'GET', url: DOCS_PAGE_PATH }),
        scalar.inject({ method: 'GET', url: DOCS_SCRIPT_PATH }),
      ]);
      if (page.statusCode !== 200 || script.statusCode !== 200) {
        throw new Error(
          `the docs page rendered ${page.statusCode}, its script ${script.statusCode}`,
        );
      }
      const hashes = [...page.body.matchAll(INLINE_SCRIPT)].map(
        ([, text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
      );
      return { page: page.body, script: ZOD_JITLESS + script.body, policy: docsPagePolicy(hashes) };
    } finally {
      await scalar.close();
    }
  })();
  // A failed first try is not kept: the next visit tries again.
  files.catch(() => (files = undefined));
  return files;
}

/** Pages, not API operations: out of the document and the route table. */
const hidden = { schema: { hide: true } };

/** GET /api/docs (a redirect), /api/docs/ (the page) and /api/docs/js/scalar.js. */
export async function registerDocsPage(app: FastifyInstance) {
  app.get('/api/docs', hidden, async (_request, reply) => reply.redirect(DOCS_PAGE_PATH, 301));
  app.get(DOCS_PAGE_PATH, hidden, async (_request, reply) => {
    const { page, policy } = await docsFiles();
    // Replaces the app's policy on this reply (helmet's hook has run); every other header stays.
    reply.helmet({ contentSecurityPolicy: policy });
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get(DOCS_SCRIPT_PATH, hidden, async (_request, reply) => {
    const { script, policy } = await docsFiles();
    reply.helmet({ contentSecurityPolicy: policy });
    // 4.9 MB that changes only with the plugin's version: kept for an hour rather than fetched on
    // every visit (its address carries no hash, so not for longer).
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('application/javascript; charset=utf-8').send(script);
  });
}
