/**
 * Journey of issue 4 (spec 2 §2 Sales, spec 1 §2 free-plan lock screen).
 *
 * Sales: an MD with stock (set up through the API: 3 new items and 1 restock batch) sells by picking
 * an item and by scanning a barcode (keyboard wedge), with VAT and a 10 % discount (under More), partly
 * paid, the invoice uploaded; the receipt step shows the sale; the List and Pending tabs follow and a later payment settles it; the Receipt modal
 * downloads the A4 and the thermal PDF and prints; a proforma gets its invoice and is converted once;
 * the Sales screen fits a 360 px phone; the tenth transaction locks the free plan.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TSale } from '@app/domain/schemas/sales';
import { launchBrowser } from './support/browser.ts';
import { download } from './support/downloads.ts';
import { assertNoSidewaysScroll, choose, logIn, phoneContext, pick } from './support/screen.ts';
import {
  api,
  ARTIFACTS_DIR,
  BASE_URL,
  createBusiness,
  createSteps,
  escapeRegExp,
  eventually,
  screenshot,
} from './support/harness.ts';

const run = promisify(execFile);

declare global {
  interface Window {
    /** Calls of print() in the page or its frames (see the init script of the sales journey). */
    __printCalls?: number;
  }
}

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

/** A 1×1 PNG: the invoice the user picks from disk. */
const INVOICE_PNG = {
  name: 'invoice.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** ₦1,234,567.89 as the screens show money. */
const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const toKobo = (amount: number) => Math.round(amount * 100);
/** percent of an amount in kobo, half-up to the kobo (the rate has at most 2 decimals). */
const percentOfKobo = (kobo: number, percent: number) =>
  Number((2n * BigInt(kobo) * BigInt(Math.round(percent * 100)) + 10_000n) / 20_000n);

/** Spec 2 §5 Pricing: VAT on the subtotal, the discount after VAT, each half-up to the kobo. */
function expectedTotals(lines: { quantity: number; price: number }[], vatRate: number, discountPct: number) {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * toKobo(line.price), 0);
  const vat = percentOfKobo(subtotal, vatRate);
  const discount = percentOfKobo(subtotal + vat, discountPct);
  return { subtotal, vat, discount, grandTotal: subtotal + vat - discount };
}

/**
 * Headless Chromium crashes when a frame holding a PDF calls the real print(): the print() of every
 * frame is replaced by a counter on the page (window.__printCalls).
 */
async function countPrintCalls(context: BrowserContext) {
  await context.addInitScript(() => {
    const frameWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      get(this: HTMLIFrameElement) {
        const target = frameWindow.get!.call(this) as Window | null;
        if (target)
          target.print = () => {
            window.__printCalls = (window.__printCalls ?? 0) + 1;
          };
        return target;
      },
    });
  });
}

/** The text of a PDF (pdftotext keeps the layout; runs of blanks are folded). */
async function pdfText(file: string) {
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', file, '-']);
  return stdout.replace(/[ \t]+/g, ' ');
}

