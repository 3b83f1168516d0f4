import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { DOCS_SCRIPT_PATH, ZOD_JITLESS } from '../src/modules/openapi/docs-page';
import { PRODUCTION_ENV } from './support/live-env';

// The API docs page (decision 0082): Scalar's reference over /api/openapi.json, every file from
// our own origin, under a policy of its own; every other path keeps the app's policy.

const PAGE = '/api/docs/';
/** Where the page is, as a browser resolves its relative URLs (inject answers on localhost). */
const PAGE_URL = new URL(PAGE, 'http://localhost');

function directives(header: unknown): Map<string, string[]> {
  const entries = String(header ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name = '', ...values]) => [name, values] as const);
  return new Map(entries);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page's inline scripts' texts, and the URLs of the scripts and stylesheets it loads. */
function pageParts(html: string) {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text = '']) => text,
  );
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]*)"/g)].map(([, src = '']) => src);
  const styles = [...html.matchAll(/<link[^>]*\brel="stylesheet"[^>]*>/g)].map(
    ([tag]) => /\bhref="([^"]*)"/.exec(tag)?.[1] ?? '',
  );
  return { inline, loaded: [...scripts, ...styles].map((url) => new URL(url, PAGE_URL)) };
}

/** The configuration the page hands Scalar: the object literal in its inline script. */
function referenceConfiguration(inline: string[]): Record<string, unknown> {
  const text = inline.find((script) => script.includes('createApiReference')) ?? '';
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Record<
    string,
    unknown
  >;
}

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends /api/docs to the page, which is HTML under its own policy', async () => {
    const bare = await t.request({ method: 'GET', url: '/api/docs' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(PAGE);

    const page = await t.request({ method: 'GET', url: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The app's other headers stay: never framed, no sniffing.
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const csp = directives(page.headers['content-security-policy']);
    const { inline } = pageParts(page.body);
    expect(inline).toHaveLength(1);
    // Exactly our origin and the inline configuration script, by its hash.
    expect(csp.get('script-src')).toEqual(["'self'", ...inline.map(sha256)]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // No other origin anywhere in the policy, and nothing evaluated from strings.
    const everything = [...csp.values()].flat();
    expect(everything.filter((value) => /^(https?|wss?):/.test(value))).toEqual([]);
    expect(everything).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('loads every script and stylesheet from our origin, and each is served', async () => {
    const page = await t.request({ method: 'GET', url: PAGE });
    // No absolute URL at all in the page: no CDN, no web fonts.
    expect(page.body).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    const { loaded } = pageParts(page.body);
    expect(loaded.length).toBeGreaterThan(0);
    for (const url of loaded) {
      expect(url.origin, url.href).toBe(PAGE_URL.origin);
      const file = await t.request({ method: 'GET', url: url.pathname });
      expect(file.statusCode, url.pathname).toBe(200);
      expect(file.headers['content-type'], url.pathname).toMatch(/javascript|css/);
      expect(file.body.length, url.pathname).toBeGreaterThan(1000);
    }
    // Scalar's bundle, told first that its zod must not probe for eval (the policy refuses it).
    expect(loaded.map((url) => url.pathname)).toContain(DOCS_SCRIPT_PATH);
    const served = await t.request({ method: 'GET', url: DOCS_SCRIPT_PATH });
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    const bundle = served.body;
    expect(bundle.startsWith(ZOD_JITLESS)).toBe(true);
    expect(bundle).toContain('createApiReference');
  });

  it('points the reference at our /api/openapi.json, with web fonts, telemetry and the client button off, in English', async () => {
    const page = await t.request({ method: 'GET', url: PAGE });
    const configuration = referenceConfiguration(pageParts(page.body).inline);
    expect(configuration).toMatchObject({
      url: '/api/openapi.json',
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      hideClientButton: true,
    });
    // The page says its language (WCAG 3.1.1).
    expect(page.body).toMatch(/<html[^>]*\blang="en"/i);
    const document = await t.request({ method: 'GET', url: String(configuration.url) });
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toMatch(/^3\./);
    // The page's title is the document's.
    expect(page.body).toContain(`<title>${document.json().info.title}</title>`);
  });

  it('serves the reseller API its own page at /api/v1/docs/, over /api/v1/openapi.json', async () => {
    const bare = await t.request({ method: 'GET', url: '/api/v1/docs' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/api/v1/docs/');
    const page = await t.request({ method: 'GET', url: '/api/v1/docs/' });
    expect(page.statusCode).toBe(200);
    const { inline, loaded } = pageParts(page.body);
    const configuration = referenceConfiguration(inline);
    expect(configuration).toMatchObject({ url: '/api/v1/openapi.json', telemetry: false });
    const document = await t.request({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(page.body).toContain(`<title>${document.json().info.title}</title>`);
    // Its script, relative to the page, is served from here too.
    const script = loaded
      .map((url) => new URL(url.href.replace(PAGE_URL.href, 'http://localhost/api/v1/docs/')))
      .find((url) => url.pathname.endsWith('/scalar.js'));
    expect(script?.pathname).toBe('/api/v1/docs/js/scalar.js');
    const served = await t.request({ method: 'GET', url: '/api/v1/docs/js/scalar.js' });
    expect(served.statusCode).toBe(200);
    expect(served.body.startsWith(ZOD_JITLESS)).toBe(true);
  });

  it('keeps the app policy on every other path, the document included', async () => {
    const page = await t.request({ method: 'GET', url: PAGE });
    const docsScripts = directives(page.headers['content-security-policy']).get('script-src');
    const docsHash = docsScripts?.find((value) => value.startsWith("'sha256-"));
    expect(docsHash).toBeDefined();
    const appPolicy = (await t.request({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    for (const url of ['/api/openapi.json', '/api/config', '/api/user', '/api/docsx', '/']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(appPolicy);
      const scripts = directives(res.headers['content-security-policy']).get('script-src');
      expect(scripts, url).toContain('https://accounts.google.com/gsi/client');
      expect(scripts, url).not.toContain(docsHash);
    }
    expect(appPolicy).not.toBe(page.headers['content-security-policy']);
  });

  it('is a page, not an API operation: absent from the route table and the document', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    expect(t.app.routeTable.filter((route) => route.url.startsWith('/api/docs'))).toEqual([]);
  });
});

// Production serves /api/openapi.json to anyone; the page shows nothing more, so it is on too.
describe('GET /api/docs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(PRODUCTION_ENV);
  });
  afterAll(async () => t?.close());

  it('serves the page and its script like the document', async () => {
    expect(t.deps.config.nodeEnv).toBe('production');
    const page = await t.request({ method: 'GET', url: PAGE });
    expect(page.statusCode).toBe(200);
    expect(directives(page.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
    ]);
    for (const url of pageParts(page.body).loaded) {
      expect((await t.request({ method: 'GET', url: url.pathname })).statusCode).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
  });
});
