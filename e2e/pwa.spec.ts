/**
 * The installable app (issue 16 §2): after one visit the service worker controls the page, and with the
 * network cut a reload and a screen never opened before still render from its precache (not the browser's
 * offline page); the manifest is linked with its icons; a new build waits behind "New version available"
 * until Reload, and then the page runs the new worker.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { logIn } from './support/screen.ts';
import { BASE_URL, createBusiness, createSteps, eventually, screenshot } from './support/harness.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

let browser: Browser;
let md: Awaited<ReturnType<typeof createBusiness>>;

before(async () => {
  browser = await launchBrowser();
  md = await createBusiness('Oja Offline Stores');
});
after(async () => {
  await browser?.close();
});

/** The script URL of the worker that controls the page, once it does (null before). */
const controllerOf = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

describe('first paint', () => {
  let page: Page;
  const step = createSteps({ page: () => page, label: 'first-paint' });

  step('before any script has run, the page already shows the spinner and "Loading..."', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    page = await context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto(`${BASE_URL}/dashboard`);
    const status = page.getByRole('status');
    assert.equal((await status.innerText()).trim(), 'Loading...');
    // Styled, not left as bare text.
    const ring = await status
      .locator('.app-spinner')
      .evaluate((element) => getComputedStyle(element).borderTopStyle);
    assert.equal(ring, 'solid');
    // Its CSS is in index.html: the first paint waits for no file.
    assert.deepEqual(stylesheets, []);
    await screenshot(page, 'first-paint-no-script');
    await context.close();
  });
});

describe('installable app', () => {
  let context: BrowserContext;
  let page: Page;
  const step = createSteps({ page: () => page, label: 'pwa' });

  step(
    'after signing in and opening a few screens, the service worker is active and controls the page',
    async () => {
      ({ context, page } = await logIn(browser, md));
      await page.getByText('Dashboard Overview').waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Sales', exact: true }).click();
      await page.waitForURL('**/dashboard/sales');
      await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.getByText('Dashboard Overview').waitFor();
      // Activated means installed: every precached file is in the cache.
      await eventually(async () => {
        const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
        assert.equal(state, 'activated');
        assert.equal(await controllerOf(page), `${BASE_URL}/sw.js`);
      });
    },
  );

  step('the manifest is linked and names the app, its start page and its 192 and 512 px icons', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.ok(href, 'index.html links a manifest');
    const response = await page.request.get(href);
    assert.equal(response.status(), 200);
    assert.match(response.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    assert.equal(manifest.name, 'Naira Ledger');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/dashboard');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === undefined);
      assert.ok(icon, `an icon of ${size}`);
      const png = await page.request.get(icon.src);
      assert.equal(png.status(), 200, icon.src);
      assert.equal(png.headers()['content-type'], 'image/png');
    }
    assert.ok(
      manifest.icons.some((i) => i.purpose === 'maskable'),
      'a maskable icon',
    );
  });

  step('with the network cut, a reload shows the dashboard, not the browser offline page', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Dashboard Overview').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).waitFor();
    await screenshot(page, 'pwa-offline-dashboard-1280');
  });

  step(
    'offline, screens never opened before load from the precache: by the menu and by address',
    async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Inventory', exact: true }).click();
      await page.waitForURL('**/dashboard/inventory');
      await page.getByRole('tab', { name: 'Reports' }).waitFor();
      await page.goto('/dashboard/customers');
      await page.getByText('Customer List').waitFor();
      await page.setViewportSize({ width: 360, height: 740 });
      await screenshot(page, 'pwa-offline-customers-360');
      await page.setViewportSize({ width: 1280, height: 800 });
    },
  );

  step('offline, an /api address is never answered with the app', async () => {
    const answer = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/docs/json');
        return `status ${response.status}`;
      } catch {
        return 'network error';
      }
    });
    assert.equal(answer, 'network error');
    await context.setOffline(false);
  });

  step('a new build waits behind "New version available", and Reload brings the page onto it', async () => {
    // A new deployment as the browser sees it: the built sw.js changes (by one comment) under the running
    // server. (The worker's own script request passes no route a test can set.) Put back afterwards.
    const restore = await deployNewServiceWorker();
    try {
      await updateAndReload(page);
    } finally {
      await restore();
    }
    await context.close();
  });
});

async function updateAndReload(page: Page) {
  await page.goto('/dashboard');
  await page.getByText('Dashboard Overview').waitFor();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByRole('status').filter({ hasText: 'New version available' });
  await prompt.waitFor({ timeout: 30_000 });
  assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
  const before = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
  );
  assert.equal(before, 'installed', 'the new worker waits instead of taking over');
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, 'pwa-update-prompt-360');
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.getByText('Dashboard Overview').waitFor();
  const waiting = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
  );
  assert.equal(waiting, null, 'nothing waits any more: the new worker took over');
  assert.equal(await prompt.count(), 0);
}

/** Rewrites web/dist/sw.js (and its precompressed copies) as a new build would; answers how to undo it. */
async function deployNewServiceWorker() {
  const file = path.join(WEB_DIST, 'sw.js');
  const original = await readFile(file);
  const next = Buffer.concat([original, Buffer.from('\n// the next build\n')]);
  const write = (content: Buffer) =>
    Promise.all([
      writeFile(file, content),
      writeFile(`${file}.gz`, gzipSync(content)),
      writeFile(`${file}.br`, brotliCompressSync(content)),
    ]);
  await write(next);
  return () => write(original);
}
