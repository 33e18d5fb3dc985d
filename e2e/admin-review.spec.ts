/**
 * Journey (issue 15 parts 3 and 4): the MD creates an Accountant, records a sale and an expense; the accountant
 * signs in with Employee Login, verifies the sale and flags the expense with a note; the MD sees the flag on the
 * dashboard, resolves it, reads the trail on the Audit Log, and the sale shows Verified in the sales list.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { ROLE_TEMPLATES } from '@app/domain/permissions/role-templates';
import { launchBrowser } from './support/browser.ts';
import { api, BASE_URL, createBusiness, createSteps, screenshot, uniqueId } from './support/harness.ts';

const id = uniqueId();
const WAREHOUSE = `Ikeja Store ${id}`;
const accountant = {
  name: `Funke Adeyemi ${id}`,
  email: `funke-${id}@e2e.example`,
  password: `Acc-pass-${id}`,
};
const NOTE = 'No invoice attached for this diesel';

let md: Awaited<ReturnType<typeof createBusiness>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let mdToken = '';
let saleId = 0;
let expenseId = 0;
const pageErrors: string[] = [];

const step = createSteps({ page: () => page, label: 'admin-review' });
const loginButton = () => page.getByRole('button', { name: /^(login|sign in)/i });
const tab = (name: string) => page.getByRole('tab', { name, exact: true });

async function openPage(width: number) {
  await context?.close();
  context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
}

async function signInAsMd() {
  await page.goto('/login');
  await page.getByLabel(/username|business name/i).fill(md.username);
  await page.getByLabel(/^password/i).fill(md.password);
  await loginButton().click();
  await page.waitForURL('**/dashboard');
  mdToken = (await page.evaluate(() => localStorage.getItem('login_token'))) ?? '';
}

async function signInAsAccountant() {
  await page.goto('/login');
  await page.getByText('Employee Login', { exact: true }).click();
  await page.getByLabel(/^e-?mail/i).fill(accountant.email);
  await page.getByLabel(/^password/i).fill(accountant.password);
  await loginButton().click();
  await page.waitForURL('**/dashboard');
}

