/**
 * Journey of issue 13 (spec 3 §2.2 Expenses): an MD records a partly paid expense with its invoice, opens the
 * invoice, pays the rest with the Full button, sees it in the sales report's expenses and deletes it after a
 * confirmation; the list and the form fit a 360 px phone.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { launchBrowser } from './support/browser.ts';
import { api, createBusiness, createSteps, eventually, screenshot } from './support/harness.ts';
import { assertNoSidewaysScroll, logIn, phoneContext } from './support/screen.ts';

const INVOICE_PNG = {
  name: 'ikeja-electric.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

type TStoredExpense = {
  expense_id: number;
  vendor_name: string;
  total_amount: number;
  amount_paid: number;
  amount_balance: number;
  payment_status: string;
  invoice_file_url: string | null;
  invoice_number: string | null;
};

describe('MD records an expense and pays it off', () => {
  const today = businessDate();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let md: Awaited<ReturnType<typeof createBusiness>>;
  let token = '';
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'expenses', timeoutMs: 60_000 });
  const table = (name = 'All Expenses') => page.getByRole('table', { name });

  async function storedExpenses() {
    const answer = await api('/expenses?limit=50', { token });
    assert.equal(answer.status, 200);
    return answer.body as TStoredExpense[];
  }

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Okafor Bakery');
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the MD opens Expenses: nothing recorded yet', async () => {
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await page.getByRole('navigation').getByRole('link', { name: 'Expenses', exact: true }).click();
    await page.waitForURL('**/dashboard/expenses');
    await page.getByText('No expenses recorded yet.').waitFor();
  });

  step('a partly paid expense with its invoice file is refused without a vendor, then recorded', async () => {
    await page.getByRole('button', { name: 'New Expense' }).click();
    const form = page.getByRole('form', { name: 'New Expense' });
    await form.getByLabel(/^Total amount/).fill('45000.50');
    // Spec 3 §2.2: the amount paid is asked only for a partial payment.
    assert.equal(await form.getByLabel(/^Amount paid/).count(), 0);
    await form.getByText('Partial', { exact: true }).click();
    await form.getByLabel(/^Amount paid/).fill('10000');
    await form.getByLabel(/^Due date/).fill(today);
    await form.getByRole('button', { name: 'Save Expense' }).click();
    await form.getByText('Vendor name is required').waitFor();
    await form.getByLabel(/^Vendor name/).fill('Ikeja Electric');
    await form.getByLabel(/^Invoice number/).fill('IE-2026-118');
    await form.locator('input[type="file"]').first().setInputFiles(INVOICE_PNG);
    await form.getByLabel(/^Notes/).fill('November power bill');
    await screenshot(page, 'expenses-form-1280x800');
    await form.getByRole('button', { name: 'Save Expense' }).click();
    await page.getByText('Expense created successfully').waitFor();
    await table().getByRole('row').filter({ hasText: 'Ikeja Electric' }).waitFor();
    const [stored] = await storedExpenses();
    assert.ok(stored);
    assert.deepEqual(
      [stored.total_amount, stored.amount_paid, stored.amount_balance, stored.payment_status],
      [45_000.5, 10_000, 35_000.5, 'partial'],
    );
    assert.equal(stored.invoice_number, 'IE-2026-118');
    assert.ok(stored.invoice_file_url, 'the invoice is stored');
    await page.getByRole('tab', { name: /Pending Payments\s*1/ }).waitFor();
    // An expense is one of the free plan's ten transactions.
    await page.getByText('9 free transactions remaining').waitFor();
    await screenshot(page, 'expenses-list-1280x800');
  });

  step('the invoice opens from the list', async () => {
    const row = table().getByRole('row').filter({ hasText: 'Ikeja Electric' });
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: 'View invoice of Ikeja Electric' }).click(),
    ]);
    await eventually(async () => assert.match(popup.url(), /^blob:/));
    // The tab shows the stored 1×1 PNG.
    await eventually(async () =>
      assert.equal(await popup.evaluate(() => document.querySelector('img')?.naturalWidth), 1),
    );
    await popup.close();
  });

  step('an invoice named like the one uploaded is asked about before it is kept', async () => {
    await page.getByRole('button', { name: 'New Expense' }).click();
    const form = page.getByRole('form', { name: 'New Expense' });
    const picker = form.locator('input[type="file"]').first();
    const question = page.getByRole('dialog', { name: 'Similar file name' });
    const copy = { ...INVOICE_PNG, name: 'Ikeja_Electric (1).PNG' };
    await picker.setInputFiles(copy);
    await question
      .getByText('A file with similar name may already exist. Do you want to upload this file anyway?')
      .waitFor();
    await screenshot(page, 'expenses-similar-file-1280x800');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    assert.equal(await form.getByText(copy.name).count(), 0, 'the file is not kept after Cancel');
    await picker.setInputFiles(copy);
    await question.getByRole('button', { name: 'Upload anyway' }).click();
    await question.waitFor({ state: 'hidden' });
    await form.getByText(copy.name).waitFor();
    // A name unlike any stored one is taken without a question.
    await picker.setInputFiles({ ...INVOICE_PNG, name: 'generator-diesel.png' });
    await form.getByText('generator-diesel.png').waitFor();
    assert.equal(await question.isVisible(), false);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await table().getByRole('row').filter({ hasText: 'Ikeja Electric' }).waitFor();
    assert.equal((await storedExpenses()).length, 1);
  });

  step('Add Payment shows the balance; Full pays it and the expense is paid', async () => {
    await page.getByRole('button', { name: 'Add payment to Ikeja Electric' }).click();
    await page.getByRole('heading', { name: 'Add Payment' }).waitFor();
    await page.getByText('₦35,000.50').first().waitFor();
    await page.getByLabel(/^Amount/).fill('40000');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment amount cannot exceed remaining balance of ₦35,000.50').waitFor();
    await page.getByRole('button', { name: 'Full', exact: true }).click();
    await screenshot(page, 'expenses-payment-1280x800');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment recorded successfully').waitFor();
    await page.getByRole('tab', { name: /Pending Payments\s*0/ }).waitFor();
    const [stored] = await storedExpenses();
    assert.deepEqual([stored!.amount_balance, stored!.payment_status], [0, 'paid']);
    const report = await api(`/sales/reports/summary?start_date=${today}&end_date=${today}`, { token });
    const { totals } = report.body as { totals: { total_expenses: number; expenses_paid: number } };
    assert.deepEqual([totals.total_expenses, totals.expenses_paid], [45_000.5, 45_000.5]);
  });

  step('on a 360 px phone the list and the form fit the screen', async () => {
    const phone = await phoneContext(browser, context);
    const small = await phone.newPage();
    try {
      await small.goto('/dashboard/expenses');
      await small.getByRole('table', { name: 'All Expenses' }).getByText('Ikeja Electric').waitFor();
      await assertNoSidewaysScroll(small, 'expenses list', 360);
      await screenshot(small, 'expenses-list-360');
      await small.getByRole('button', { name: 'New Expense' }).click();
      await small.getByRole('form', { name: 'New Expense' }).waitFor();
      await assertNoSidewaysScroll(small, 'expense form', 360);
      await screenshot(small, 'expenses-form-360');
    } finally {
      await phone.close();
    }
  });

  step('delete asks first, then the expense leaves the list', async () => {
    await table().getByRole('button', { name: 'Delete expense of Ikeja Electric' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete expense' });
    await dialog.getByText('Are you sure you want to delete this expense?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No expenses recorded yet.').waitFor();
    assert.deepEqual(await storedExpenses(), []);
  });
});
