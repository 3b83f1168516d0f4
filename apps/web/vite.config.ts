import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const BRAND_GREEN = '#0B6E4F';
// The API (apps/api) serves the built app in production; in development Vite proxies to it.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  // Absolute root so `vite --config apps/web/vite.config.ts` works from the repo root too.
  root: new URL('.', import.meta.url).pathname,
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      // src/app/register-service-worker.ts registers the worker itself, after first paint.
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'banners/*.svg'],
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
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // API calls and uploaded pictures always go to the network.
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    // scripts/landing-size.mjs reads the manifest to measure what the landing route loads.
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
    },
  },
});
