#!/usr/bin/env node
/**
 * The JavaScript the landing route (/) loads before its first paint: the HTML entry chunk and
 * every chunk it imports statically (lazy routes are dynamic imports and are not counted). The
 * first-load column of route-sizes.mjs's "/" row, which measures it.
 *
 *   node apps/web/scripts/landing-size.mjs [distDir] [--limit bytes]   → prints the size, exits 1 over the limit
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANDING_BUDGET_BYTES, routeJsSizes } from './route-sizes.mjs';

export const LANDING_LIMIT_BYTES = LANDING_BUDGET_BYTES;

/** @returns {{ files: string[], bytes: number, gzipBytes: number }} */
export function landingJsSize(distDir) {
  return routeJsSizes(distDir, ['/'])[0].firstLoad;
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