/** The page does not scroll sideways (tables scroll inside their own box). */
async function assertNoSidewaysScroll(what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${what} scrolls sideways by ${overflow}px`);
}

describe('Admin Review: an accountant verifies and flags, the MD resolves and reads the trail', () => {
  before(async () => {
    md = await createBusiness('Admin Review Stores');
    browser = await launchBrowser();
    await openPage(1280);
  });
  after(async () => {
    await browser?.close();
  });

  step('the MD creates an employee and gives them the Accountant template', async () => {
    await signInAsMd();
    await page.getByRole('button', { name: 'Create Employee' }).click();
    const form = page.locator('form').filter({ has: page.getByLabel(/^name/i) });
    await form.getByLabel(/^name/i).fill(accountant.name);
    await form.getByLabel(/^e-?mail/i).fill(accountant.email);
    await form.getByLabel(/^password/i).fill(accountant.password);
    await form.getByRole('button', { name: /create/i }).click();
    await page.getByRole('row', { name: new RegExp(accountant.email) }).waitFor();
    const listed = await api('/dashboard/employees', { token: mdToken });
    const employeeId = (listed.body as { employee_id: number; email: string }[]).find(
      (e) => e.email === accountant.email,
    )!.employee_id;
    const granted = await api(`/settings/employee-permissions/${employeeId}`, {
      token: mdToken,
      json: ROLE_TEMPLATES.Accountant.map((resource_key) => ({ resource_key, can_access: true })),
    });
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
  });

  step('the MD records a sale and an expense', async () => {
    const today = businessDate();
    const stocked = await api('/restock/new-item', {
      token: mdToken,
      json: {
        item_name: 'Diesel 25L',
        supplied_quantity: 10,
        reorder_level: 1,
        unit_price: 20_000,
        selling_price: 26_500,
        supplier_name: 'Oando Depot',
        purchase_date: today,
        payment_status: 'paid',
        payment_method: 'cash',
        new_warehouse_name: WAREHOUSE,
        // Open to every employee: the accountant reviews the warehouses open to them.
        access_choice: 'Yes',
      },
    });
    assert.equal(stocked.status, 201, JSON.stringify(stocked.body));
    const sale = await api('/sales/batch', {
      token: mdToken,
      json: {
        sale_date: today,
        warehouse_name: WAREHOUSE,
        customer_name: 'Emeka Nwosu',
        items: [{ item_id: (stocked.body as { item_id: number }).item_id, quantity: 2, unit_price: 26_500 }],
        apply_vat: false,
        payment_method: 'cash',
        payment_status: 'paid',
      },
    });
    assert.equal(sale.status, 201, JSON.stringify(sale.body));
    saleId = (sale.body as { sale_id: number }).sale_id;
    const expense = await api('/expenses/json', {
      token: mdToken,
      json: {
        vendor_name: 'Total Energies',
        total_amount: 18_250,
        expense_date: today,
        payment_status: 'paid',
        payment_method: 'transfer',
      },
    });
    assert.equal(expense.status, 201, JSON.stringify(expense.body));
    expenseId = (expense.body as { expense_id: number }).expense_id;
    await page.getByRole('button', { name: /^log ?out$/i }).click();
    await page.waitForURL('**/login');
  });

  step('a wrong password, then the accountant signs in; Login Logs show both attempts', async () => {
    await page.getByText('Employee Login', { exact: true }).click();
    await page.getByLabel(/^e-?mail/i).fill(accountant.email);
    await page.getByLabel(/^password/i).fill('not the password');
    await loginButton().click();
    await page.getByRole('alert').first().waitFor();
    await signInAsAccountant();
    await page.getByRole('navigation').getByRole('link', { name: 'Admin Review', exact: true }).click();
    await page.waitForURL('**/dashboard/admin-review**');
    await tab('Login Logs').waitFor();
    const logs = page.getByRole('table', { name: 'Login logs' });
    await logs.waitFor();
    const rows = logs.getByRole('row').filter({ hasText: accountant.email });
    await rows.filter({ hasText: 'Success' }).first().waitFor();
    await rows.filter({ hasText: 'Failure' }).first().waitFor();
    assert.equal(await tab('Audit Log').count(), 0, 'the audit log is the MD’s alone');
    await screenshot(page, 'admin-review-login-logs-1280');
  });

  step('the accountant verifies the sale: it leaves Unverified Sales', async () => {
    await tab('Unverified Sales').click();
    const table = page.getByRole('table', { name: 'unverified sales' });
    await table.getByText('Emeka Nwosu').waitFor();
    await screenshot(page, 'admin-review-unverified-sales-1280');
    await table.getByRole('button', { name: /^Verify Emeka Nwosu/ }).click();
    await page.getByText('Record verified').waitFor();
    await page.getByText('Every sale has been reviewed').waitFor();
  });

  step('the accountant flags the expense with a note', async () => {
    await tab('Unverified Expenses').click();
    const table = page.getByRole('table', { name: 'unverified expenses' });
    await table.getByText('Total Energies').waitFor();
    await table.getByRole('button', { name: /^Flag Total Energies/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Flag for the MD' });
    await dialog.getByRole('button', { name: 'Flag' }).click();
    await dialog.getByText('A flag needs a note').waitFor();
    await dialog.getByLabel('Note').fill(NOTE);
    await dialog.getByRole('button', { name: 'Flag' }).click();
    await page.getByText('Every expense has been reviewed').waitFor();
    await tab('Flagged').click();
    await page.getByRole('list', { name: 'Flagged records' }).getByText(NOTE).waitFor();
    assert.equal(
      await page.getByRole('button', { name: /^Resolve flag/ }).count(),
      0,
      'only the MD resolves',
    );
    await screenshot(page, 'admin-review-flagged-1280');
    await tab('Unverified Goods Bought').click();
    await page.getByRole('table', { name: 'unverified goods bought' }).getByText('Oando Depot').waitFor();
    await screenshot(page, 'admin-review-goods-bought-1280');
    await tab('Employees').click();
    await page.getByRole('table', { name: 'Employees' }).getByText(accountant.email).waitFor();
    await screenshot(page, 'admin-review-employees-1280');
    await page.getByRole('button', { name: /^log ?out$/i }).click();
    await page.waitForURL('**/login');
  });

  step('the MD sees the flag on the dashboard and resolves it', async () => {
    await signInAsMd();
    const panel = page.getByRole('region', { name: 'Flagged by review' });
    await panel.getByText(NOTE).waitFor();
    await panel.getByText(/Total Energies · ₦18,250\.00/).waitFor();
    await screenshot(page, 'dashboard-flagged-by-review-1280');
    await panel.getByRole('button', { name: `Resolve flag: ${NOTE}` }).click();
    await page.getByText('Flag resolved').waitFor();
    await panel.waitFor({ state: 'detached' });
    const flags = await api('/admin-review/flags', { token: mdToken });
    assert.deepEqual((flags.body as { flags: unknown[] }).flags, []);
  });

  step('the MD reads the expense’s trail on the Audit Log, filtered, with before and after', async () => {
    await page.goto('/dashboard/admin-review?tab=audit');
    await page.getByRole('list', { name: 'Audit entries' }).waitFor();
    await page.getByLabel('Record ID').fill(String(expenseId));
    await page.getByRole('combobox', { name: 'Area' }).click();
    await page.getByRole('option', { name: 'Expense', exact: true }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const entries = page.getByRole('list', { name: 'Audit entries' });
    await entries.getByText('review.resolved').waitFor();
    await entries.getByText('review.flagged').waitFor();
    await entries.getByText('expense.created').waitFor();
    assert.equal(await entries.getByText('sale.created').count(), 0, 'the filter keeps the expense only');
    await page.getByRole('button', { name: `Show changes of review.flagged ${expenseId}` }).click();
    const changes = page.getByRole('table', { name: `Changes of review.flagged ${expenseId}` });
    await changes.getByRole('row').filter({ hasText: NOTE }).waitFor();
    await screenshot(page, 'admin-review-audit-log-1280');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^audit_\d{4}-\d{2}-\d{2}\.csv$/);
  });

  step('the sale shows its Verified mark in the sales list', async () => {
    await page.goto('/dashboard/sales');
    await tab('List').click();
    const row = page.getByRole('row').filter({ hasText: 'Emeka Nwosu' });
    await row.getByText('Verified').waitFor();
    const listed = await api('/sales', { token: mdToken });
    const sale = (listed.body as { sale_id: number; review: { state: string } | null }[]).find(
      (s) => s.sale_id === saleId,
    );
    assert.equal(sale?.review?.state, 'verified');
    await screenshot(page, 'sales-list-verified-1280');
  });

  step('at 360 px every tab and the audit log fit the phone', async () => {
    await openPage(360);
    await signInAsMd();
    const tabs = [
      ['login-logs', 'Login logs'],
      ['sales', null],
      ['expenses', null],
      ['purchases', 'unverified goods bought'],
      ['flagged', null],
      ['employees', 'Employees'],
      ['audit', null],
    ] as const;
    for (const [value, table] of tabs) {
      await page.goto(`/dashboard/admin-review?tab=${value}`);
      await tab('Login Logs').waitFor();
      if (table) await page.getByRole('table', { name: table }).waitFor();
      if (value === 'audit') await page.getByRole('list', { name: 'Audit entries' }).waitFor();
      await assertNoSidewaysScroll(`the ${value} tab`);
      await screenshot(page, `admin-review-${value}-360`);
    }
    await page.goto('/dashboard/sales');
    await tab('List').click();
    await page.getByText('Verified').first().waitFor();
    await screenshot(page, 'sales-list-verified-360');
  });

  step(
    'no uncaught error in the page during the journey',
    async () => {
      assert.deepEqual(pageErrors, []);
    },
    { independent: true },
  );
});
