/**
 * Journey of issue 14 part 5: an MD shares a sale's receipt on WhatsApp. The wa.me link carries the
 * customer's number as +234 digits and a link to a public page; a fresh browser (nobody signed in) opens it,
 * sees the receipt and downloads its PDF; once the MD revokes the link it shows nothing. Also at 360 px.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { download } from './support/downloads.ts';
import { launchBrowser } from './support/browser.ts';
import { api, BASE_URL, createBusiness, createSteps, screenshot } from './support/harness.ts';
import { assertNoSidewaysScroll, logIn, phoneContext, pick } from './support/screen.ts';

const WAREHOUSE = 'Balogun Market';
const CUSTOMER = 'Bisi Adebayo';
const ITEM = 'Ankara fabric (6 yards)';

/** Stocks an item and records a paid sale of two to the customer, with the phone written as people do. */
async function recordTheSale(token: string): Promise<number> {
  const today = businessDate();
  const stocked = await api('/restock/new-item', {
    token,
    json: {
      item_name: ITEM,
      supplied_quantity: 10,
      reorder_level: 2,
      unit_price: 9000,
      supplier_name: 'Kano Textiles',
      purchase_date: today,
      payment_status: 'paid',
      payment_method: 'cash',
      new_warehouse_name: WAREHOUSE,
    },
  });
  assert.equal(stocked.status, 201, JSON.stringify(stocked.body));
  const itemId = (stocked.body as { item_id: number }).item_id;
  const sale = await api('/sales/batch', {
    token,
    json: {
      sale_date: today,
      warehouse_name: WAREHOUSE,
      customer_name: CUSTOMER,
      customer_phone: '0803 123 4567',
      items: [{ item_id: itemId, quantity: 2, unit_price: 12500 }],
      apply_vat: false,
      payment_method: 'transfer',
      payment_status: 'paid',
      invoice_override: true,
    },
  });
  assert.equal(sale.status, 201, JSON.stringify(sale.body));
  return (sale.body as { sale: { sale_number: number } }).sale.sale_number;
}

/** wa.me is not reachable from here: the browser gets a stand-in page and the journey reads the address. */
async function interceptWhatsapp(context: BrowserContext) {
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
}

