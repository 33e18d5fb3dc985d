/**
 * Journey of issue 14 (Bank & POS, transfer checks): the MD of a Pro business links a TEST bank account in
 * Settings → Bank & POS with the access code, sends a test transfer, records a sale paid by transfer of that
 * amount, asks "Has this transfer arrived?" in the Sales list and sees it verified, then disconnects the
 * account after confirming; the tab, the test widget and the sales list fit a 360 px phone.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { upgradeToPro } from './support/billing.ts';
import { launchBrowser } from './support/browser.ts';
import { api, createBusiness, createSteps, eventually, screenshot } from './support/harness.ts';
import { assertNoSidewaysScroll, choose, logIn, phoneContext, pick } from './support/screen.ts';

const ACCESS_CODE = '246810';
const WAREHOUSE = 'Balogun Shop';
const ITEM = 'Ankara fabric 6 yards';
const PRICE = 12_500;
const INVOICE_PNG = {
  name: 'ankara-invoice.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

describe('MD links a test bank and checks a transfer', () => {
  const today = businessDate();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let md: Awaited<ReturnType<typeof createBusiness>>;
  let token = '';
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'bank', timeoutMs: 60_000 });
  const toast = (text: string | RegExp) =>
    page.locator('.mantine-Notification-root').filter({ hasText: text });

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Iya Basira Fabrics');
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the MD logs in; the business is Pro, has an access code and stock', async () => {
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await upgradeToPro(token, 'monthly_pro');
    const status = await api('/dashboard/subscription-status', { token });
    assert.equal((status.body as { plan: string }).plan, 'pro');
    const code = await api('/settings/access-code', { token, method: 'PUT', json: { code: ACCESS_CODE } });
    assert.equal(code.status, 200, JSON.stringify(code.body));
    const stocked = await api('/restock/new-item', {
      token,
      json: {
        item_name: ITEM,
        supplied_quantity: 10,
        reorder_level: 2,
        unit_price: 9000,
        selling_price: PRICE,
        supplier_name: 'Kano Textiles',
        purchase_date: today,
        payment_status: 'paid',
        payment_method: 'cash',
        new_warehouse_name: WAREHOUSE,
        access_choice: 'No',
      },
    });
    assert.equal(stocked.status, 201, JSON.stringify(stocked.body));
  });

  step('Settings → Bank & POS is in test mode and asks for the access code', async () => {
    await page.goto('/dashboard/settings?tab=bank-pos');
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    await page.getByText('No bank account linked yet.').waitFor();
    await page.getByRole('button', { name: 'Link a test bank account' }).click();
    await page.getByText('Please enter your access code').waitFor();
    await screenshot(page, 'bank-pos-tab-1280x800');
  });

  step('the TEST widget links a test account with the access code', async () => {
    await page.getByLabel(/^Access code/).fill(ACCESS_CODE);
    await page.getByRole('button', { name: 'Link a test bank account' }).click();
    const widget = page.getByRole('dialog');
    await widget.getByText('Test bank connection').waitFor();
    await widget.getByText('TEST', { exact: true }).waitFor();
    await widget.getByRole('radio', { name: /^GTBank \(Test\) .*\(Current\)/ }).click();
    await screenshot(page, 'bank-pos-test-widget-1280x800');
    await widget.getByRole('button', { name: 'Connect test account' }).click();
    await toast('Account linked successfully').waitFor();
    const card = page.getByLabel(/^GTBank \(Test\) \d{10}$/);
    await card.waitFor();
    const linked = await api('/settings/linked-accounts', { token });
    const accounts = linked.body as { bank_name: string; account_name: string }[];
    assert.equal(accounts.length, 1);
    assert.equal(accounts[0]!.bank_name, 'GTBank (Test)');
    assert.equal(accounts[0]!.account_name, `${md.username} (Current)`);
  });

  step('a test transfer of ₦12,500.00 arrives in the test account', async () => {
    await page.getByRole('button', { name: 'Send a test transfer' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Amount (₦)').fill(String(PRICE));
    await modal.getByRole('button', { name: 'Send test transfer' }).click();
    await toast(/^Test transfer of ₦12,500\.00 sent to GTBank \(Test\) \d{10}$/).waitFor();
  });

  step('a sale of ₦12,500.00 paid by transfer is recorded', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Sales', exact: true }).click();
    await page.waitForURL('**/dashboard/sales');
    await page.getByRole('tab', { name: 'Add Sale', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add sale' });
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Customer name' }).fill('Mrs Adebayo');
    await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'Ankara', /^Ankara fabric/);
    // VAT and the invoice are under More.
    await form.getByRole('button', { name: /^More/ }).click();
    const prices = page.getByRole('region', { name: 'Price calculation' });
    await prices.getByRole('checkbox', { name: 'Apply VAT' }).uncheck();
    await choose(page, form.getByRole('combobox', { name: 'Payment method' }), 'Transfer');
    await form.locator('input[type="file"]').first().setInputFiles(INVOICE_PNG);
    await form.getByText(INVOICE_PNG.name).waitFor();
    await form.getByRole('button', { name: 'Record Sale' }).click();
    await page.getByRole('heading', { name: /^Sale #\d+ recorded$/ }).waitFor();
    await page.getByRole('tab', { name: 'List', exact: true }).click();
    await page.getByRole('table', { name: 'Sales' }).waitFor();
  });

  step(
    'the Sales list shows the transfer unchecked, then verified after "Has this transfer arrived?"',
    async () => {
      const table = page.getByRole('table', { name: 'Sales' });
      const row = table.getByRole('row').filter({ hasText: 'Mrs Adebayo' });
      await row.getByText('Not checked', { exact: true }).waitFor();
      await screenshot(page, 'bank-sales-list-unchecked-1280x800');
      await row.getByRole('button', { name: /^Has this transfer arrived\?/ }).click();
      await toast('Transfer received: ₦12,500.00 arrived in the linked bank account').waitFor();
      await eventually(async () => assert.ok(await row.getByText('Verified', { exact: true }).isVisible()));
      assert.equal(await row.getByRole('button', { name: /^Has this transfer arrived\?/ }).count(), 0);
      await screenshot(page, 'bank-sales-list-verified-1280x800');
      const sales = await api('/sales?limit=5', { token });
      const [stored] = sales.body as { grand_total: number; transfer_check: { status: string } }[];
      assert.equal(stored!.grand_total, PRICE);
      assert.equal(stored!.transfer_check.status, 'verified');
    },
  );

  step('on a 360 px phone the sales card and the Bank & POS tab fit, the widget too', async () => {
    const phone = await phoneContext(browser, context);
    const small = await phone.newPage();
    small.on('pageerror', (error) => pageErrors.push(`${small.url()}: ${error.message}`));
    await small.goto('/dashboard/sales?tab=list');
    await small.getByText('Verified', { exact: true }).first().waitFor();
    await assertNoSidewaysScroll(small, 'sales list', 360);
    await screenshot(small, 'bank-sales-list-360');
    await small.goto('/dashboard/settings?tab=bank-pos');
    await small.getByRole('button', { name: 'Send a test transfer' }).waitFor();
    await assertNoSidewaysScroll(small, 'Bank & POS', 360);
    await screenshot(small, 'bank-pos-tab-360');
    await small.getByLabel(/^Access code/).fill(ACCESS_CODE);
    await small.getByRole('button', { name: 'Link a test bank account' }).click();
    await small.getByRole('dialog').getByText('Test bank connection').waitFor();
    // The full-screen modal fades in: shoot it once it is opaque.
    await small.waitForFunction(() => {
      const content = document.querySelector('.mantine-Modal-content');
      return content !== null && getComputedStyle(content).opacity === '1';
    });
    await assertNoSidewaysScroll(small, 'test widget', 360);
    await screenshot(small, 'bank-pos-test-widget-360');
    await phone.close();
  });

  step('the MD disconnects the account after confirming', async () => {
    await page.goto('/dashboard/settings?tab=bank-pos');
    await page.getByRole('button', { name: /^Disconnect GTBank \(Test\)/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect account' });
    await confirm.getByText(/Transfers into it will no longer be checked/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(((await api('/settings/linked-accounts', { token })).body as unknown[]).length, 1);
    await page.getByRole('button', { name: /^Disconnect GTBank \(Test\)/ }).click();
    await page
      .getByRole('dialog', { name: 'Disconnect account' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await toast('Account disconnected').waitFor();
    await page.getByText('No bank account linked yet.').waitFor();
    assert.deepEqual((await api('/settings/linked-accounts', { token })).body, []);
  });
});
