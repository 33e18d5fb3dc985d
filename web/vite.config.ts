import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { PRODUCT_NAME, THEME_COLOR } from './src/lib/brand.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes .gz and .br beside every text asset so the server can send them precompressed
 * (@fastify/static preCompressed): on slow mobile data the bytes are what matters.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the service worker is written (vite-plugin-pwa's own closeBundle), so sw.js is compressed too.
    closeBundle: { order: 'post', sequential: true, handler: compressAll },
  };

  async function compressAll() {
    const files = await readdir(outDir, { recursive: true });
    await Promise.all(
      files
        .filter((file) => /\.(js|css|html|svg|json|webmanifest|txt)$/.test(file))
        .map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzipAsync(content, { level: 9 }),
            brotliAsync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          await Promise.all([writeFile(`${full}.gz`, gz), writeFile(`${full}.br`, br)]);
        }),
    );
  }
}

/**
 * The installable app (issue 16 §2): the manifest, and a Workbox service worker that precaches the shell and
 * every screen's chunk so the app opens with no network after one visit. A new version waits until the user
 * taps Reload (components/update-prompt.tsx registers it), so one page never mixes two builds.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg'],
  manifest: {
    name: PRODUCT_NAME,
    short_name: PRODUCT_NAME,
    description: 'Sales, invoices, inventory, expenses and customers for Nigerian small businesses.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell and every lazy chunk with its CSS (the manifest's icons and includeAssets come on top);
    // not the landing page's demo video.
    globPatterns: ['index.html', 'assets/*.{js,css}'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // Hashed names are their own revision: the precache keeps the server's year-long HTTP cache.
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: '/index.html',
    // API calls, downloads and the API's documentation pages always go to the server.
    navigateFallbackDenylist: [/^\/api(?:\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), pwa, precompress()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
});
