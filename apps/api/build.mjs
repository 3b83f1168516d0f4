#!/usr/bin/env node
// The compiled API (`npm run build`, decision 0024): src/server.ts and src/cli.ts bundled with the
// workspace packages (@owo/shared, @owo/providers: TypeScript sources, which plain node cannot
// load) into dist/*.js that `node` runs without tsx. Every npm package stays an import of
// node_modules: native ones (sharp, @node-rs/argon2) cannot be bundled, and the image installs the
// production dependencies anyway. ES modules with splitting, so a dynamic import() (the provider
// sandbox, which live mode never loads) stays a chunk of its own that is read only when imported.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(apiDir, 'dist');

/** Bare imports are npm packages, left to node_modules; the workspace's own are compiled in. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@owo/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: apiDir,
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Readable stack traces without source maps: names and lines stay as written.
  minify: false,
  metafile: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
// The database functions' files (decision 0072) ship inside dist: the migration applies them after
// drizzle's migrations, and db/function-files.ts finds dist/sql/functions from the bundle.
cpSync(path.join(apiDir, 'sql', 'functions'), path.join(outdir, 'sql', 'functions'), {
  recursive: true,
});
const files = Object.keys(result.metafile.outputs).length;
console.log(`apps/api/dist: ${files} files in ${Date.now() - started} ms`);
