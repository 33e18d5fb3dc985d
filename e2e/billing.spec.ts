/**
 * Journey (issue 14, spec 1 §2 upgrade panel and lock screen, §4 payment, §9 plans): a free business at
 * its limit sees the lock screen; the MD opens the plans from it, cancels one checkout (the plan stays
 * free), then pays Pro Monthly on the embedded TEST checkout, comes back to the dashboard, and sees the
 * plan badge turn Pro, the lock screen gone and the payment in the history. The same upgrade on a 360 px
 * phone.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { launchBrowser } from './support/browser.ts';
import { api, BASE_URL, createBusiness, createSteps, eventually, screenshot } from './support/harness.ts';
import { assertNoSidewaysScroll, logIn } from './support/screen.ts';

const PRO_BADGE = /^Pro Plan — Active until \d{1,2} [A-Z][a-z]{2} \d{4} \(30 days left\)$/;

/** Uses up the free plan's ten transactions with ten small expenses. */
async function useUpFreePlan(token: string) {
  for (let i = 1; i <= 10; i += 1) {
    const spent = await api('/expenses/json', {
      token,
      json: {
        vendor_name: `Diesel ${i}`,
        total_amount: 1000,
        expense_date: businessDate(),
        payment_status: 'paid',
        payment_method: 'cash',
      },
    });
    assert.equal(spent.status, 201, JSON.stringify(spent.body));
  }
}

async function planOf(token: string) {
  return (await api('/dashboard/subscription-status', { token })).body as {
    plan: string;
    is_active: boolean;
  };
}

const lockTitle = (page: Page) => page.getByRole('heading', { name: 'Free Plan Limit Reached' });

