// `node scripts/make-icons.mjs`: renders web/public/favicon.svg into the PNG icons of the web app manifest
// (192 and 512 px, and a 512 px maskable one whose mark stays inside the safe circle) with headless Chromium.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
const BRAND_BLUE = '#364fc7';

const svg = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** `inset` is the share of each side left to the background (0 for the plain icon). */
const icons = [
  { file: 'pwa-192x192.png', size: 192, inset: 0 },
  { file: 'pwa-512x512.png', size: 512, inset: 0 },
  // Launchers crop a maskable icon to any shape inside the central 80 % circle: full-bleed blue, mark at 70 %.
  { file: 'maskable-icon-512x512.png', size: 512, inset: 0.15 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const pad = Math.round(icon.size * icon.inset);
    const background = icon.inset > 0 ? BRAND_BLUE : 'transparent';
    await page.setContent(
      `<body style="margin:0;background:${background}">` +
        `<img src="${dataUrl}" style="display:block;margin:${pad}px;width:${icon.size - 2 * pad}px;height:${icon.size - 2 * pad}px">` +
        '</body>',
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(PUBLIC_DIR, icon.file), omitBackground: icon.inset === 0 });
    await page.close();
    console.log(`web/public/${icon.file}`);
  }
} finally {
  await browser.close();
}
