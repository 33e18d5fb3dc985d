/**
 * Records the landing page's demo video (web/public/demo.webm and demo.mp4) from the real app: a shop
 * with stock records a sale, then looks at its dashboard and stock. Run it against a running server
 * with an empty data dir when the screens change, e.g.
 *   DATA_DIR=$(mktemp -d) PORT=8095 node server/dist/main.js &
 *   BASE_URL=http://127.0.0.1:8095 node --conditions=source --import tsx e2e/demo-video.ts
 * Needs ffmpeg (apt-get install -y ffmpeg).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { launchBrowser } from './support/browser.ts';
import { pick } from './support/screen.ts';
import { api, BASE_URL, createBusiness } from './support/harness.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
const SECONDS_PER_FRAME = 1.6;
/** The sale being filled in: what the video is about. */
const POSTER_FRAME = 5;
const WAREHOUSE = 'Ikeja Main';
const STOCK = [
  { item_name: 'Rice 50kg', supplied_quantity: 40, unit_price: 52_000, selling_price: 58_500 },
  { item_name: 'Peak Milk 400g', supplied_quantity: 120, unit_price: 2_100, selling_price: 2_500 },
  { item_name: 'Dangote Sugar 1kg', supplied_quantity: 80, unit_price: 1_300, selling_price: 1_650 },
];

async function stockTheShop(token: string) {
  for (const [index, item] of STOCK.entries()) {
    const created = await api('/restock/new-item', {
      token,
      json: {
        ...item,
        reorder_level: 5,
        supplier_name: 'Chi Distributors',
        purchase_date: businessDate(),
        payment_status: 'paid',
        payment_method: 'cash',
        ...(index === 0 ? { new_warehouse_name: WAREHOUSE } : { warehouse_name: WAREHOUSE }),
        access_choice: 'No',
      },
    });
    if (created.status !== 201) throw new Error(`new item: ${JSON.stringify(created.body)}`);
  }
}

async function recordFrames(page: Page, workDir: string, md: { username: string; password: string }) {
  const frames: string[] = [];
  let count = 0;
  const frame = async () => {
    const file = path.join(workDir, `frame-${String(count++).padStart(3, '0')}.png`);
    await page.waitForTimeout(400);
    await page.screenshot({ path: file });
    frames.push(file);
  };
  await page.goto('/');
  await frame();
  await page.goto('/login');
  await page.getByLabel(/username|business name/i).fill(md.username);
  await page.getByLabel(/^password/i).fill(md.password);
  await frame();
  await page.getByRole('button', { name: /^(login|sign in)/i }).click();
  await page.waitForURL('**/dashboard');
  await frame();
  await page.getByRole('navigation').getByRole('link', { name: 'Sales', exact: true }).click();
  await page.getByRole('tab', { name: 'Add Sale' }).click();
  const form = page.getByRole('form', { name: 'Add sale' });
  await form.getByRole('combobox', { name: 'Customer name' }).fill('Chinedu Okafor');
  await frame();
  await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'Rice', /^Rice 50kg/);
  await frame();
  await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'Peak', /^Peak Milk/);
  const lines = form.getByRole('list', { name: 'Items of the sale' });
  await lines.getByRole('listitem', { name: 'Peak Milk 400g' }).getByLabel('Quantity').fill('6');
  await frame();
  await form.getByRole('button', { name: 'Record Sale' }).click();
  await page.getByRole('heading', { name: /^Sale #\d+ recorded$/ }).waitFor();
  await frame();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page
    .getByText(/^₦[1-9]/)
    .first()
    .waitFor();
  await frame();
  await page.getByRole('navigation').getByRole('link', { name: 'Inventory', exact: true }).click();
  await page.getByText('Rice 50kg').first().waitFor();
  await frame();
  return frames;
}

function encode(frames: string[], workDir: string) {
  const list = path.join(workDir, 'frames.txt');
  const lines = frames.flatMap((file) => [`file '${file}'`, `duration ${SECONDS_PER_FRAME}`]);
  writeFileSync(list, [...lines, `file '${frames.at(-1)}'`].join('\n'));
  const input = ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list];
  const scale = ['-vf', 'scale=960:-2,fps=12', '-an'];
  execFileSync('ffmpeg', [
    ...input,
    ...scale,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '50',
    path.join(PUBLIC_DIR, 'demo.webm'),
  ]);
  execFileSync('ffmpeg', [
    ...input,
    ...scale,
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    path.join(PUBLIC_DIR, 'demo.mp4'),
  ]);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    frames[POSTER_FRAME]!,
    '-vf',
    'scale=960:-2',
    path.join(PUBLIC_DIR, 'demo-poster.jpg'),
  ]);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'demo-video-'));
const browser = await launchBrowser();
try {
  const md = await createBusiness('Mama Nkechi Stores');
  const login = await api('/auth/token', { form: { username: md.username, password: md.password } });
  await stockTheShop((login.body as { access_token: string }).access_token);
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const frames = await recordFrames(page, workDir, md);
  encode(frames, workDir);
  console.log(`demo video: ${frames.length} frames → ${PUBLIC_DIR}/demo.webm, demo.mp4, demo-poster.jpg`);
} finally {
  await browser.close();
  rmSync(workDir, { recursive: true, force: true });
}
