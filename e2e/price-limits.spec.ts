/**
 * Prices staff cannot bend (issue 17 §4): an employee who may sell but not discount is refused a discount and
 * reads why above the Add Sale form; the MD sets an item's minimum price on Add New Item and the business's
 * maximum discount in Settings → Discounts, both on a 360 px phone.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { launchBrowser } from './support/browser.ts';
import { choose, logIn, phoneContext, pick } from './support/screen.ts';
import {
  addEmployee,
  api,
  BASE_URL,
  createBusiness,
  createSteps,
  screenshot,
  uniqueId,
} from './support/harness.ts';

const WAREHOUSE = 'Yaba Store';
const ITEM = 'Rice 50kg';

let browser: Browser;
let md: Awaited<ReturnType<typeof createBusiness>>;
const clerk = { name: 'Bola Ade', email: `bola-${uniqueId()}@e2e.example`, password: 'Bola-pass-1' };

before(async () => {
  browser = await launchBrowser();
  md = await createBusiness('Oja Rice');
});
after(async () => {
  await browser?.close();
});

describe('prices staff cannot bend', () => {
  let page: Page;
  let token = '';
  const step = createSteps({ page: () => page, label: 'price-limits' });

  step(
    'the MD stocks an item (₦1,500, floor ₦1,200) and adds a clerk who may sell, not discount',
    async () => {
      const signedIn = await logIn(browser, md);
      ({ page, token } = signedIn);
      const stocked = await api('/restock/new-item', {
        token,
        json: {
          item_name: ITEM,
          supplied_quantity: 10,
          unit_price: 1500,
          min_price: 1200,
          supplier_name: 'Depot',
          purchase_date: businessDate(),
          payment_status: 'paid',
          payment_method: 'cash',
          new_warehouse_name: WAREHOUSE,
          access_choice: 'Yes',
        },
      });
      assert.equal(stocked.status, 201, JSON.stringify(stocked.body));
      await addEmployee(token, clerk, [
        'sales.page.access',
        'sales.create.access',
        'sales.invoice_override.access',
      ]);
    },
  );

  step('Add New Item has an optional Minimum price (360 px)', async () => {
    const phone = await phoneContext(browser, page.context());
    const small = await phone.newPage();
    small.setDefaultTimeout(15_000);
    await small.goto(`${BASE_URL}/restock`);
    await small.getByRole('button', { name: 'Add New Item' }).first().click();
    const field = small.getByLabel(/^Minimum price/);
    await field.waitFor();
    await field.scrollIntoViewIfNeeded();
    await screenshot(small, 'price-limits-add-item-360');
    await small.goto(`${BASE_URL}/dashboard/settings?tab=discounts`);
    const max = small.getByRole('textbox', { name: /^Maximum discount/ });
    await max.fill('10');
    await small.getByRole('button', { name: 'Save Discounts' }).click();
    await small.getByText('Maximum discount saved').waitFor();
    await screenshot(small, 'price-limits-settings-discounts-360');
    await phone.close();
    const limits = await api('/settings/price-limits', { token });
    assert.deepEqual(limits.body, { max_discount_percent: 10 });
  });

  step('the clerk gives a 10 % discount and reads why the sale is refused', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 360, height: 740 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Employee Login' }).click();
    await page.getByLabel(/^Email/).fill(clerk.email);
    await page.getByLabel(/^Password/).fill(clerk.password);
    await page.getByRole('button', { name: /^(login|sign in)/i }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/sales');
    const form = page.getByRole('form', { name: 'Add sale' });
    await form.waitFor();
    await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'Rice', /^Rice 50kg/);
    await form.getByRole('button', { name: /^More/ }).click();
    const prices = page.getByRole('region', { name: 'Price calculation' });
    await choose(page, prices.getByRole('combobox', { name: 'Discount' }), 'Percentage');
    await prices.getByLabel('Discount (%)').fill('10');
    await form.getByRole('button', { name: 'Record Sale' }).click();
    const reason = form
      .getByRole('alert')
      .filter({ hasText: 'You do not have permission to give discounts' });
    await reason.waitFor();
    assert.match(
      await reason.innerText(),
      /Failed to create sale: You do not have permission to give discounts/,
    );
    await reason.scrollIntoViewIfNeeded();
    await screenshot(page, 'price-limits-refused-discount-360');
    const sales = await api('/sales?limit=10', { token });
    assert.deepEqual(sales.body, []);
  });
});
