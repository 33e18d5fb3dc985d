/**
 * Dashboard figures and the landing page as a new visitor sees them: the Total Sales card shows a
 * six-figure total on one line at the laptop widths shops use (1280, 1366) and on a phone, and the
 * landing page plays its demo video and promises only screens that exist.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, Page, Response } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { launchBrowser } from './support/browser.ts';
import { expireStoredToken } from './support/offline-device.ts';
import { logIn } from './support/screen.ts';
import { api, BASE_URL, createBusiness, createSteps, eventually, screenshot } from './support/harness.ts';

const TOTAL_SALES = '₦265,744.49';
const WAREHOUSE = 'Ikeja Main';

let browser: Browser;
let md: Awaited<ReturnType<typeof createBusiness>>;

/** One item and one paid sale without VAT whose grand total is TOTAL_SALES. */
async function recordTheSale(token: string) {
  const today = businessDate();
  await stockTheItem(token, today);
  const sale = await sellOne(token, today);
  assert.equal(sale.status, 201, JSON.stringify(sale.body));
}

async function stockTheItem(token: string, today: string) {
  const created = await api('/restock/new-item', {
    token,
    json: {
      item_name: 'Generator 3.5kVA',
      supplied_quantity: 2,
      reorder_level: 1,
      unit_price: 200_000,
      selling_price: 265_744.49,
      supplier_name: 'Chi Distributors',
      purchase_date: today,
      payment_status: 'paid',
      payment_method: 'cash',
      new_warehouse_name: WAREHOUSE,
      access_choice: 'No',
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
}

async function sellOne(token: string, today: string) {
  const items = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
    token,
  });
  const item = (items.body as Record<string, { item_id: number }>)['Generator 3.5kVA'];
  assert.ok(item);
  return api('/sales/batch', {
    token,
    json: {
      sale_date: today,
      warehouse_name: WAREHOUSE,
      customer_name: 'Chinedu Okafor',
      items: [{ item_id: item.item_id, quantity: 1, unit_price: 265_744.49 }],
      apply_vat: false,
      payment_method: 'cash',
      payment_status: 'paid',
      invoice_override: true,
    },
  });
}

/** The Total Sales figure: its text and how many lines it takes. */
async function totalSalesFigure(page: Page) {
  const card = page
    .locator('div')
    .filter({ has: page.getByText('Total Sales', { exact: true }) })
    .last();
  const value = card.getByText(/^₦/);
  await value.waitFor();
  return value.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25;
    return {
      text: element.textContent,
      lines: Math.round(element.getBoundingClientRect().height / lineHeight),
      overflows: element.scrollWidth > element.clientWidth + 1,
    };
  });
}

before(async () => {
  browser = await launchBrowser();
  md = await createBusiness('Oja Power Tools');
});
after(async () => {
  await browser?.close();
});

