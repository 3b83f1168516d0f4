#!/usr/bin/env node
/**
 * Renders the home screen's promotion banners from their SVG sources (src/features/home/assets)
 * to WebP beside them. The WebP files are committed; run again only when a banner changes:
 *   node apps/web/scripts/render-banners.mjs
 *
 * Why not ship the SVGs: an SVG in an <img> is laid out, its text shaped and its shapes painted on
 * the page's main thread, the first banner's text alone for ~25 ms on a fast machine at a cold
 * start (4× that on the slow phone Lighthouse models), while a bitmap is decoded off the main
 * thread. 960 px wide covers the banner's ~370 CSS px at a phone's 2.6× pixel ratio.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const assets = fileURLToPath(new URL('../src/features/home/assets/', import.meta.url));
const WIDTH = 960;
const HEIGHT = 360;

for (const name of ['banner-1', 'banner-2', 'banner-3']) {
  const svg = readFileSync(`${assets}${name}.svg`);
  const out = `${assets}${name}.webp`;
  // 640×240 artwork at 1.5× density is rendered at 960×360 without resampling.
  await sharp(svg, { density: 72 * (WIDTH / 640) })
    .resize(WIDTH, HEIGHT)
    .webp({ quality: 80, effort: 6 })
    .toFile(out);
  console.log(`wrote ${name}.webp (${WIDTH}×${HEIGHT}, ${statSync(out).size} bytes)`);
}
