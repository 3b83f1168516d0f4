import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createServer, type IndexHtmlTransformContext, type Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;

const ROOT_DIV = '<div id="root"></div>';
/** The resource hints (<link … />) react-dom/server puts before a page's markup. */
const LEADING_HINTS = /^(?:<link [^>]*\/>)*/;
/** index.html with the home screen's shell: the document the API sends for /home. */
export const HOME_DOCUMENT = 'home.html';

/**
 * Puts the app's one stylesheet (~10 KB compressed) into index.html: a render-blocking request
 * less before the first paint. Every route shares this CSS, and the service worker keeps
 * index.html, so it is not fetched twice. `extraCss` is appended.
 */
function inlineStylesheet(html: string, bundle: OutputBundle | undefined, extraCss: string) {
  const built = Object.keys(bundle ?? {}).filter((file) => file.endsWith('.css'));
  if (built.length !== 1) throw new Error(`expected one stylesheet in the build, got ${built}`);
  let inlined = 0;
  const out = html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (_, file) => {
    const asset = bundle?.[file];
    if (!asset || asset.type !== 'asset') throw new Error(`index.html links ${file}, not built`);
    const css = String(asset.source);
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
    inlined++;
    // The disabled link is never fetched; it is there for Vite's preload helper, which loads a
    // lazy chunk's stylesheet (this one) unless a <link rel="stylesheet"> for it is in the page.
    return `<style>${css}${extraCss}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
  if (inlined !== 1) throw new Error('index.html does not link the stylesheet once');
  return out;
}

/**
 * Moves the entry <script type="module"> and its <link rel="modulepreload">s into an inert
 * <template id="owo-entry">, which the boot script starts (see landing-guard-script.ts).
 */
function deferEntry(html: string, bootScript: string, otherTemplates: string): string {
  const tags: string[] = [];
  const out = html.replace(
    /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g,
    (_, tag: string) => {
      tags.push(tag);
      return '';
    },
  );
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('no entry script');
  return out.replace(
    '</head>',
    // The templates go before the boot script that reads them.
    `<template id="owo-entry">${tags.join('')}</template>${otherTemplates}` +
      `<script>${bootScript}</script></head>`,
  );
}

/**
 * <template id="owo-app">: modulepreload links for the app chunk (src/app/App.tsx: router, query
 * cache) and what it imports statically, which every route but landing loads right after the
 * entry; <template id="owo-route:/home"> and so on: each customer route's lazy chunks (layout and
 * page) with their static imports. The boot script adds them off the landing page only (landing
 * must stay light), so the browser fetches them at once instead of as each module runs.
 */
/**
 * The image a route paints as its largest element, fetched with its scripts rather than once they
 * have run and rendered the <img>: the home screen's first promotion banner.
 */
const ROUTE_IMAGES: Record<string, readonly string[]> = {
  '/home': ['src/features/home/assets/banner-1.webp'],
};

function appPreloads(
  bundle: OutputBundle | undefined,
  routes: Map<string, string[]>,
  root: string,
): string {
  type Chunk = Extract<OutputBundle[string], { type: 'chunk' }>;
  const chunks = Object.values(bundle ?? {}).filter((item): item is Chunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const owning = (module: string) => {
    const id = `${root}/${module}`;
    const found =
      chunks.find((chunk) => chunk.facadeModuleId === id) ??
      chunks.find((chunk) => chunk.moduleIds.includes(id));
    if (!found) throw new Error(`no chunk for ${module}`);
    return found;
  };
  /** The chunks and their static imports, transitively, less those in `skip`. */
  const closure = (start: Chunk[], skip: Set<string>) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || skip.has(file)) return;
      seen.add(file);
      byFile.get(file)?.imports.forEach(visit);
    };
    start.forEach((chunk) => visit(chunk.fileName));
    return seen;
  };
  const imageFile = (source: string) => builtImage(bundle, root, source);
  const template = (id: string, files: Set<string>, images: readonly string[] = []) =>
    `<template id="${id}">${[
      ...images.map(
        (source) =>
          `<link rel="preload" as="image" fetchpriority="high" href="/${imageFile(source)}">`,
      ),
      ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('')}</template>`;
  const entry = chunks.filter((chunk) => chunk.isEntry);
  const entryFiles = closure(entry, new Set());
  const appFiles = closure([owning('src/app/App.tsx')], entryFiles);
  const loaded = new Set([...entryFiles, ...appFiles]);
  const perRoute = [...routes]
    .filter(([path, lazy]) => path !== '/' && lazy.length > 0)
    .map(([path, lazy]) =>
      template(`owo-route:${path}`, closure(lazy.map(owning), loaded), ROUTE_IMAGES[path]),
    );
  return template('owo-app', appFiles) + perRoute.join('');
}

/**
 * Runs `render` with an empty `localStorage` where Node has none: screens read preferences from it
 * as they render (the balance card, whether the balance is hidden), and a first visit has none.
 */
function withEmptyStorage<T>(render: () => T): T {
  const had = 'localStorage' in globalThis;
  if (!had) {
    const items = new Map<string, string>();
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, String(value)),
        removeItem: (key: string) => void items.delete(key),
        clear: () => items.clear(),
        key: (index: number) => [...items.keys()][index] ?? null,
        get length() {
          return items.size;
        },
      },
    });
  }
  try {
    return render();
  } finally {
    if (!had) delete (globalThis as { localStorage?: unknown }).localStorage;
  }
}

/** The built file of a source image (`src/…/x.webp`), as the bundle names it. */
function builtImage(bundle: OutputBundle | undefined, root: string, source: string): string {
  const found = Object.values(bundle ?? {}).find(
    (item) =>
      item.type === 'asset' &&
      item.originalFileNames.some((name) => name === source || name === `${root}/${source}`),
  );
  if (!found) throw new Error(`no built image for ${source}`);
  return found.fileName;
}

/**
 * <template id="owo-shell:/home">: the home screen prerendered (src/app/HomeShell.tsx), which the
 * boot script shows on a cold start at /home. Rendered through Vite's dev server, its images point
 * at their sources (/src/…): they are pointed at the built files. React's resource hints (the
 * banner's preload) are dropped: the route's own template preloads the banner.
 */
function homeShellTemplate(rendered: string, bundle: OutputBundle | undefined, root: string) {
  const markup = rendered.replace(LEADING_HINTS, '');
  if (!markup.includes('aria-label="Promotions"')) throw new Error('the home shell has no banner');
  const pointed = markup.replace(
    /src="\/(src\/[^"]+\.(?:webp|png|svg))"/g,
    (_, source: string) => `src="/${builtImage(bundle, root, source)}"`,
  );
  if (pointed.includes('src="/src/')) throw new Error('the home shell links a source file');
  return `<template id="owo-shell:/home">${pointed}</template>`;
}

/**
 * Renders the signed-out landing page (src/app/LandingShell.tsx) to HTML at build time and puts
 * it into index.html, which main.tsx then hydrates: the page paints as soon as the HTML arrives
 * instead of after ~85 KB of JavaScript has loaded and run on a slow phone. With it: the CSS
 * inline, and the scripts started by the boot script (packages/shared/src/landing-guard-script.ts).
 */
export function prerenderLanding(root: string): Plugin {
  let homeShell: string | undefined;
  let bootShell: string | undefined;
  let landingRoot: string | undefined;
  return {
    name: 'owo:prerender-landing',
    apply: 'build',
    writeBundle(options) {
      if (!homeShell || !bootShell || !landingRoot || !options.dir) {
        throw new Error('no home shell was rendered');
      }
      // From index.html as written, after every plugin's changes (the PWA manifest link), with
      // the home shell added and the landing page's markup left out: /home never shows it
      // (main.tsx empties #root off the landing page), and without it the document still fits
      // the first round trip of a slow connection.
      const index = readFileSync(path.join(options.dir, 'index.html'), 'utf8');
      if (!index.includes(bootShell) || !index.includes(landingRoot)) {
        throw new Error('the built index.html has no boot shell or no landing page');
      }
      writeFileSync(
        path.join(options.dir, HOME_DOCUMENT),
        index
          .replace(bootShell, `${homeShell}${bootShell}`)
          .replace(landingRoot, '<div id="root"></div>'),
      );
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV}`);
        // A throwaway server only to load the TSX modules the way Vite does (no bundling).
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { LandingShell } = (await server.ssrLoadModule('/src/app/LandingShell.tsx')) as {
            LandingShell: () => React.ReactNode;
          };
          // Through Vite too: the config's own imports cannot load workspace TypeScript.
          const { LANDING_GUARD_SCRIPT, LANDING_GUARD_STYLE, BOOT_SHELL_HTML } =
            (await server.ssrLoadModule(
              '@owo/shared/landing-guard-script',
            )) as typeof import('@owo/shared/landing-guard-script');
          const rendered = renderToString(createElement(LandingShell));
          const { HomeShell } = (await server.ssrLoadModule('/src/app/HomeShell.tsx')) as {
            HomeShell: () => React.ReactNode;
          };
          homeShell = homeShellTemplate(
            withEmptyStorage(() => renderToString(createElement(HomeShell))),
            context.bundle,
            root.replace(/\/$/, ''),
          );
          // React puts resource hints (<link rel="preload"> for the logo) first; they belong in
          // <head>, outside the markup hydrateRoot walks.
          const hints = LEADING_HINTS.exec(rendered)![0];
          const markup = rendered.slice(hints.length);
          if (!markup.includes('<h1')) throw new Error('the prerendered landing page has no <h1>');
          html = inlineStylesheet(html, context.bundle, LANDING_GUARD_STYLE);
          // The customer routes' lazy modules, read from the router (scripts/route-sizes.mjs).
          const { CUSTOMER_ROUTES, routeLazyModules } = (await server.ssrLoadModule(
            '/scripts/route-sizes.mjs',
          )) as { CUSTOMER_ROUTES: string[]; routeLazyModules: () => Map<string, string[]> };
          const lazy = routeLazyModules();
          const customer = new Map(CUSTOMER_ROUTES.map((path) => [path, lazy.get(path) ?? []]));
          html = deferEntry(
            html,
            LANDING_GUARD_SCRIPT,
            appPreloads(context.bundle, customer, root.replace(/\/$/, '')),
          );
          // /home gets its own copy with the home shell (written in writeBundle, which the API
          // sends for /home): the other routes' document stays within the first TCP round trip
          // (~14 KB) a slow connection delivers.
          bootShell = BOOT_SHELL_HTML;
          landingRoot = `<div id="root">${markup}</div>`;
          return html
            .replace('</head>', `${hints}</head>`)
            .replace(ROOT_DIV, `${BOOT_SHELL_HTML}${landingRoot}`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
