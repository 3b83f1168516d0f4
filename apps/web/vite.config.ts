import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appChunkGroup } from './scripts/chunk-groups';
import { precompress } from './scripts/precompress';
import { prerenderLanding } from './scripts/prerender-landing';

const BRAND_GREEN = '#0B6E4F';
// The API (apps/api) serves the built app in production; in development Vite proxies to it.
const API_ORIGIN = 'http://localhost:3000';

/**
 * Code only the admin screens load: their pages, their shared pieces, the admin texts and request
 * schemas. A chunk made of these (plus libraries only they use, such as recharts behind the revenue
 * chart) is written to assets/admin/, which the service worker does not precache, so no customer
 * downloads the admin area. A chunk that mixes in anything else stays in assets/ and is precached.
 */
const ADMIN_SOURCE =
  /\/src\/features\/admin\/|\/src\/app\/admin-guard\.tsx$|\/packages\/shared\/src\/(admin-messages|schemas\/admin)\.ts$/;

function isAdminOnly(moduleIds: readonly string[]): boolean {
  const own = moduleIds.filter((id) => !id.startsWith('\0') && !id.includes('/node_modules/'));
  return own.length > 0 && own.every((id) => ADMIN_SOURCE.test(id));
}

export default defineConfig({
  // Absolute root so `vite --config apps/web/vite.config.ts` works from the repo root too.
  root: new URL('.', import.meta.url).pathname,
  plugins: [
    react(),
    tailwindcss(),
    // Performance budgets: landing HTML painted before its JavaScript runs, and
    // compressed twins of every text file for the API to send.
    prerenderLanding(new URL('.', import.meta.url).pathname),
    precompress(),
    VitePWA({
      registerType: 'prompt',
      // src/app/register-service-worker.ts registers the worker itself, after first paint.
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Owo',
        short_name: 'Owo',
        description: 'Pay bills, buy airtime and data, and move money from your naira wallet.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: BRAND_GREEN,
        background_color: '#F4F7F5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,webmanifest}'],
        // Admin-only chunks (see isAdminOnly): fetched when an admin opens those screens.
        // home.html: the worker answers every navigation with index.html (navigateFallback), so
        // its copy would never be used (the API sends home.html for /home from the network).
        globIgnores: ['assets/admin/**', 'home.html'],
        navigateFallback: '/index.html',
        // API calls (uploaded pictures among them, decision 0021) always go to the network.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    // scripts/route-sizes.mjs reads the manifest to measure what each customer route loads.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for the screens people open first (scripts/chunk-groups.ts).
        // Without recursion: a grouped module's imports that the landing page loads stay there.
        codeSplitting: {
          groups: [{ name: appChunkGroup(ADMIN_SOURCE), debugName: 'app' }],
          includeDependenciesRecursively: false,
        },
        chunkFileNames: (chunk) =>
          isAdminOnly(chunk.moduleIds)
            ? 'assets/admin/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/api': API_ORIGIN,
    },
  },
});