async function openReceipt(page: Page, saleNumber: number) {
  await page.goto('/dashboard/sales');
  await page.getByRole('button', { name: 'Receipt', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Receipt' });
  await modal.getByLabel(/^Date/).fill(businessDate());
  await pick(page, modal.getByRole('combobox', { name: 'Customer' }), 'Bisi', /^Bisi Adebayo/);
  await modal.getByRole('button', { name: 'Load Sales' }).click();
  await modal.getByRole('button', { name: `Share receipt of sale #${saleNumber} on WhatsApp` }).click();
  const panel = modal.getByRole('region', { name: 'Share on WhatsApp' });
  await panel.waitFor();
  return { modal, panel };
}

describe('MD shares a receipt on WhatsApp, the customer opens it without signing in, the MD revokes it', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let stranger: BrowserContext;
  let md: Awaited<ReturnType<typeof createBusiness>>;
  let token = '';
  let saleNumber = 0;
  let link = '';
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'share', timeoutMs: 60_000 });

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Adebayo Fabrics');
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the MD opens the receipt of a sale to a customer with a phone number', async () => {
    ({ context, page, token } = await logIn(browser, md, interceptWhatsapp));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    saleNumber = await recordTheSale(token);
    const { panel } = await openReceipt(page, saleNumber);
    await panel.getByText('WhatsApp opens a chat with +2348031234567').waitFor();
    await screenshot(page, 'share-receipt-panel-1280');
  });

  step('Share on WhatsApp opens wa.me with the +234 number as digits and the link', async () => {
    const panel = page.getByRole('region', { name: 'Share on WhatsApp' });
    const [whatsapp] = await Promise.all([
      context.waitForEvent('page'),
      panel.getByRole('button', { name: 'Share on WhatsApp' }).click(),
    ]);
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    const opened = new URL(whatsapp.url());
    assert.equal(opened.pathname, '/2348031234567');
    const text = opened.searchParams.get('text') ?? '';
    const found = /(https?:\/\/\S+\/d\/[A-Za-z0-9_-]{43})$/.exec(text);
    assert.ok(found, `the message carries the link: ${text}`);
    link = found[1]!;
    assert.equal(text, `Hello ${CUSTOMER}, here is your receipt #${saleNumber} from ${md.username}: ${link}`);
    assert.equal(await panel.getByLabel('Link sent').inputValue(), link);
    await whatsapp.close();
    await screenshot(page, 'share-receipt-shared-1280');
  });

  step('a fresh browser, signed in nowhere, sees the receipt and downloads its PDF', async () => {
    stranger = await browser.newContext({ baseURL: BASE_URL, acceptDownloads: true });
    const visitor = await stranger.newPage();
    visitor.on('pageerror', (error) => pageErrors.push(`${visitor.url()}: ${error.message}`));
    await visitor.goto(new URL(link).pathname);
    const receipt = visitor.getByRole('article', { name: 'RECEIPT' });
    await receipt.waitFor();
    const shown = await receipt.innerText();
    for (const expected of [md.username, CUSTOMER, ITEM, `#${saleNumber}`, '₦25,000.00', '2 × ₦12,500.00'])
      assert.ok(shown.includes(expected), `the receipt shows ${expected}: ${shown}`);
    assert.equal(await visitor.getByRole('navigation').count(), 0, 'nothing of the dashboard');
    assert.equal(await visitor.evaluate(() => localStorage.getItem('login_token')), null);
    await screenshot(visitor, 'share-public-receipt-1280');

    const pdf = await download(visitor, () => visitor.getByRole('link', { name: 'Download PDF' }).click());
    assert.equal(pdf.filename, `receipt_${saleNumber}.pdf`);
    assert.equal((await readFile(pdf.file)).subarray(0, 5).toString(), '%PDF-');
  });

  step('on a 360 px phone the public page and the share panel fit', async () => {
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
    });
    try {
      const visitor = await phone.newPage();
      await visitor.goto(new URL(link).pathname);
      await visitor.getByRole('article', { name: 'RECEIPT' }).waitFor();
      await assertNoSidewaysScroll(visitor, 'public receipt', 360);
      await screenshot(visitor, 'share-public-receipt-360');
    } finally {
      await phone.close();
    }
    const signedIn = await phoneContext(browser, context);
    try {
      const small = await signedIn.newPage();
      await interceptWhatsapp(signedIn);
      await openReceipt(small, saleNumber);
      await assertNoSidewaysScroll(small, 'receipt share panel', 360);
      await screenshot(small, 'share-receipt-panel-360');
    } finally {
      await signedIn.close();
    }
  });

  step('the MD revokes the link: the public page and its PDF are gone', async () => {
    const panel = page.getByRole('region', { name: 'Share on WhatsApp' });
    await panel.getByRole('button', { name: 'Revoke link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke link' });
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByText('Link revoked: it no longer opens').waitFor();

    const visitor = await stranger.newPage();
    await visitor.goto(new URL(link).pathname);
    await visitor
      .getByRole('alert')
      .getByText('This link is not valid. Ask the business for a new one.')
      .waitFor();
    assert.equal(await visitor.getByRole('article').count(), 0);
    await screenshot(visitor, 'share-public-revoked-1280');
    const pdf = await fetch(
      `${BASE_URL}${new URL(link).pathname.replace('/d/', '/api/public/documents/')}/pdf`,
    );
    assert.equal(pdf.status, 404);
    await stranger.close();
  });

  step('a proforma is shared from the Proforma List, and the list fits a 360 px phone', async () => {
    const items = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token,
    });
    const itemId = (items.body as Record<string, { item_id: number }>)[ITEM]!.item_id;
    const created = await api('/sales/proforma', {
      token,
      json: {
        customer_name: 'Chief Emeka Okafor',
        customer_phone: '+234 805 987 6543',
        warehouse_name: WAREHOUSE,
        items: [{ item_id: itemId, quantity: 3, unit_price: 12500 }],
        apply_vat: false,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const proformaNumber = (created.body as { proforma: { proforma_number: number } }).proforma
      .proforma_number;

    await page.goto('/dashboard/sales?tab=proforma-list');
    await page.getByRole('button', { name: `Share proforma #${proformaNumber} on WhatsApp` }).click();
    const panel = page.getByRole('region', { name: 'Share on WhatsApp' });
    await panel.getByText('WhatsApp opens a chat with +2348059876543').waitFor();
    const [whatsapp] = await Promise.all([
      context.waitForEvent('page'),
      panel.getByRole('button', { name: 'Share on WhatsApp' }).click(),
    ]);
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
    const opened = new URL(whatsapp.url());
    assert.equal(opened.pathname, '/2348059876543');
    const text = opened.searchParams.get('text') ?? '';
    assert.match(
      text,
      new RegExp(`^Hello Chief Emeka Okafor, here is your proforma invoice #${proformaNumber} from `),
    );
    await whatsapp.close();
    await screenshot(page, 'share-proforma-panel-1280');

    const visitor = await browser.newPage({ baseURL: BASE_URL });
    await visitor.goto(new URL(await panel.getByLabel('Link sent').inputValue()).pathname);
    const shown = await visitor.getByRole('article', { name: 'PROFORMA INVOICE' }).innerText();
    assert.ok(shown.includes('₦37,500.00'), shown);
    await visitor.close();

    const phone = await phoneContext(browser, context);
    try {
      const small = await phone.newPage();
      await small.goto('/dashboard/sales?tab=proforma-list');
      await small.getByRole('button', { name: `Share proforma #${proformaNumber} on WhatsApp` }).waitFor();
      await assertNoSidewaysScroll(small, 'proforma list', 360);
      await screenshot(small, 'share-proforma-list-360');
    } finally {
      await phone.close();
    }
  });
});
