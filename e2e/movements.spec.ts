/**
 * Journey of issue 13 (spec 3 §2.4 B2B Stock Movement): an MD transfers rice from Lekki to Ikeja under a new
 * name and sees it in the daily log of both warehouses, writes off a bag with a note too short (refused)
 * then a proper one, and exports the history; the screen fits a 360 px phone.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { launchBrowser } from './support/browser.ts';
import { download, parseCsv } from './support/downloads.ts';
import { api, createBusiness, createSteps, eventually, screenshot } from './support/harness.ts';
import { assertNoSidewaysScroll, logIn, phoneContext, pick, shownLogRow } from './support/screen.ts';

const RICE = 'Rice 50kg';
const RENAMED = 'Rice (bag)';

describe('MD moves stock between warehouses and writes some off', () => {
  const today = businessDate();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let md: Awaited<ReturnType<typeof createBusiness>>;
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'movements', timeoutMs: 60_000 });
  const toast = (text: string) => page.getByText(text, { exact: true }).first();
  const history = () => page.getByRole('table', { name: 'Movement history' });

  async function onHand(warehouse: string, item: string) {
    const answer = await api(`/b2b/inventory/${encodeURIComponent(warehouse)}`, { token });
    return (answer.body as { item_name: string; closing_balance: number }[]).find((i) => i.item_name === item)
      ?.closing_balance;
  }

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Eze Foods');
    const login = await api('/auth/token', { form: { username: md.username, password: md.password } });
    const mdToken = (login.body as { access_token: string }).access_token;
    for (const [item, warehouse, quantity] of [
      [RICE, 'Lekki', 10],
      ['Beans 50kg', 'Ikeja', 2],
    ] as const) {
      const stocked = await api('/restock/new-item', {
        token: mdToken,
        json: {
          item_name: item,
          supplied_quantity: quantity,
          reorder_level: 1,
          unit_price: 45_000,
          supplier_name: 'Dangote Depot',
          purchase_date: today,
          payment_status: 'paid',
          payment_method: 'cash',
          new_warehouse_name: warehouse,
          access_choice: 'No',
        },
      });
      assert.equal(stocked.status, 201, JSON.stringify(stocked.body));
    }
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the MD opens B2B Movement: no movements yet', async () => {
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await page.getByRole('navigation').getByRole('link', { name: 'B2B Movement', exact: true }).click();
    await page.waitForURL('**/dashboard/b2b-movement');
    await page.getByText('No movements found').waitFor();
    await page.getByLabel('Warehouse Transfers: 0').waitFor();
  });

  step('a transfer with a rename moves 3 bags out of Lekki and into Ikeja', async () => {
    const form = page.getByRole('form', { name: 'Transfer Stock' });
    await form.getByLabel(/^Source warehouse/).selectOption('Lekki');
    await form.getByLabel(/^Destination warehouse/).selectOption('Ikeja');
    await pick(
      page,
      form.getByRole('combobox', { name: /^Source item/ }),
      'Rice',
      /^Rice 50kg \(10 in stock\)/,
    );
    await form.getByText('Ikeja gets a new item, Rice 50kg.').waitFor();
    // Typed as another item Ikeja has, the units would join it: the form says so before anything is sent.
    await form.getByLabel(/^Destination item/).fill('beans 50kg');
    await form
      .getByRole('alert')
      .getByText('Ikeja already has Beans 50kg (2 in stock): these units of Rice 50kg will be added to it.')
      .waitFor();
    await form.getByLabel(/^Destination item/).fill(RENAMED);
    await form.getByText(`Ikeja gets a new item, ${RENAMED}.`).waitFor();
    await form.getByLabel(/^Quantity/).fill('3');
    await form.getByLabel(/^Issued by/).fill('Bola');
    await form.getByLabel(/^Received by/).fill('Tunde');
    // Spec 3 §9: a refusal shows the server's detail alone ("Transfer failed" only when there is none).
    await form.getByLabel(/^Quantity/).fill('50');
    await form.getByRole('button', { name: 'Transfer Stock' }).click();
    await toast(`Insufficient stock for ${RICE}: 10 left`).waitFor();
    assert.equal(await onHand('Lekki', RICE), 10);
    await form.getByLabel(/^Quantity/).fill('3');
    await screenshot(page, 'movements-transfer-1280x800');
    await form.getByRole('button', { name: 'Transfer Stock' }).click();
    await toast(`Transferred 3 units of ${RICE} → ${RENAMED}`).waitFor();
    // Spec 3 §4: after success the item choices reset, the quantity returns to 1 and the notes clear.
    assert.equal(await form.getByRole('combobox', { name: /^Source item/ }).inputValue(), '');
    assert.equal(await form.getByLabel(/^Destination item/).inputValue(), '');
    assert.equal(await form.getByLabel(/^Quantity/).inputValue(), '1');
    await history().getByRole('row').filter({ hasText: RICE }).waitFor();
    await page.getByLabel('Warehouse Transfers: 1').waitFor();
    assert.equal(await onHand('Lekki', RICE), 7);
    assert.equal(await onHand('Ikeja', RENAMED), 3);
  });

  step('the daily log of both warehouses shows the transfer', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Inventory', exact: true }).click();
    await page.waitForURL('**/dashboard/inventory');
    const table = page
      .getByRole('region', { name: 'Daily logs' })
      .getByRole('table', { name: `Daily logs for ${today}` });
    await eventually(async () => {
      const lekki = await shownLogRow(table, RICE);
      assert.deepEqual([lekki.warehouse, lekki.stockOut, lekki.closing], ['Lekki', 3, 7]);
      const ikeja = await shownLogRow(table, RENAMED);
      assert.deepEqual([ikeja.warehouse, ikeja.supplied, ikeja.closing], ['Ikeja', 3, 3]);
    });
    await screenshot(page, 'movements-daily-log-1280x800');
  });

  step('a write-off with a short note is refused, then one with a reason is recorded', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'B2B Movement', exact: true }).click();
    await page.getByRole('tab', { name: 'Stockout / Write-off' }).click();
    const form = page.getByRole('form', { name: 'Write Off' });
    await form.getByLabel(/^Warehouse/).selectOption('Lekki');
    await pick(page, form.getByRole('combobox', { name: /^Item/ }), 'Rice', /^Rice 50kg \(7 in stock\)/);
    await form.getByLabel(/^Authorized By/).fill('Mrs Eze');
    await form.getByLabel(/^Reason for write-off/).fill('wet');
    await form.getByText('3/5 minimum characters').waitFor();
    await form.getByRole('button', { name: 'Write Off' }).click();
    await form.getByText('Please fill all required fields (notes must be at least 5 characters)').waitFor();
    assert.equal(await onHand('Lekki', RICE), 7);
    await form.getByLabel(/^Reason for write-off/).fill('Bag soaked by rain');
    await form.getByRole('button', { name: 'Write Off' }).click();
    await toast('Written off 1 units').waitFor();
    await page.getByLabel('Write-offs: 1').waitFor();
    assert.equal(await onHand('Lekki', RICE), 6);
    await screenshot(page, 'movements-history-1280x800');
  });

  step('Export CSV downloads the history', async () => {
    const file = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    assert.equal(file.filename, `stock_movements_${today}.csv`);
    const rows = parseCsv(file.text);
    assert.equal(rows.length, 3);
    assert.deepEqual(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
      ['Warehouse Transfer', 'Write-off'],
    );
  });

  step('on a 360 px phone the screen fits', async () => {
    const phone = await phoneContext(browser, context);
    const small = await phone.newPage();
    try {
      await small.goto('/dashboard/b2b-movement');
      await small.getByRole('table', { name: 'Movement history' }).getByText(RICE).first().waitFor();
      await assertNoSidewaysScroll(small, 'B2B movement', 360);
      await screenshot(small, 'movements-360');
    } finally {
      await phone.close();
    }
  });
});
