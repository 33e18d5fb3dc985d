import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineStyles } from './build/mantine-styles.ts';
import { DASHBOARD_MODULES, mantineDeepImports, routeChunks, SECTION_PAGES } from './build/route-chunks.ts';
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

const chunks = routeChunks();

const APP_LAYOUT = 'app/app-layout.tsx';
const START_ROUTES: Record<string, string[]> = {
  '/': ['auth/landing-page.tsx'],
  '/landing': ['auth/landing-page.tsx'],
  '/login': ['auth/login-page.tsx'],
  '/register': ['auth/register-page.tsx'],
  '/dashboard': [APP_LAYOUT, ...DASHBOARD_MODULES],
  '*app': [APP_LAYOUT],
  ...Object.fromEntries(
    Object.entries(SECTION_PAGES).map(([section, page]) => [`/dashboard/${section}`, [APP_LAYOUT, page]]),
  ),
};
/**
 * The first API calls of the signed-in start pages, exactly as the API client asks for them ('*app': every
 * signed-in page; '<path> <key>': those holding the key only, the MD's every one; '<path> md': the MD's only): the shell waits for the plan status before it shows a section.
 */
const START_CALLS: Record<string, string[]> = {
  '*app': ['/api/dashboard/subscription-status', '/api/auth/my-permissions'],
  '/dashboard dashboard.page.access': ['/api/dashboard/dashboard-stats'],
  // The MD's review flags and plan payments panels (the plan's renewal line is the page's largest text).
  '/dashboard md': [
    '/api/admin-review/flags?limit=20',
    '/api/billing/renewal',
    '/api/billing/payments?limit=10',
  ],
  '/dashboard/sales sales.page.access': ['/api/sales/warehouses'],
};

/**
 * Writes src/app/boot-script.js, with the start routes' files and calls, into index.html as its first script
 * (inline: a file of its own held the first paint for a round trip), so a start page's chunks and first API
 * calls leave with the entry chunk instead of one after the other (entry → route chunk → its imports → the
 * shell's calls → the section's calls). The server allows it by its hash (platform/http/web-app.ts).
 */
function bootScript(): Plugin {
  return {
    name: 'boot-script',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The CSS in the order it must cascade: a chunk's imports' stylesheets before its own (Mantine's
      // base rules before the components', the components' before our screens'), as Vite's preload does.
      const filesOf = (roots: Rolldown.OutputChunk[]) => {
        const seen = new Set<string>();
        const css = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          const chunk = byName.get(name);
          for (const next of chunk?.imports ?? []) visit(next);
          for (const file of chunk?.viteMetadata?.importedCss ?? []) css.add(file);
        };
        for (const root of roots) visit(root.fileName);
        return { js: seen, css };
      };
      const inHtml = filesOf([entry]);
      const chunkOf = (suffix: string) =>
        chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${suffix}`)) ??
        chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/${suffix}`)));
      const routes: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(START_ROUTES)) {
        const roots = modules.map(chunkOf).filter((chunk): chunk is Rolldown.OutputChunk => Boolean(chunk));
        if (roots.length !== modules.length)
          this.error(`boot-script: no chunk for one of ${modules.join(', ')}`);
        const { js, css } = filesOf(roots);
        routes[route] = [
          ...[...css].filter((file) => !inHtml.css.has(file)),
          ...[...js].filter((file) => !inHtml.js.has(file)),
        ].map((file) => `/${file}`);
      }
      const template = await readFile(path.resolve(import.meta.dirname, 'src/app/boot-script.js'), 'utf8');
      const source = template
        .replace(/^(\/\*[\s\S]*?\*\/\s*)+/, '')
        .replace('(__ROUTES__, __CALLS__)', `(${JSON.stringify(routes)}, ${JSON.stringify(START_CALLS)})`);
      if (source.includes('__ROUTES__')) this.error('boot-script: the placeholders were not replaced');
      if (source.includes('</')) this.error('boot-script: the source cannot hold "</" inline');
      html.source = String(html.source).replace(
        '<script type="module"',
        `<script>${source.trim()}</script>\n    <script type="module"`,
      );
      // The entry's own CSS (the spinner and the page's base rules, about 1 KB, in the chunk of the entry's
      // imports) goes inline too, so the first paint waits for no file; a larger one stays a file, which the
      // browser keeps between visits.
      for (const file of inHtml.css) {
        const asset = bundle[file];
        const css = asset?.type === 'asset' ? String(asset.source) : '';
        if (css.length === 0 || css.length > 4096 || css.includes('</')) continue;
        const link = `<link rel="stylesheet" crossorigin href="/${file}">`;
        if (!String(html.source).includes(link)) this.error(`boot-script: no ${link} in index.html`);
        html.source = String(html.source).replace(link, `<style>${css.trim()}</style>`);
      }
    },
  };
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
  plugins: [react(), mantineDeepImports(), mantineStyles(), chunks.plugin, bootScript(), pwa, precompress()],
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
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
});
