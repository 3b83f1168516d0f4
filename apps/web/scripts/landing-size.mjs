#!/usr/bin/env node
/**
 * Measures the JavaScript the landing route (/) loads: the HTML entry chunk plus every chunk it
 * imports statically, transitively (lazy routes are dynamic imports and are not counted). Reads
 * dist/.vite/manifest.json (build.manifest) and returns the gzipped total in bytes.
 *
 *   node apps/web/scripts/landing-size.mjs [distDir]   → prints the size, exits 1 over --limit
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LANDING_LIMIT_BYTES = 100 * 1024;

/** @returns {{ files: string[], bytes: number, gzipBytes: number }} */
export function landingJsSize(
  distDir = join(fileURLToPath(new URL('..', import.meta.url)), 'dist'),
) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error(`No entry chunk in ${distDir}/.vite/manifest.json`);

  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // index.html is the page every route is served from; its entry is what / runs first.
  entries
    .filter((key) => key.endsWith('.html') || manifest[key].src?.endsWith('.html'))
    .forEach(visit);
  if (files.length === 0) entries.forEach(visit);

  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(distDir, file));
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipBytes };
}

const isCli = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isCli) {
  const args = process.argv.slice(2);
  const limitIndex = args.indexOf('--limit');
  const limit = limitIndex >= 0 ? Number(args.splice(limitIndex, 2)[1]) : LANDING_LIMIT_BYTES;
  const distDir = args[0] ? resolve(args[0]) : undefined;
  const { files, bytes, gzipBytes } = landingJsSize(distDir);
  for (const file of files) console.log(`  ${file}`);
  console.log(
    `landing JS: ${gzipBytes} bytes gzipped (${(gzipBytes / 1024).toFixed(1)} KB; raw ${bytes} bytes; limit ${(limit / 1024).toFixed(0)} KB)`,
  );
  if (gzipBytes > limit) process.exitCode = 1;
}
