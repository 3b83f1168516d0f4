#!/usr/bin/env node
/**
 * The JavaScript each customer route loads, from the build (dist/.vite/manifest.json) and the
 * router's source (src/app/router.tsx), so a new lazy route or a heavier import shows up here
 * without anyone updating a list of chunk names.
 *
 * For a route, "loads" means:
 *   - the HTML entry chunk and everything it imports statically (transitively);
 *   - landing ("/") stops there: main.tsx paints it without the router (src/main.tsx);
 *   - any other route also needs each `lazy: () => import(...)` module on its branch of the route
 *     tree (a layout such as TabLayout and the page), plus every chunk on the dynamic-import path
 *     from the entry to them (the App chunk holding the router), each with its static imports;
 *   - every page, after its first paint: the modules main.tsx imports with a top-level import()
 *     (the service-worker registration), with all they import, statically or dynamically.
 * Chunks loaded only on an action (the toaster on the first toast, the deposit schema on a form)
 * are not counted. Sizes are gzip -9 of the files as built.
 *
 *   node apps/web/scripts/route-sizes.mjs [distDir]   → a table; exits 1 over a budget
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

export const LANDING_BUDGET_BYTES = 100 * 1024;
/**
 * Every customer route but landing. The shared form schemas are written with zod/mini, so no
 * route loads classic zod's method chains, JSON-schema processors or English locale; the form
 * routes measure about 165 KB (docs/performance.md), which leaves room for the next features.
 */
export const ROUTE_BUDGET_BYTES = 180 * 1024;
/** The customer routes of the route budget. */
export const CUSTOMER_ROUTES = [
  '/',
  '/home',
  '/data',
  '/airtime',
  '/utility',
  '/cable',
  '/transfer',
  '/betting',
  '/transactions',
];

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));

function parse(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** "./x" from `fromFile` → the manifest key of that source file ("src/…/x.tsx"). */
function moduleKey(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  for (const suffix of ['', '.tsx', '.ts', '/index.tsx', '/index.ts']) {
    const file = base + suffix;
    if (existsSync(file) && statSync(file).isFile()) {
      return relative(WEB_ROOT, file).split('\\').join('/');
    }
  }
  throw new Error(`cannot resolve ${specifier} from ${fromFile}`);
}

/** Every `import('…')` specifier inside a node. */
function dynamicImportsIn(node) {
  const found = [];
  const visit = (n) => {
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteralLike(n.arguments[0])
    ) {
      found.push(n.arguments[0].text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Reads the route tree of router.tsx: for every route path, the lazy modules on its branch, root
 * first. Follows array literals, spreads of module-level arrays, and `[...paths].map(p => ({…}))`.
 * @returns {Map<string, string[]>} "/home" → ["src/app/layouts/TabLayout.tsx", "src/…/HomePage.tsx"]
 */
export function routeLazyModules(routerFile = join(WEB_ROOT, 'src/app/router.tsx')) {
  const source = parse(routerFile);
  const arrays = new Map();
  source.forEachChild((statement) => {
    if (!ts.isVariableStatement(statement)) return;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) {
        arrays.set(declaration.name.text, declaration.initializer);
      }
    }
  });
  const routesNode = arrays.get('routes');
  if (!routesNode) throw new Error(`no \`routes\` array in ${routerFile}`);

  const out = new Map();
  const property = (object, name) =>
    object.properties.find(
      (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;

  const walkRoute = (object, parentPath, parentLazy, pathOverride) => {
    const pathNode = property(object, 'path');
    const own =
      pathOverride ?? (pathNode && ts.isStringLiteralLike(pathNode) ? pathNode.text : undefined);
    const isIndex = property(object, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
    const fullPath =
      own === undefined
        ? parentPath
        : own.startsWith('/')
          ? own
          : `${parentPath.replace(/\/$/, '')}/${own}`;
    const lazyNode = property(object, 'lazy');
    const lazy = lazyNode
      ? [...parentLazy, ...dynamicImportsIn(lazyNode).map((s) => moduleKey(routerFile, s))]
      : parentLazy;
    if ((own !== undefined || isIndex) && !out.has(fullPath)) out.set(fullPath, lazy);
    const children = property(object, 'children');
    if (children) walkList(children, fullPath, lazy);
  };

  const walkList = (node, parentPath, parentLazy) => {
    if (ts.isIdentifier(node)) {
      const target = arrays.get(node.text);
      if (!target) throw new Error(`route list ${node.text} is not a module-level constant`);
      return walkList(target, parentPath, parentLazy);
    }
    if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) {
        if (ts.isSpreadElement(element)) walkList(element.expression, parentPath, parentLazy);
        else if (ts.isObjectLiteralExpression(element)) walkRoute(element, parentPath, parentLazy);
        else walkList(element, parentPath, parentLazy);
      }
      return;
    }
    // ['a', 'b'].map((path) => ({ path, lazy: … }))
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'map' &&
      ts.isArrayLiteralExpression(node.expression.expression)
    ) {
      const fn = node.arguments[0];
      let body = fn && (ts.isArrowFunction(fn) ? fn.body : undefined);
      while (body && ts.isParenthesizedExpression(body)) body = body.expression;
      if (body && ts.isObjectLiteralExpression(body)) {
        for (const item of node.expression.expression.elements) {
          if (ts.isStringLiteralLike(item)) walkRoute(body, parentPath, parentLazy, item.text);
        }
        return;
      }
    }
    throw new Error(
      `router.tsx: cannot read the route list at line ${
        source.getLineAndCharacterOfPosition(node.getStart()).line + 1
      }; teach route-sizes.mjs this shape`,
    );
  };

  walkList(routesNode, '', []);
  // The root route has path "/", its children are written relative to it.
  return new Map([...out].map(([p, lazy]) => [p.replace(/^\/\//, '/') || '/', lazy]));
}

/** Modules main.tsx starts loading on every page: `import()` outside any function. */
export function everyPageDynamicImports(mainFile = join(WEB_ROOT, 'src/main.tsx')) {
  const source = parse(mainFile);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node)) return;
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(moduleKey(mainFile, node.arguments[0].text));
    }
    ts.forEachChild(node, visit);
  };
  source.forEachChild(visit);
  return found;
}

function readManifest(distDir) {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

function entryKeys(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const html = entries.filter((key) => key.endsWith('.html'));
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  return html.length > 0 ? html : entries;
}

/**
 * The chunk keys loaded from `roots`: static imports always; dynamic ones when `dynamic`, except
 * those of chunks in `loaded` (already there, e.g. the entry: its dynamic imports are the lazy
 * routes, loaded only when their route is opened).
 */
function closure(manifest, roots, { dynamic = false, loaded = new Set() } = {}) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
    if (dynamic && !loaded.has(key)) stack.push(...(manifest[key].dynamicImports ?? []));
  }
  return seen;
}

/**
 * The dynamic entries that must load before `target` can: the chunks on the shortest path of
 * static and dynamic imports from the entry to it (e.g. index.html → App.tsx → HomePage.tsx).
 */
function dynamicPath(manifest, entries, target) {
  const previous = new Map(entries.map((key) => [key, null]));
  const queue = [...entries];
  while (queue.length > 0) {
    const key = queue.shift();
    if (key === target) break;
    for (const next of [
      ...(manifest[key].imports ?? []),
      ...(manifest[key].dynamicImports ?? []),
    ]) {
      if (!previous.has(next)) {
        previous.set(next, key);
        queue.push(next);
      }
    }
  }
  if (!previous.has(target)) throw new Error(`${target} is not reachable from the entry`);
  const path = [];
  for (let key = target; key !== null; key = previous.get(key)) {
    if (manifest[key].isDynamicEntry) path.push(key);
  }
  return path.reverse();
}

function measure(distDir, manifest, keys) {
  const files = [...new Set([...keys].map((key) => manifest[key].file))]
    .filter((file) => file.endsWith('.js'))
    .sort();
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(distDir, file));
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipBytes };
}

