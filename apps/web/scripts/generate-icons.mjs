#!/usr/bin/env node
/**
 * Renders the PWA icons from the SVG sources beside this script into public/icons. The PNGs are
 * committed; run again only when the logo changes:  node apps/web/scripts/generate-icons.mjs
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outDir = here('../public/icons/');
mkdirSync(outDir, { recursive: true });

const icon = readFileSync(here('./icon.svg'));
const maskable = readFileSync(here('./icon-maskable.svg'));

const targets = [
  { source: icon, size: 192, file: 'icon-192.png' },
  { source: icon, size: 512, file: 'icon-512.png' },
  { source: maskable, size: 512, file: 'icon-maskable-512.png' },
  // iOS ignores transparency and rounds corners itself: use the full-bleed artwork.
  { source: maskable, size: 180, file: 'apple-touch-icon.png' },
];

for (const { source, size, file } of targets) {
  await sharp(source, { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${outDir}${file}`);
  console.log(`wrote public/icons/${file} (${size}×${size})`);
}