/** From the lock screen to the checkout of `plan` (the TEST checkout page). */
async function openCheckout(page: Page, plan: 'Pro Monthly' | 'Pro Yearly') {
  await page.getByRole('button', { name: 'Upgrade to Pro Now' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('button', { name: 'Hide Subscription Plans' }).waitFor();
  await page.getByRole('button', { name: `Choose ${plan}` }).click();
  await page.waitForURL('**/api/billing/test-checkout/**');
  await page.getByRole('heading', { name: 'TEST checkout' }).waitFor();
}

describe('a free business at its limit upgrades to Pro through the test checkout', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'billing' });

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  step('the MD of a business that used its ten free transactions sees the lock screen', async () => {
    const md = await createBusiness('Chioma Fabrics');
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await useUpFreePlan(token);
    await page.goto('/dashboard/expenses');
    await lockTitle(page).waitFor();
    await page
      .getByText("You've used all 10 free transactions. Upgrade to Pro to continue using the product.")
      .waitFor();
    await page.getByText('Free Plan', { exact: true }).filter({ visible: true }).first().waitFor();
    // The 5-second warning (spec 1 §4) leaves the header's Upgrade Now free to tap.
    await page.getByText('You have reached the free plan limit. Please upgrade to continue.').waitFor();
    await page.getByRole('button', { name: 'Upgrade Now' }).click({ trial: true, timeout: 2_000 });
    await screenshot(page, 'billing-lock-screen-1280x800');
  });

  step(
    'Cancel on the TEST checkout comes back with "Payment verification failed" and the plan unchanged',
    async () => {
      await openCheckout(page, 'Pro Yearly');
      await page.getByText('₦180,000.00').first().waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL('**/dashboard');
      await page
        .getByRole('alert')
        .filter({
          hasText: 'Payment verification failed: The payment was not completed. Your plan is unchanged.',
        })
        .waitFor();
      assert.equal((await planOf(token)).plan, 'free');
      await page.getByRole('button', { name: /View Subscription Plans|Hide Subscription Plans/ }).waitFor();
    },
  );

  step('the plans panel offers Free, Pro Monthly (Popular) and Pro Yearly (Best Value)', async () => {
    await page.goto('/dashboard/expenses');
    await lockTitle(page).waitFor();
    await page.getByRole('button', { name: 'Upgrade to Pro Now' }).click();
    await page.waitForURL('**/dashboard');
    const plans = page.locator('#subscription-plans');
    await plans.getByText('₦15,000.00').waitFor();
    await plans.getByText('Popular', { exact: true }).waitFor();
    await plans.getByText('Best Value', { exact: true }).waitFor();
    await plans.getByText('Save ₦0 compared to monthly').waitFor();
    await plans.scrollIntoViewIfNeeded();
    await screenshot(page, 'billing-plans-1280x800');
  });

  step(
    'Pay on the TEST checkout returns to the dashboard: the badge says Pro and the lock is gone',
    async () => {
      await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
      await page.waitForURL('**/api/billing/test-checkout/**');
      await page.getByText('TEST CHECKOUT — no real card is charged').waitFor();
      await screenshot(page, 'billing-test-checkout-1280x800');
      await page.getByRole('button', { name: 'Pay ₦15,000.00' }).click();
      await page.waitForURL('**/dashboard');
      await page
        .getByRole('status')
        .filter({ hasText: /^Payment verified\. Your Pro Monthly plan is active until / })
        .waitFor();
      await page.getByText(PRO_BADGE).filter({ visible: true }).first().waitFor();
      assert.deepEqual(await planOf(token), { ...(await planOf(token)), plan: 'pro', is_active: true });
      assert.equal(await page.getByRole('button', { name: /Subscription Plans/ }).count(), 0);
      const history = page.getByRole('table', { name: 'Payment history' });
      await eventually(async () => {
        const text = await history.innerText();
        assert.match(text, /Pro Monthly\s+₦15,000\.00\s+pln-[0-9a-f]{24}\s+Paid/i);
        assert.match(text, /Pro Yearly\s+₦180,000\.00\s+pln-[0-9a-f]{24}\s+Cancelled/i);
      });
      await page.getByRole('switch', { name: 'Renew Pro automatically from my saved card' }).waitFor();
      await page.getByRole('heading', { name: 'Plan payments' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'billing-payment-history-1280x800');

      await page.goto('/dashboard/expenses');
      await page
        .getByRole('heading', { name: /^Expenses/ })
        .first()
        .waitFor();
      assert.equal(await lockTitle(page).count(), 0);
      const spent = await api('/expenses/json', {
        token,
        json: {
          vendor_name: 'Diesel 11',
          total_amount: 1000,
          expense_date: businessDate(),
          payment_status: 'paid',
          payment_method: 'cash',
        },
      });
      assert.equal(spent.status, 201, 'recording opens again');
    },
  );

  step('cancelling auto-renewal asks first, then turns it off', async () => {
    await page.goto('/dashboard');
    const renew = page.getByRole('switch', { name: 'Renew Pro automatically from my saved card' });
    await renew.click({ force: true });
    await page.getByRole('dialog', { name: 'Cancel automatic renewal?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel renewal' }).click();
    await page.getByText(/^Renewal is off: the plan ends on /).waitFor();
    const renewal = await api('/billing/renewal', { token });
    assert.equal((renewal.body as { auto_renew: boolean }).auto_renew, false);
  });

  step('on a 360 px phone the lock screen, the plans, the checkout and the return all fit', async () => {
    const phoneMd = await createBusiness('Musa Phones');
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const small = await phone.newPage();
      small.setDefaultTimeout(15_000);
      await small.goto('/login');
      await small.getByLabel(/username|business name/i).fill(phoneMd.username);
      await small.getByLabel(/^password/i).fill(phoneMd.password);
      await small.getByRole('button', { name: /^(login|sign in)/i }).click();
      await small.waitForURL('**/dashboard');
      const phoneToken = (await small.evaluate(() => localStorage.getItem('login_token'))) ?? '';
      await useUpFreePlan(phoneToken);
      await small.goto('/dashboard/expenses');
      await lockTitle(small).waitFor();
      await assertNoSidewaysScroll(small, 'lock screen', 360);
      await screenshot(small, 'billing-lock-screen-360x740');
      await small.getByRole('button', { name: 'Upgrade to Pro Now' }).click();
      await small.waitForURL('**/dashboard');
      await small.locator('#subscription-plans').getByText('₦15,000.00').waitFor();
      await assertNoSidewaysScroll(small, 'plans', 360);
      await screenshot(small, 'billing-plans-360x740');
      await small.getByRole('button', { name: 'Choose Pro Monthly' }).click();
      await small.waitForURL('**/api/billing/test-checkout/**');
      await assertNoSidewaysScroll(small, 'test checkout', 360);
      await screenshot(small, 'billing-test-checkout-360x740');
      await small.getByRole('button', { name: 'Pay ₦15,000.00' }).click();
      await small.waitForURL('**/dashboard');
      await small.getByText(PRO_BADGE).filter({ visible: true }).first().waitFor();
      await small.getByRole('list', { name: 'Payment history' }).getByText('Paid').waitFor();
      await assertNoSidewaysScroll(small, 'dashboard after paying', 360);
      await screenshot(small, 'billing-after-payment-360x740');
      assert.equal((await planOf(phoneToken)).plan, 'pro');
    } finally {
      await phone.close();
    }
  });

  step(
    'no uncaught error in the page during the journey',
    async () => {
      assert.deepEqual(pageErrors, []);
      await context?.close();
    },
    { independent: true },
  );
});
