/**
 * Runtime dependencies whose engines ask for a newer Node than the root `engines` (Node 20.19 is
 * still in it, decision 0062), accepted one exact version at a time (decision 0082): Scalar's
 * docs page plugin and what it brings. An upgrade changes a version and fails the engines test
 * until someone looks again; dropping Node 20 from `engines` ends the list.
 *
 * - `loaded`: the server loads it on the docs page's first visit, never at start (the page's HTML
 *   and script: string templates, no newer Node API). CI runs the API suite on Node 20, the docs
 *   page's test included (docs-page.test.ts).
 * - not `loaded`: the server never loads it (types only, or code of Scalar's browser bundle, or
 *   json-magic's bundler, which the plugin does not import).
 * live-imports.test.ts records every module a boot and a first visit load, and fails if one of
 * these loads at boot, or a not-`loaded` one at all.
 */
export const NEWER_NODE_DEPENDENCIES = [
  { location: 'node_modules/@scalar/fastify-api-reference', version: '1.76.3', loaded: true },
  { location: 'node_modules/@scalar/client-side-rendering', version: '0.4.16', loaded: true },
  { location: 'node_modules/@scalar/helpers', version: '0.16.4', loaded: true },
  { location: 'node_modules/@scalar/json-magic', version: '0.17.0', loaded: true },
  { location: 'node_modules/@scalar/types', version: '0.26.0', loaded: false },
  { location: 'node_modules/@scalar/schemas', version: '0.16.0', loaded: false },
  {
    location: 'node_modules/@scalar/json-magic/node_modules/undici',
    version: '8.12.3',
    loaded: false,
  },
] as const;