async function pdfPageWidth(file: string) {
  const { stdout } = await run('/usr/bin/pdfinfo', [file]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
  assert.ok(size, stdout);
  return Number(size[1]);
}

async function assertPdf(file: string) {
  const bytes = await readFile(file);
  assert.equal(bytes.subarray(0, 4).toString('latin1'), '%PDF', `${file} is a PDF`);
}

describe('MD sells, collects, prints receipts and converts a proforma until the free plan locks', () => {
  const WAREHOUSE = 'Balogun Market Store';
  const rice = { name: 'Rice 50kg', quantity: 40, cost: 48_000, price: 52_000 };
  const milk = {
    name: 'Peak Milk 400g',
    quantity: 60,
    cost: 2_300,
    price: 2_500.55,
    barcode: '6151100032021',
  };
  const sugar = { name: 'Dangote Sugar 1kg', quantity: 30, cost: 1_200, price: 1_450 };
  const customer = { name: 'Adaeze Okonkwo', phone: '08031234567' };
  const proformaCustomer = { name: 'Chief Emeka Okafor', phone: '08059876543' };
  const sold = { rice: 2, milk: 3 };
  const proformaRice = 5;
  const restockBatchRice = 10;
  const partialPaid = 50_000;
  const totals = expectedTotals(
    [
      { quantity: sold.rice, price: rice.price },
      { quantity: sold.milk, price: milk.price },
    ],
    7.5,
    10,
  );

  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let md: Awaited<ReturnType<typeof createBusiness>>;
  let token = '';
  let saleNumber = 0;
  let proformaNumber = 0;
  let proformaId = 0;
  let convertedSaleNumber = 0;
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'sales', timeoutMs: 90_000 });
  const toast = (text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).first();
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });

  async function stock(): Promise<Record<string, number>> {
    const answer = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return Object.fromEntries(
      Object.entries(answer.body as Record<string, { closing_balance: number }>).map(([name, item]) => [
        name,
        item.closing_balance,
      ]),
    );
  }

  async function transactionCount() {
    const answer = await api('/dashboard/subscription-status', { token });
    assert.equal(answer.status, 200);
    return (answer.body as { transaction_count: number }).transaction_count;
  }

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Adaeze Provisions');
  });
  after(async () => {
    await browser?.close();
  });

  step(
    'the MD logs in; stock comes in through Restock (3 new items and 1 batch: 4 transactions)',
    async () => {
      ({ context, page, token } = await logIn(browser, md, countPrintCalls));
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text()))
          pageErrors.push(`${page.url()}: ${message.text()}`);
      });
      for (const [index, item] of [rice, milk, sugar].entries()) {
        const created = await api('/restock/new-item', {
          token,
          json: {
            item_name: item.name,
            barcode: 'barcode' in item ? item.barcode : null,
            supplied_quantity: item.quantity,
            reorder_level: 5,
            unit_price: item.cost,
            selling_price: item.price,
            supplier_name: 'Chi Distributors',
            purchase_date: today,
            payment_status: 'paid',
            payment_method: 'cash',
            ...(index === 0 ? { new_warehouse_name: WAREHOUSE } : { warehouse_name: WAREHOUSE }),
            access_choice: 'No',
          },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
      }
      const batch = await api('/restock/batch', {
        token,
        json: {
          supplier_name: 'Mama Cass Supplies',
          purchase_date: today,
          warehouse_name: WAREHOUSE,
          payment_status: 'paid',
          payment_method: 'transfer',
          items: [{ item_name: rice.name, quantity: restockBatchRice, unit_price: 47_500 }],
        },
      });
      assert.equal(batch.status, 201, JSON.stringify(batch.body));
      assert.deepEqual(await stock(), {
        [rice.name]: rice.quantity + restockBatchRice,
        [milk.name]: milk.quantity,
        [sugar.name]: sugar.quantity,
      });
      assert.equal(await transactionCount(), 4);
    },
  );

  step('Sales opens on the Add Sale tab; the List tab is empty', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Sales', exact: true }).click();
    await page.waitForURL('**/dashboard/sales');
    await page.getByRole('form', { name: 'Add sale' }).waitFor();
    assert.equal(await tab('Add Sale').getAttribute('aria-selected'), 'true');
    await tab('List').click();
    await page.getByText('No sales records found. Try creating a new sale.').waitFor();
  });

  step(
    'Add Sale: an item picked, another scanned 3 times, VAT and 10 % off, partly paid, the invoice attached',
    async () => {
      await tab('Add Sale').click();
      const form = page.getByRole('form', { name: 'Add sale' });
      await form.waitFor();
      // The business has one warehouse: it is chosen already; the customer starts as a walk-in.
      assert.equal(await form.getByRole('combobox', { name: 'Warehouse' }).inputValue(), WAREHOUSE);
      const name = form.getByRole('combobox', { name: 'Customer name' });
      assert.equal(await name.inputValue(), 'Walk-in customer');
      // The date, invoice number, VAT, discount, amounts, invoice and notes are under More.
      await form.getByRole('button', { name: /^More/ }).click();
      assert.equal(await form.getByLabel(/^Date/).inputValue(), today);
      await form.getByLabel(/^Invoice number/).fill('INV-0042');
      // Partly paid: the walk-in gives way, and a name and phone are asked for.
      await choose(page, form.getByRole('combobox', { name: 'Payment status' }), 'Partial');
      assert.equal(await name.inputValue(), '');
      await name.fill(customer.name);
      await form.getByLabel(/^Customer phone/).fill(customer.phone);

      await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'Rice', /^Rice 50kg/);
      const lines = form.getByRole('list', { name: 'Items of the sale' });
      const riceLine = lines.getByRole('listitem', { name: rice.name });
      await riceLine.getByLabel('Quantity').fill(String(sold.rice));

      // A keyboard-wedge scanner types the code and presses Enter; the box empties after each scan.
      const scanBox = form.getByRole('textbox', { name: 'Scan barcode' });
      for (let scan = 0; scan < sold.milk; scan++) {
        await scanBox.fill(milk.barcode);
        await scanBox.press('Enter');
        await eventually(async () => assert.equal(await scanBox.inputValue(), ''));
      }
      const milkLine = lines.getByRole('listitem', { name: milk.name });
      await eventually(async () =>
        assert.equal(await milkLine.getByLabel('Quantity').inputValue(), String(sold.milk)),
      );
      assert.equal(await milkLine.getByLabel(/^Unit price/).inputValue(), '2,500.55');
      assert.equal(
        await milkLine.getByLabel(`Total of ${milk.name}`).innerText(),
        naira(sold.milk * toKobo(milk.price)),
      );

      const prices = page.getByRole('region', { name: 'Price calculation' });
      assert.equal(await prices.getByRole('checkbox', { name: 'Apply VAT' }).isChecked(), true);
      await choose(page, prices.getByRole('combobox', { name: 'Discount' }), 'Percentage');
      await prices.getByLabel('Discount (%)').fill('10');

      await form.getByLabel(/^Partial amount/).fill(String(partialPaid));
      await form.locator('input[type="file"]').first().setInputFiles(INVOICE_PNG);
      await form.getByText(INVOICE_PNG.name).waitFor();

      await eventually(async () => {
        const text = await prices.innerText();
        assert.match(text, new RegExp(`Subtotal\\s+${escapeRegExp(naira(totals.subtotal))}`));
        assert.match(text, new RegExp(`VAT \\(7\\.5%\\)\\s+${escapeRegExp(naira(totals.vat))}`));
        assert.match(text, new RegExp(`Discount\\s+−\\s*${escapeRegExp(naira(totals.discount))}`));
        assert.match(text, new RegExp(`Grand total\\s+${escapeRegExp(naira(totals.grandTotal))}`));
      });
      await screenshot(page, 'sales-add-sale-1280x800');

      await form.getByRole('button', { name: 'Record Sale' }).click();
      // After the sale its receipt step: the sale's number and total.
      const receipt = page.getByRole('region', { name: /^Sale #\d+ recorded$/ });
      await receipt.waitFor();
      saleNumber = Number(/Sale #(\d+)/.exec(await receipt.getByRole('heading').innerText())?.[1]);
      assert.ok(saleNumber > 0);
      await receipt.getByLabel(`Total ${naira(totals.grandTotal)}`).waitFor();
      await screenshot(page, 'sales-receipt-step-1280x800');
      await tab('List').click();
      await page.getByRole('table', { name: 'Sales' }).waitFor();
    },
  );

  step('the stored sale has the server-priced totals, the invoice, and stock fell', async () => {
    const listed = await api('/sales?limit=500&skip=0', { token });
    assert.equal(listed.status, 200);
    const rows = listed.body as {
      sale_number: number;
      item_name: string;
      quantity: number;
      grand_total: number;
      payment_status: string;
    }[];
    assert.deepEqual(
      rows.map((row) => [row.sale_number, row.item_name, row.quantity, row.payment_status]).sort(),
      [
        [saleNumber, milk.name, sold.milk, 'partial'],
        [saleNumber, rice.name, sold.rice, 'partial'],
      ].sort(),
    );
    const pending = await api('/sales/pending', { token });
    const [sale] = pending.body as TSale[];
    assert.ok(sale, JSON.stringify(pending.body));
    assert.equal(sale.sale_number, saleNumber);
    assert.deepEqual(
      {
        customer: [sale.customer_name, sale.customer_phone],
        subtotal: toKobo(sale.subtotal),
        vat: [sale.vat_rate, toKobo(sale.vat_amount)],
        discount: [sale.discount_type, sale.discount_value, toKobo(sale.discount_amount)],
        grandTotal: toKobo(sale.grand_total),
        paid: toKobo(sale.amount_paid),
        outstanding: toKobo(sale.outstanding),
        status: sale.payment_status,
      },
      {
        customer: [customer.name, customer.phone],
        subtotal: totals.subtotal,
        vat: [7.5, totals.vat],
        discount: ['percentage', 10, totals.discount],
        grandTotal: totals.grandTotal,
        paid: toKobo(partialPaid),
        outstanding: totals.grandTotal - toKobo(partialPaid),
        status: 'partial',
      },
    );
    assert.match(sale.invoice_file_url ?? '', /^\/api\/files\/[\w-]+$/);
    const invoice = await fetch(`${BASE_URL}${sale.invoice_file_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(invoice.status, 200);
    assert.deepEqual(Buffer.from(await invoice.arrayBuffer()), INVOICE_PNG.buffer);

    assert.deepEqual(await stock(), {
      [rice.name]: rice.quantity + restockBatchRice - sold.rice,
      [milk.name]: milk.quantity - sold.milk,
      [sugar.name]: sugar.quantity,
    });
    assert.equal(await transactionCount(), 5);
  });

  step('the List tab shows each line of the sale', async () => {
    const table = page.getByRole('table', { name: 'Sales' });
    await eventually(async () => assert.equal(await table.locator('tbody tr').count(), 2));
    const row = (item: string) => table.getByRole('row').filter({ hasText: item });
    assert.match(
      await row(rice.name).innerText(),
      new RegExp(
        `#${saleNumber}[\\s\\S]*${customer.name}[\\s\\S]*2[\\s\\S]*₦52,000\\.00[\\s\\S]*₦104,000\\.00[\\s\\S]*Partial[\\s\\S]*Cash`,
      ),
    );
    assert.match(
      await row(milk.name).innerText(),
      new RegExp(`#${saleNumber}[\\s\\S]*3[\\s\\S]*₦2,500\\.55[\\s\\S]*₦7,501\\.65[\\s\\S]*Partial`),
    );
    await screenshot(page, 'sales-list-1280x800');
  });

  step('Pending shows the balance; a payment of the rest settles it and it leaves Pending', async () => {
    await tab('Pending').click();
    const table = page.getByRole('table', { name: 'Pending transactions' });
    const row = table.getByRole('row').filter({ hasText: `#${saleNumber}` });
    const outstanding = naira(totals.grandTotal - toKobo(partialPaid));
    await row.waitFor();
    assert.match(
      await row.innerText(),
      new RegExp(
        `${customer.name}[\\s\\S]*${customer.phone}[\\s\\S]*${escapeRegExp(naira(totals.grandTotal))}[\\s\\S]*₦50,000\\.00[\\s\\S]*${escapeRegExp(outstanding)}[\\s\\S]*Partial`,
      ),
    );
    await row.getByRole('button', { name: `Record payment for sale #${saleNumber}` }).click();
    const modal = page.getByRole('dialog', { name: `Record payment: sale #${saleNumber}, ${customer.name}` });
    await modal.waitFor();
    // The amount starts at what is outstanding.
    assert.equal(
      await modal.getByLabel(/^Amount/).inputValue(),
      outstanding.replace('₦', '').replace(/\.00$/, ''),
    );
    await modal.getByLabel(/^Payment method/).selectOption('transfer');
    await modal.getByLabel(/^Notes/).fill('Balance paid by transfer');
    await screenshot(page, 'sales-record-payment-1280x800');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByText('No pending transactions. Every sale is fully paid.').waitFor();

    assert.deepEqual((await api('/sales/pending', { token })).body, []);
    const listed = (await api('/sales?limit=500', { token })).body as {
      sale_id: number;
      payment_status: string;
      outstanding: number;
    }[];
    assert.ok(listed.every((line) => line.payment_status === 'paid' && line.outstanding === 0));
  });

  step('Receipt: the customer and date load the sale; A4 and thermal PDFs download; print runs', async () => {
    await page.getByRole('button', { name: 'Receipt', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Receipt' });
    await modal.waitFor();
    await modal.getByLabel(/^Date/).fill(today);
    await pick(page, modal.getByRole('combobox', { name: 'Customer' }), 'Adaeze', /^Adaeze Okonkwo/);
    await modal.getByRole('button', { name: 'Load Sales' }).click();
    const table = modal.getByRole('table', { name: 'Sales for receipt' });
    const row = table.getByRole('row').filter({ hasText: `#${saleNumber}` });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`${escapeRegExp(naira(totals.grandTotal))}[\\s\\S]*Paid`));
    await screenshot(page, 'sales-receipt-1280x800');

    const a4 = await download(page, () =>
      row.getByRole('button', { name: `Download PDF receipt of sale #${saleNumber}` }).click(),
    );
    const thermal = await download(page, () =>
      row.getByRole('button', { name: `Download thermal receipt of sale #${saleNumber}` }).click(),
    );
    for (const file of [a4, thermal]) {
      await assertPdf(file.file);
      const text = await pdfText(file.file);
      // The business name may wrap on the narrow thermal roll: compare its words in order.
      const nameWords = md.username.split(' ').map(escapeRegExp).join('\\s+');
      assert.match(text, new RegExp(nameWords), `${file.filename} names the business`);
      assert.match(text, new RegExp(escapeRegExp(rice.name)), `${file.filename} lists the item`);
      assert.match(text, new RegExp(escapeRegExp(naira(totals.grandTotal))), `${file.filename} total`);
    }
    const a4Width = await pdfPageWidth(a4.file);
    assert.ok(Math.abs(a4Width - 595.28) < 1, `A4 width ${a4Width}`);
    const thermalWidth = await pdfPageWidth(thermal.file);
    assert.ok(Math.abs(thermalWidth - 226.77) < 0.5, `thermal width ${thermalWidth}`);

    const [printed] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/sales/receipt/pdf')),
      row.getByRole('button', { name: `Print receipt of sale #${saleNumber}` }).click(),
    ]);
    const { pdf_base64 } = (await printed.json()) as { pdf_base64: string };
    assert.equal(Buffer.from(pdf_base64, 'base64').subarray(0, 4).toString('latin1'), '%PDF');
    // The receipt goes into a hidden frame whose print() is called (counted by the init script).
    const printFrame = page.locator('iframe[title="Receipt to print"]');
    await printFrame.waitFor({ state: 'attached' });
    assert.match((await printFrame.getAttribute('src')) ?? '', /^blob:/);
    await eventually(async () =>
      assert.equal(await page.evaluate(() => window.__printCalls ?? 0), 1, 'print() of the frame was called'),
    );
    // Printed in place: no tab was opened as the fallback.
    assert.equal(context.pages().length, 1);
    // The print frame took the focus; Escape from inside the modal closes it.
    await modal.getByRole('button', { name: 'Load Sales' }).focus();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  step('Proforma: created for a customer, its invoice uploaded and converted in the side panel', async () => {
    await tab('Proforma').click();
    const form = page.getByRole('form', { name: 'Create proforma' });
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Customer name' }).fill(proformaCustomer.name);
    await form.getByLabel(/^Customer phone/).fill(proformaCustomer.phone);
    await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'Rice', /^Rice 50kg/);
    await form
      .getByRole('list', { name: 'Items of the proforma' })
      .getByRole('listitem', { name: rice.name })
      .getByLabel('Quantity')
      .fill(String(proformaRice));
    await form.getByRole('button', { name: 'Create Proforma' }).click();
    const created = toast(/^Proforma invoice created\. Proforma #\d+/);
    await created.waitFor();
    proformaNumber = Number(/Proforma #(\d+)/.exec(await created.innerText())?.[1]);

    const panel = page.getByRole('list', { name: `Pending proformas for ${proformaCustomer.name}` });
    const card = panel.getByRole('listitem', { name: `Proforma #${proformaNumber}` });
    await card.getByText('No invoice').waitFor();
    await card.getByRole('button', { name: 'Take photo' }).waitFor();
    // The card without the toasts of the earlier steps on top of it.
    const toasts = page.locator('.mantine-Notifications-root');
    await toasts.evaluateAll((roots: HTMLElement[]) =>
      roots.forEach((root) => (root.style.visibility = 'hidden')),
    );
    await card.screenshot({ path: path.join(ARTIFACTS_DIR, 'sales-proforma-pending-card.png') });
    await toasts.evaluateAll((roots: HTMLElement[]) => roots.forEach((root) => (root.style.visibility = '')));
    await card.locator('input[type="file"]').setInputFiles(INVOICE_PNG);
    await card.getByRole('button', { name: 'Upload' }).click();
    await toast(`Invoice uploaded for proforma #${proformaNumber}`).waitFor();
    await card.getByText('Invoice uploaded').waitFor();
    await screenshot(page, 'sales-proforma-1280x800');

    const before = await stock();
    await card.getByRole('button', { name: 'Convert to Sale' }).click();
    const modal = page.getByRole('dialog', { name: 'Convert Proforma to Sale' });
    await modal.waitFor();
    await modal.getByText('Invoice uploaded').waitFor();
    await modal.getByRole('button', { name: 'Convert to Sale' }).click();
    const summary = modal.getByRole('alert').filter({ hasText: 'Proforma converted' });
    await summary.waitFor();
    assert.match(await summary.innerText(), /Sale #\d+ · 1 item/);
    convertedSaleNumber = Number(/Sale #(\d+)/.exec(await summary.innerText())?.[1]);
    const updates = modal.getByRole('table', { name: 'Inventory updates' });
    assert.match(
      await updates.getByRole('row').filter({ hasText: rice.name }).innerText(),
      new RegExp(`updated\\s+${proformaRice}\\s`, 'i'),
    );
    await screenshot(page, 'sales-proforma-converted-1280x800');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByText(`No pending proformas for ${proformaCustomer.name}.`).waitFor();

    assert.deepEqual(await stock(), { ...before, [rice.name]: before[rice.name]! - proformaRice });
    const all = (await api('/sales/proforma/all', { token })).body as {
      proforma_id: number;
      proforma_number: number;
      status: string;
      sale_number: number | null;
    }[];
    assert.deepEqual(
      all.map((p) => [p.proforma_number, p.status, p.sale_number]),
      [[proformaNumber, 'converted', convertedSaleNumber]],
    );
    proformaId = all[0]!.proforma_id;
    assert.equal(await transactionCount(), 6);
  });

  step('Proforma List: the converted proforma has its badge and no Convert; the API refuses it', async () => {
    await tab('Proforma List').click();
    const table = page.getByRole('table', { name: 'Proforma invoices' });
    const row = table.getByRole('row').filter({ hasText: `#${proformaNumber}` });
    await row.getByText('Converted', { exact: true }).waitFor();
    assert.match(
      await row.innerText(),
      new RegExp(`${proformaCustomer.name}[\\s\\S]*Rice 50kg[\\s\\S]*sale #${convertedSaleNumber}\\b`),
    );
    assert.equal(
      await row.getByRole('button', { name: `Convert proforma #${proformaNumber} to a sale` }).count(),
      0,
    );
    await screenshot(page, 'sales-proforma-list-1280x800');
    const again = await api(`/sales/proforma/${proformaId}/convert`, { token, json: {} });
    assert.equal(again.status, 409);
    assert.match(JSON.stringify(again.body), /already been converted/);
  });

  step('the Sales screen fits a 360 px phone without sideways scrolling', async () => {
    const phone = await phoneContext(browser, context);
    try {
      const small = await phone.newPage();
      small.setDefaultTimeout(15_000);
      small.on('pageerror', (error) => pageErrors.push(`${small.url()} (phone): ${error.message}`));
      await small.goto('/dashboard/sales?tab=list');
      // A table on a laptop, cards on a phone: either way labelled Sales.
      await small
        .getByLabel('Sales', { exact: true })
        .getByText(new RegExp(`^#${saleNumber}\\b`))
        .first()
        .waitFor();
      await screenshot(small, 'sales-list-360x740');
      await assertNoSidewaysScroll(small, 'sales list', 360);
      for (const [name, ready] of [
        ['add', 'Add sale'],
        ['proforma', 'Create proforma'],
      ] as const) {
        await small.goto(`/dashboard/sales?tab=${name}`);
        await small.getByRole('form', { name: ready }).waitFor();
        await assertNoSidewaysScroll(small, `sales ${name}`, 360);
      }
      await screenshot(small, 'sales-proforma-360x740');
      await small.goto('/dashboard/sales?tab=add');
      await small.getByRole('form', { name: 'Add sale' }).waitFor();
      await screenshot(small, 'sales-add-sale-360x740');
      await small.goto('/dashboard/sales?tab=pending');
      await small.getByText('No pending transactions. Every sale is fully paid.').waitFor();
      await assertNoSidewaysScroll(small, 'sales pending', 360);
      await small.goto('/dashboard/sales?tab=report');
      await small.getByText('Payment Methods').waitFor();
      await small.locator('.mantine-BarsList-barLabel').first().waitFor();
      await screenshot(small, 'sales-report-360x740');
      // Each payment method's name fits inside its bar, however small its share.
      const cutLabels = await small
        .locator('.mantine-BarsList-barLabel')
        .evaluateAll((labels) =>
          labels
            .filter((label) => label.scrollWidth > label.clientWidth + 1)
            .map((label) => label.textContent),
        );
      assert.deepEqual(cutLabels, []);
    } finally {
      await phone.close();
    }
  });

  step(
    'past the tenth transaction only recording is locked: receipts reprint, Customers and Settings open',
    async () => {
      // Transactions so far: 3 new items + 1 restock batch + 1 sale + 1 conversion = 6; 3 more here.
      for (let n = 1; n <= 3; n++) {
        const sale = await sellOneSugar(`Walk-in ${n}`);
        assert.equal(sale.status, 201, JSON.stringify(sale.body));
      }
      assert.equal(await transactionCount(), 9);

      await page.reload();
      await tab('Add Sale').click();
      const form = page.getByRole('form', { name: 'Add sale' });
      await form.getByRole('combobox', { name: 'Customer name' }).fill('Bisi Alade');
      await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'Dang', /^Dangote Sugar 1kg/);
      await form.locator('input[type="file"]').first().setInputFiles(INVOICE_PNG);
      await form.getByRole('button', { name: 'Record Sale' }).click();
      // The tenth transaction's own receipt still shows, with the notice above the screen, which stays open.
      await page.getByRole('heading', { name: /^Sale #\d+ recorded$/ }).waitFor();
      await page.getByRole('heading', { name: 'Free Plan Limit Reached' }).waitFor();
      await page
        .getByText("You've used all 10 free transactions. Upgrade to Pro to continue using the product.")
        .waitFor();
      await page.getByRole('button', { name: 'Upgrade to Pro Now' }).waitFor();
      await tab('List').click();
      await page.getByRole('table', { name: 'Sales' }).getByText('Bisi Alade').first().waitFor();
      await screenshot(page, 'sales-free-plan-limit-1280x800');
      assert.equal(await transactionCount(), 10);

      await page.getByRole('button', { name: 'Receipt', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Receipt' });
      await modal.getByLabel(/^Date/).fill(today);
      await pick(page, modal.getByRole('combobox', { name: 'Customer' }), 'Adaeze', /^Adaeze Okonkwo/);
      await modal.getByRole('button', { name: 'Load Sales' }).click();
      const row = modal
        .getByRole('table', { name: 'Sales for receipt' })
        .getByRole('row')
        .filter({ hasText: `#${saleNumber}` });
      const reprint = await download(page, () =>
        row.getByRole('button', { name: `Download PDF receipt of sale #${saleNumber}` }).click(),
      );
      await assertPdf(reprint.file);
      await page.keyboard.press('Escape');

      await page.goto('/dashboard/customers');
      await page.getByRole('heading', { name: 'Free Plan Limit Reached' }).waitFor();
      await page.getByText('Adaeze Okonkwo').first().waitFor();
      await page.goto('/dashboard/settings');
      await page.getByRole('tab', { name: 'Company' }).waitFor();
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
      await page.getByRole('heading', { name: 'Free Plan Limit Reached' }).waitFor({ state: 'hidden' });

      const refused = await sellOneSugar('Over the limit');
      assert.equal(refused.status, 403);
      assert.match(JSON.stringify(refused.body), /limit exceeded/);
    },
  );

  step(
    'no uncaught error in the page during the journey',
    async () => {
      assert.deepEqual(pageErrors, []);
    },
    { independent: true },
  );

  /** A paid sale of one sugar through the API (the MD may leave the invoice out). */
  async function sellOneSugar(customerName: string) {
    const items = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token,
    });
    const item = (items.body as Record<string, { item_id: number }>)[sugar.name];
    assert.ok(item, `${sugar.name} is in ${WAREHOUSE}`);
    return api('/sales/batch', {
      token,
      json: {
        sale_date: today,
        warehouse_name: WAREHOUSE,
        customer_name: customerName,
        items: [{ item_id: item.item_id, quantity: 1, unit_price: sugar.price }],
        payment_method: 'cash',
        payment_status: 'paid',
        invoice_override: true,
      },
    });
  }
});
