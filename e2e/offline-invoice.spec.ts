/**
 * An employee who must attach an invoice to every sale (no `sales.invoice_override.access`) sells offline
 * (issue 16 §3), in Chromium with the network cut, on a persistent profile at 360 px:
 * - the invoice cannot be uploaded: the sale is saved on the phone with its invoice and a device receipt number;
 *   an expense with its invoice file is saved the same way;
 * - a reload while offline keeps them;
 * - when the network returns the phone uploads each invoice, then sends its record naming it: the server has the
 *   sale once, with the receipt number, the very file the clerk picked, and the stock moved; and the expense
 *   once, with its file.
 */
import assert from 'node:assert/strict';
import { businessDate } from '@app/domain/dates/business-date';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { type BrowserContext, type Page } from 'playwright-core';
import { deviceStore, itemsKept, launchPhone, workerControls } from './support/offline-device.ts';
import {
  addEmployee,
  api,
  apiToken,
  BASE_URL,
  createBusiness,
  createSteps,
  stockNewItem,
  eventually,
  screenshot,
  uniqueId,
} from './support/harness.ts';

const today = businessDate();

const WAREHOUSE = 'Ikeja Shop';
const RICE = 'Rice 50kg';
/** A 1×1 PNG: the invoice the clerk picks. */
const INVOICE_PNG = {
  name: 'supplier-invoice.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** A small PDF: the expense's invoice. */
const EXPENSE_PDF = {
  name: 'power-bill.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

type TRecord = {
  kind: string;
  status: string;
  summary: { receipt_number: string };
  attachment?: { fileName: string; bytes: ArrayBuffer };
};
type TSaleRow = { sale_id: number; invoice_number: string | null; quantity: number };

describe('an employee who must attach invoices sells offline', () => {
  let device: BrowserContext;
  let page: Page;
  let profile = '';
  let token = '';
  let stockBefore = 0;
  let receipt = '';
  const clerk = { name: 'Tunde Bello', email: `tunde-${uniqueId()}@e2e.example`, password: 'Tunde-pass-1' };
  const step = createSteps({ page: () => page, label: 'offline-invoice', timeoutMs: 120_000 });

  async function stockOfRice(): Promise<number> {
    const answer = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token,
    });
    return (answer.body as Record<string, { closing_balance: number }>)[RICE]!.closing_balance;
  }
  const outbox = () => deviceStore<TRecord>(page, 'outbox');

  before(async () => {
    profile = await mkdtemp(path.join(os.tmpdir(), 'offline-invoice-'));
  });
  after(async () => {
    await device?.close();
    await rm(profile, { recursive: true, force: true });
  });

  step(
    'a shop with rice and a clerk who may sell but not skip the invoice; the phone opens Sales',
    async () => {
      const md = await createBusiness('Alaba Rice Depot');
      token = await apiToken(md);
      await stockNewItem(token, { name: RICE, quantity: 10, warehouse: WAREHOUSE, everyone: true });
      await addEmployee(token, clerk, ['sales.page.access', 'sales.create.access', 'expenses.page.access']);
      stockBefore = await stockOfRice();

      device = await launchPhone(profile);
      page = device.pages()[0] ?? (await device.newPage());
      page.setDefaultTimeout(20_000);
      page.on('pageerror', (error) => console.log(`page error: ${error.stack ?? error.message}`));
      await page.goto(`${BASE_URL}/login`);
      await page.getByRole('button', { name: 'Employee Login' }).click();
      await page.getByLabel(/^Email/).fill(clerk.email);
      await page.getByLabel(/^Password/).fill(clerk.password);
      await page.getByRole('button', { name: /^(login|sign in)/i }).click();
      await page.waitForURL('**/dashboard');
      await page.goto(`${BASE_URL}/dashboard/sales`);
      await page.getByRole('form', { name: 'Add sale' }).waitFor();
      await itemsKept(page);
      await workerControls(page);
    },
  );

  step('offline: the sale and its invoice are saved on the phone with a device receipt number', async () => {
    await device.setOffline(true);
    const form = page.getByRole('form', { name: 'Add sale' });
    const search = form.getByRole('combobox', { name: 'Add item' });
    await search.click();
    await search.fill(RICE.slice(0, 2));
    await page.getByRole('option', { name: new RegExp(`^${RICE}`) }).click();
    const line = form.getByRole('list', { name: 'Items of the sale' }).getByRole('listitem', { name: RICE });
    await line.getByRole('button', { name: `One more ${RICE}` }).click();
    await form.locator('input[type="file"]').first().setInputFiles(INVOICE_PNG);
    await form.getByText(INVOICE_PNG.name).waitFor();
    await form.getByRole('button', { name: 'Record Sale' }).click();
    const heading = page.getByRole('heading', { name: /^OFF-[A-Z2-9]{6}-\d+ saved$/ });
    await heading.waitFor();
    receipt = (await heading.innerText()).replace(/ saved$/, '');
    await screenshot(page, 'offline-invoice-saved-360');
    await page.getByRole('button', { name: 'New sale' }).click();

    const [record] = await outbox();
    assert.equal(record?.kind, 'sale');
    assert.equal(record.summary.receipt_number, receipt);
    assert.equal(record.attachment?.fileName, INVOICE_PNG.name);
    assert.equal(await stockOfRice(), stockBefore, 'nothing reached the server');
  });

  step('offline: an expense with its invoice file is saved on the phone as waiting to sync', async () => {
    await page.goto(`${BASE_URL}/dashboard/expenses`);
    await page.getByRole('button', { name: 'New Expense' }).click();
    const form = page.getByRole('form', { name: 'New Expense' });
    await form.getByLabel(/^Vendor name/).fill('Ikeja Electric');
    await form.getByLabel(/^Total amount/).fill('4500');
    await form.locator('input[type="file"]').first().setInputFiles(EXPENSE_PDF);
    await form.getByRole('button', { name: 'Save Expense' }).click();
    await page
      .getByText('Expense saved on this device; it will be sent when the connection returns')
      .waitFor();
    await page.getByTestId('queued-expense').filter({ hasText: 'Ikeja Electric · ₦4,500.00' }).waitFor();
    await screenshot(page, 'offline-invoice-expense-waiting-360');
    const records = await outbox();
    assert.deepEqual(
      records.map((record) => [record.kind, record.attachment?.fileName]),
      [
        ['sale', INVOICE_PNG.name],
        ['expense', EXPENSE_PDF.name],
      ],
    );
  });

  step('a reload while offline keeps the sale, the expense and their invoices', async () => {
    await page.reload();
    await page.getByTestId('queued-expense').waitFor();
    const records = await outbox();
    assert.deepEqual(
      records.map((record) => record.attachment?.fileName),
      [INVOICE_PNG.name, EXPENSE_PDF.name],
    );
  });

  step(
    'online again: each invoice is uploaded, then its record; the server has each once with its file',
    async () => {
      await device.setOffline(false);
      await eventually(async () => assert.deepEqual(await outbox(), []), 60_000);
      const list = await api('/sales?limit=20', { token });
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const lines = (list.body as TSaleRow[]).filter((row) => row.invoice_number === receipt);
      assert.deepEqual(
        lines.map((row) => row.quantity),
        [2],
        'one sale of two bags, under the receipt number',
      );
      const forReceipt = await api(
        `/sales/for-receipt?date=${today}&customer_name=${encodeURIComponent('Walk-in customer')}`,
        { token },
      );
      assert.equal(forReceipt.status, 200, JSON.stringify(forReceipt.body));
      const sale = (forReceipt.body as { sale_id: number; invoice_file_url: string | null }[]).find(
        (found) => found.sale_id === lines[0]!.sale_id,
      );
      const url = sale?.invoice_file_url;
      assert.match(url ?? '', /^\/api\/files\/[\w-]+$/);
      const invoice = await fetch(`${BASE_URL}${url}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(invoice.status, 200);
      assert.deepEqual(Buffer.from(await invoice.arrayBuffer()), INVOICE_PNG.buffer);
      assert.equal(await stockOfRice(), stockBefore - 2);

      const expenses = (await api('/expenses', { token })).body as {
        vendor_name: string;
        invoice_file_url: string | null;
      }[];
      assert.deepEqual(
        expenses.map((expense) => expense.vendor_name),
        ['Ikeja Electric'],
      );
      const expenseFile = await fetch(`${BASE_URL}${expenses[0]!.invoice_file_url}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(expenseFile.status, 200);
      assert.deepEqual(Buffer.from(await expenseFile.arrayBuffer()), EXPENSE_PDF.buffer);
    },
  );
});
