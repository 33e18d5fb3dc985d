/**
 * Journey of issue 4 (spec 2 §2 Customers): an MD adds, searches, edits and deletes customers and
 * downloads customer_list.csv (a name starting with '=' comes out neutralised); the screen fits a
 * 360 px phone.
 */
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { download, parseCsv } from './support/downloads.ts';
import { api, createBusiness, createSteps, eventually, screenshot } from './support/harness.ts';
import { assertNoSidewaysScroll, logIn, phoneContext } from './support/screen.ts';

describe('MD keeps the customer list and exports it', () => {
  const ngozi = {
    name: 'Ngozi Eze',
    phone: '08021112222',
    email: 'ngozi@e2e.example',
    address: '12 Allen Avenue, Ikeja',
  };
  const tunde = { name: 'Tunde Bakare', phone: '08033334444', email: '', address: '' };
  const formula = {
    name: '=HYPERLINK("http://evil.example","Click")',
    phone: '08055556666',
    email: '',
    address: '',
  };
  const ngoziMoved = { phone: '08027778888', address: '4 Admiralty Way, Lekki' };

  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let md: Awaited<ReturnType<typeof createBusiness>>;
  let token = '';
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'customers', timeoutMs: 60_000 });
  const toast = (text: string) => page.getByText(text, { exact: true }).first();
  const table = () => page.getByRole('table', { name: 'Customers' });

  type TCustomer = {
    customer_id: number;
    name: string;
    phone: string;
    email: string | null;
    address: string | null;
  };
  async function storedCustomers() {
    const answer = await api('/customers?page=1&limit=10', { token });
    assert.equal(answer.status, 200);
    return (answer.body as { customers: TCustomer[] }).customers;
  }

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Eze Pharmacy');
  });
  after(async () => {
    await browser?.close();
  });

  step('the MD opens Customers: no records yet', async () => {
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await page.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL('**/dashboard/customers');
    await table().getByText('No records').waitFor();
  });

  step('Add Customer three times; the Total follows', async () => {
    const form = page.getByRole('form', { name: 'Add customer' });
    for (const customer of [ngozi, tunde, formula]) {
      await form.getByLabel(/^Name/).fill(customer.name);
      await form.getByLabel(/^Phone/).fill(customer.phone);
      if (customer.email) await form.getByLabel(/^Email/).fill(customer.email);
      if (customer.address) await form.getByLabel(/^Address/).fill(customer.address);
      await form.getByRole('button', { name: 'Add Customer' }).click();
      await table().getByRole('row').filter({ hasText: customer.phone }).waitFor();
      await eventually(async () => assert.equal(await form.getByLabel(/^Name/).inputValue(), ''));
    }
    await toast('Customer added').waitFor();
    await page.getByText('Total: 3').waitFor();
    await screenshot(page, 'customers-list-1280x800');
    assert.deepEqual(
      (await storedCustomers()).map((c) => [c.name, c.phone]).sort(),
      [ngozi, tunde, formula].map((c) => [c.name, c.phone]).sort(),
    );
  });

  step('search by name or phone narrows the list on the server', async () => {
    const search = page.getByRole('textbox', { name: 'Search by name or phone' });
    await search.fill('Tunde');
    await eventually(async () => {
      const rows = await table().locator('tbody tr').allInnerTexts();
      assert.equal(rows.length, 1, JSON.stringify(rows));
      assert.match(rows[0]!, /Tunde Bakare/);
    });
    await search.fill('0802111');
    await eventually(async () => {
      const rows = await table().locator('tbody tr').allInnerTexts();
      assert.equal(rows.length, 1, JSON.stringify(rows));
      assert.match(rows[0]!, /Ngozi Eze/);
    });
    await search.fill('');
    await eventually(async () => assert.equal(await table().locator('tbody tr').count(), 3));
  });

  step('Edit changes a customer’s phone and address', async () => {
    await table()
      .getByRole('button', { name: `Edit ${ngozi.name}` })
      .click();
    const form = page.getByRole('form', { name: 'Edit customer' });
    await form.waitFor();
    assert.equal(await form.getByLabel(/^Name/).inputValue(), ngozi.name);
    await form.getByLabel(/^Phone/).fill(ngoziMoved.phone);
    await form.getByLabel(/^Address/).fill(ngoziMoved.address);
    await screenshot(page, 'customers-edit-1280x800');
    await form.getByRole('button', { name: 'Update Customer' }).click();
    await toast('Customer updated').waitFor();
    await page.getByRole('form', { name: 'Add customer' }).waitFor();
    await table()
      .getByRole('row')
      .filter({ hasText: ngoziMoved.phone })
      .getByText(ngoziMoved.address)
      .waitFor();
    const stored = (await storedCustomers()).find((c) => c.name === ngozi.name);
    assert.deepEqual(
      [stored?.phone, stored?.address, stored?.email],
      [ngoziMoved.phone, ngoziMoved.address, ngozi.email],
    );
  });

  step('Delete asks first; Cancel keeps the customer, Delete removes it', async () => {
    await table()
      .getByRole('button', { name: `Delete ${tunde.name}` })
      .click();
    const modal = page.getByRole('dialog', { name: 'Delete customer' });
    await modal.getByText('Delete customer? This cannot be undone.').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    assert.equal((await storedCustomers()).length, 3);

    await table()
      .getByRole('button', { name: `Delete ${tunde.name}` })
      .click();
    await modal.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast('Customer deleted').waitFor();
    await eventually(async () => assert.equal(await table().locator('tbody tr').count(), 2));
    await page.getByText('Total: 2').waitFor();
    assert.deepEqual((await storedCustomers()).map((c) => c.name).sort(), [ngozi.name, formula.name].sort());
  });

  step('Download CSV saves customer_list.csv with every customer; a formula is neutralised', async () => {
    const file = await download(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    assert.equal(file.filename, 'customer_list.csv');
    const [header, ...rows] = parseCsv(file.text);
    assert.deepEqual(header, ['ID', 'Name', 'Phone', 'Email', 'Address', 'Created']);
    const stored = await storedCustomers();
    assert.deepEqual(
      rows.map((row) => row.slice(0, 5)).sort((a, b) => Number(a[0]) - Number(b[0])),
      stored
        .map((c) => [
          String(c.customer_id),
          c.name.startsWith('=') ? `'${c.name}` : c.name,
          c.phone,
          c.email ?? '',
          c.address ?? '',
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    assert.ok(
      rows.some((row) => row[1] === `'${formula.name}`),
      JSON.stringify(rows),
    );
    assert.ok(
      rows.every((row) => /^\d{4}-\d{2}-\d{2}/.test(row[5] ?? '')),
      JSON.stringify(rows),
    );
  });

  step('Download Excel saves customer_list.xlsx whose phones keep their leading 0', async () => {
    const file = await download(page, () => page.getByRole('button', { name: 'Download Excel' }).click());
    assert.equal(file.filename, 'customer_list.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file.file);
    const sheet = workbook.getWorksheet('Customers')!;
    const phones = new Map<number, unknown>();
    sheet.eachRow((row, number) => {
      if (number > 1) phones.set(Number(row.getCell(1).value), row.getCell(3).value);
    });
    const stored = await storedCustomers();
    assert.deepEqual(
      [...phones.entries()].sort(([a], [b]) => a - b),
      stored.map((c) => [c.customer_id, c.phone] as const).sort(([a], [b]) => a - b),
    );
    assert.ok(
      stored.some((c) => c.phone.startsWith('0')),
      JSON.stringify(stored),
    );
  });

  step(
    'the Customers screen fits a 360 px phone without sideways scrolling',
    async () => {
      const phone = await phoneContext(browser, context);
      try {
        const small = await phone.newPage();
        small.setDefaultTimeout(15_000);
        small.on('pageerror', (error) => pageErrors.push(`${small.url()} (phone): ${error.message}`));
        await small.goto('/dashboard/customers');
        const cards = small.getByRole('list', { name: 'Customers' });
        await cards.getByRole('listitem').filter({ hasText: ngozi.name }).waitFor();
        await assertNoSidewaysScroll(small, 'customers', 360);
        await screenshot(small, 'customers-360x740');
      } finally {
        await phone.close();
      }
    },
    { independent: true },
  );

  step(
    'no uncaught error in the page during the journey',
    async () => {
      assert.deepEqual(pageErrors, []);
    },
    { independent: true },
  );
});