describe('dashboard figures', () => {
  let page: Page;
  let token: string;
  const step = createSteps({ page: () => page, label: 'dashboard' });

  step('a sale of ₦265,744.49 is recorded', async () => {
    const signedIn = await logIn(browser, md);
    ({ page, token } = signedIn);
    await recordTheSale(token);
  });

  step(
    'opened afresh, the dashboard and Sales use every API call the page started before the app loaded',
    async () => {
      // Notes which calls index.html's boot script starts (lib/boot-fetch.ts deletes each one the app takes).
      await page.addInitScript(() => {
        const seen = window as unknown as { __bootStarted?: string[] };
        Object.defineProperty(window, '__bootFetches', {
          configurable: true,
          set(started: { responses: Record<string, unknown> }) {
            seen.__bootStarted = Object.keys(started.responses);
            Object.defineProperty(window, '__bootFetches', {
              value: started,
              writable: true,
              configurable: true,
            });
          },
        });
      });
      const pages: [string, () => Promise<void>][] = [
        ['/dashboard', () => page.getByText('Current employees (0)').waitFor()],
        ['/dashboard/sales', () => page.getByRole('form', { name: 'Add sale' }).waitFor()],
      ];
      for (const [path, shown] of pages) {
        await page.goto(path);
        await shown();
        const started = await page.evaluate(
          () => (window as { __bootStarted?: string[] }).__bootStarted ?? [],
        );
        assert.ok(started.includes('/api/dashboard/subscription-status'), `${path}: ${started.join(', ')}`);
        const unused = () =>
          page.evaluate(() =>
            Object.keys(
              (window as { __bootFetches?: { responses: Record<string, unknown> } }).__bootFetches
                ?.responses ?? {},
            ),
          );
        await eventually(async () => assert.deepEqual(await unused(), [], `${path} never asked for these`));
      }
    },
  );

  step(
    "the dashboard and Sales load none of the other sections' components, forms or schemas, in few files",
    async () => {
      // web/build/route-chunks.ts: the chunks of what only other screens draw, and at most so many scripts (each
      // a round trip on slow mobile data; before the chunks were grouped, 21 and 30).
      const pages: [string, () => Promise<void>, RegExp, number][] = [
        [
          '/dashboard',
          () => page.getByText(TOTAL_SALES).waitFor(),
          /^(ui-sales|ui-more|sales-shared|sections|forms|form-state|[a-z-]+-parts)-/,
          11,
        ],
        [
          '/dashboard/sales',
          () => page.getByRole('form', { name: 'Add sale' }).waitFor(),
          /^(ui-more|sections|(?!sales-)[a-z-]+-parts)-/,
          15,
        ],
      ];
      for (const [path, shown, otherScreens, mostScripts] of pages) {
        const scripts: string[] = [];
        const stylesheets: Promise<{ name: string; bytes: number }>[] = [];
        const noteFile = (response: Response) => {
          const name = new URL(response.url()).pathname.split('/').at(-1)!;
          const type = response.request().resourceType();
          if (type === 'script') scripts.push(name);
          if (type === 'stylesheet')
            stylesheets.push(response.body().then((body) => ({ name, bytes: body.length })));
        };
        page.on('response', noteFile);
        await page.goto(path);
        await shown();
        await page.waitForLoadState('networkidle');
        page.off('response', noteFile);
        const styles = await Promise.all(stylesheets);
        const files = [...scripts, ...styles.map((sheet) => sheet.name)];
        assert.ok(
          scripts.some((name) => name.startsWith('ui-')),
          `${path}: ${scripts.join(', ')}`,
        );
        const notNeeded = files.filter((name) => otherScreens.test(name));
        assert.deepEqual(notNeeded, [], `${path} loaded ${files.join(', ')}`);
        assert.ok(scripts.length <= mostScripts, `${path}: ${scripts.length} scripts: ${scripts.join(', ')}`);
        // web/build/mantine-styles.ts: only the drawn components' CSS, not Mantine's whole 250 KB.
        const styleBytes = styles.reduce((sum, sheet) => sum + sheet.bytes, 0);
        assert.ok(
          styleBytes > 20_000 && styleBytes < 150_000,
          `${path}: ${styleBytes} B of CSS (${styles.map((s) => `${s.name} ${s.bytes}`).join(', ')})`,
        );
      }
    },
  );

  for (const width of [1280, 1366, 360]) {
    step(`Total Sales reads ${TOTAL_SALES} on one line at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dashboard');
      await page.getByText(TOTAL_SALES).waitFor();
      const figure = await totalSalesFigure(page);
      assert.deepEqual(figure, { text: TOTAL_SALES, lines: 1, overflows: false });
      await screenshot(page, `dashboard-total-sales-${width}`);
    });
  }

  step('an expired stored session starts no call: the app goes to the login page', async () => {
    const { context, page: other } = await logIn(browser, md);
    await expireStoredToken(other, 60);
    const sent: string[] = [];
    other.on('request', (request) => {
      if (request.headers().authorization) sent.push(new URL(request.url()).pathname);
    });
    await other.goto('/dashboard');
    await other.waitForURL('**/login');
    await other.getByRole('button', { name: /^(login|sign in)/i }).waitFor();
    assert.deepEqual(sent, [], 'no call carried the expired session');
    assert.equal(await other.evaluate(() => localStorage.getItem('login_token')), null);
    await context.close();
  });

  step('a sale recorded elsewhere counts when the dashboard opens again, without a reload', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await page.getByText(TOTAL_SALES).waitFor();
    const sale = await sellOne(token, businessDate());
    assert.equal(sale.status, 201, JSON.stringify(sale.body));
    await page.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL('**/dashboard/customers');
    // The overview stays on screen until the Customers chunk has loaded; only then has it closed.
    await page.getByText(TOTAL_SALES).waitFor({ state: 'detached' });
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByText('₦531,488.98').waitFor();
  });
});

describe('landing page', () => {
  let page: Page;
  const step = createSteps({ page: () => page, label: 'landing' });

  step('plays a demo video that exists, and promises only what the app does', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto('/');
    const video = page.locator('video');
    const source = await video.evaluate((element: HTMLVideoElement) => element.currentSrc || element.src);
    const response = await fetch(new URL(source, BASE_URL));
    assert.equal(response.status, 200, `${source} answers`);
    assert.match(response.headers.get('content-type') ?? '', /^video\//);
    const playable = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<boolean>((resolve) => {
          if (element.readyState >= 2) return resolve(true);
          element.addEventListener('loadeddata', () => resolve(true), { once: true });
          element.addEventListener('error', () => resolve(false), { once: true });
          element.load();
        }),
    );
    assert.ok(playable, 'the browser decodes the demo video');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const missing of [/expense/i, /requisition/i, /B2B/, /transfer/i, /excel/i, /alert/i]) {
      assert.doesNotMatch(text, missing, 'the landing page promises only screens that exist');
    }
    await screenshot(page, 'landing-1280');
  });
});
