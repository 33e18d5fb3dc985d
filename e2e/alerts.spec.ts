/**
 * Journey of issue 14 part 4 (Settings → Alerts): on the free plan the MD sees the alerts switched off with a
 * note that they are a Pro feature; on Pro the MD turns the low-stock alerts off and sets the summary hour,
 * which the server keeps. Also at 360 px.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { upgradeToPro } from './support/billing.ts';
import { launchBrowser } from './support/browser.ts';
import { api, createBusiness, createSteps, screenshot } from './support/harness.ts';
import { assertNoSidewaysScroll, choose, logIn, phoneContext } from './support/screen.ts';

const PRO_NOTE = 'Alerts are a Pro feature. Upgrade to Pro to get low-stock e-mails and the daily summary.';

describe('MD sets the alerts in Settings', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let md: Awaited<ReturnType<typeof createBusiness>>;
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'alerts', timeoutMs: 60_000 });
  const form = () => page.getByRole('form', { name: 'Alerts' });

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Okonkwo Provisions');
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('on the free plan the Alerts tab shows the switches disabled and says alerts are Pro', async () => {
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await page.waitForURL('**/dashboard/settings?tab=alerts');
    await form().getByText(PRO_NOTE).waitFor();
    assert.equal(await form().getByRole('switch', { name: 'Low-stock alerts' }).isDisabled(), true);
    assert.equal(await form().getByRole('switch', { name: 'Daily summary' }).isDisabled(), true);
    assert.equal(await form().getByRole('button', { name: 'Save Alerts' }).isDisabled(), true);
    await screenshot(page, 'alerts-free-1280');
  });

  step('on Pro the MD turns the low-stock alerts off and sends the summary at 07:00', async () => {
    await upgradeToPro(token, 'monthly_pro');
    await page.reload();
    const lowStock = form().getByRole('switch', { name: 'Low-stock alerts' });
    await lowStock.waitFor();
    assert.equal(await form().getByText(PRO_NOTE).count(), 0);
    assert.equal(await lowStock.isChecked(), true);
    await lowStock.click();
    assert.equal(await lowStock.isChecked(), false);
    await choose(page, form().getByRole('combobox', { name: 'Send the daily summary at' }), '07:00');
    await form().getByRole('button', { name: 'Save Alerts' }).click();
    await page.getByText('Alerts saved').waitFor();
    const stored = await api('/settings/alerts', { token });
    assert.deepEqual(stored.body, {
      low_stock_enabled: false,
      daily_summary_enabled: true,
      daily_summary_hour: 7,
      plan_allows: true,
    });
    await screenshot(page, 'alerts-pro-1280');
  });

  step('the tab keeps what was saved and fits a 360 px phone', async () => {
    const phone = await phoneContext(browser, context);
    try {
      const small = await phone.newPage();
      await small.goto('/dashboard/settings?tab=alerts');
      const lowStock = small.getByRole('switch', { name: 'Low-stock alerts' });
      await lowStock.waitFor();
      assert.equal(await lowStock.isChecked(), false);
      assert.equal(
        await small.getByRole('combobox', { name: 'Send the daily summary at' }).inputValue(),
        '07:00',
      );
      await assertNoSidewaysScroll(small, 'alerts tab', 360);
      await screenshot(small, 'alerts-pro-360');
    } finally {
      await phone.close();
    }
  });
});
