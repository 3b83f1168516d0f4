import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Written by vite-plugin-pwa in its own closeBundle, possibly while this one runs. */
const SKIPPED = /^(sw\.js|workbox-[\w-]+\.js)$/;

/**
 * Writes a .br and a .gz twin next to every text file of the build, so the API (fastifyStatic
 * with preCompressed, apps/api/src/app.ts) sends the landing page's ~270 KB of JavaScript as
 * ~80 KB without compressing on each request. A twin is kept only when it is clearly smaller.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'owo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) return entry.name === '.vite' ? [] : walk(full);
            return COMPRESSIBLE.test(entry.name) && !SKIPPED.test(entry.name) ? [full] : [];
          });
        for (const file of walk(outDir)) {
          const raw = readFileSync(file);
          if (statSync(file).size < 1024) continue;
          const br = brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          const gz = gzipSync(raw, { level: 9 });
          if (br.length < raw.length * 0.9) writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length * 0.9) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}