/**
 * @returns {{ route: string, budget: number, files: string[], bytes: number, gzipBytes: number,
 *   firstLoad: { files: string[], bytes: number, gzipBytes: number },
 *   afterPaint: { bytes: number, gzipBytes: number } }[]}
 */
export function routeJsSizes(distDir = join(WEB_ROOT, 'dist'), routes = CUSTOMER_ROUTES) {
  const manifest = readManifest(distDir);
  const entries = entryKeys(manifest);
  const lazyByPath = routeLazyModules();
  const everyPage = closure(manifest, everyPageDynamicImports(), {
    dynamic: true,
    loaded: closure(manifest, entries),
  });
  return routes.map((route) => {
    const lazy = lazyByPath.get(route);
    if (!lazy) throw new Error(`router.tsx has no route ${route}`);
    // Landing is painted by main.tsx without the router: the entry alone.
    const needed = route === '/' ? [] : lazy.flatMap((m) => dynamicPath(manifest, entries, m));
    const first = closure(manifest, [...entries, ...needed]);
    const all = new Set([...first, ...everyPage]);
    const total = measure(distDir, manifest, all);
    const firstLoad = measure(distDir, manifest, first);
    return {
      route,
      budget: route === '/' ? LANDING_BUDGET_BYTES : ROUTE_BUDGET_BYTES,
      ...total,
      firstLoad,
      afterPaint: {
        bytes: total.bytes - firstLoad.bytes,
        gzipBytes: total.gzipBytes - firstLoad.gzipBytes,
      },
    };
  });
}

const isCli = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isCli) {
  const distDir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const rows = routeJsSizes(distDir);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    '| route | JS files | raw bytes | gzip bytes (first load + after paint) | gzip KB | budget KB |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| \`${row.route}\` | ${row.files.length} | ${row.bytes} | ${row.gzipBytes} ` +
        `(${row.firstLoad.gzipBytes} + ${row.afterPaint.gzipBytes}) | ${kb(row.gzipBytes)} | ` +
        `${kb(row.budget)}${row.gzipBytes > row.budget ? ' **over**' : ''} |`,
    );
  }
  if (rows.some((row) => row.gzipBytes > row.budget)) process.exitCode = 1;
}
