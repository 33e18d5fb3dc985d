/**
 * The main screens at a 360 px phone and a 1280 px laptop: each one renders without sideways
 * scrolling, the phone gets its menu behind the burger, and a screenshot of each is kept.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { assertNoSidewaysScroll } from './support/screen.ts';
import { businessDate } from '@app/domain/dates/business-date';
import {
  api,
  BASE_URL,
  createBusiness,
  createSteps,
  screenshot,
  stockNewItem,
  uniqueId,
} from './support/harness.ts';

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
];

let browser: Browser;
let md: Awaited<ReturnType<typeof createBusiness>>;

before(async () => {
  browser = await launchBrowser();
  md = await createBusiness('Mama Nkechi Pharmacy');
  const login = await api('/auth/token', { form: { username: md.username, password: md.password } });
  const token = (login.body as { access_token: string }).access_token;
  const id = uniqueId();
  const created = await api('/dashboard/create-employee', {
    token,
    json: { name: `Bola Adeyemi ${id}`, email: `bola-${id}@e2e.example`, password: `Emp-pass-${id}` },
  });
  assert.equal(created.status, 201);
  // A sale by transfer: its row carries the transfer check, the Sales List's widest cell.
  await stockNewItem(token, {
    name: 'Paracetamol 500mg',
    quantity: 10,
    warehouse: 'Surulere',
    everyone: true,
  });
  const items = await api('/sales/inventory-items?warehouse_name=Surulere&search=', { token });
  const sold = await api('/sales/batch', {
    token,
    json: {
      sale_date: businessDate(),
      customer_name: 'Chinedu Okafor Stores',
      customer_phone: '08031234567',
      items: [
        {
          item_id: (items.body as Record<string, { item_id: number }>)['Paracetamol 500mg']!.item_id,
          quantity: 2,
          unit_price: 52_000,
          warehouse_name: 'Surulere',
        },
      ],
      payment_method: 'transfer',
      payment_status: 'paid',
    },
  });
  assert.equal(sold.status, 201, JSON.stringify(sold.body));
});
after(async () => {
  await browser?.close();
});

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  const isPhone = viewport.width < 768;

  describe(`${viewport.name} layout (${size})`, () => {
    let page: Page;
    const step = createSteps({ page: () => page, label: viewport.name });
    const openMenuIfPhone = async () => {
      if (isPhone) await page.getByRole('button', { name: 'Open menu' }).click();
    };

    before(async () => {
      const context = await browser.newContext({
        baseURL: BASE_URL,
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: isPhone,
        hasTouch: isPhone,
      });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
    });

    step(
      'landing page',
      async () => {
        await page.goto('/');
        await page.getByRole('heading', { name: /Run a Smarter Business/ }).waitFor();
        await page.getByRole('link', { name: 'Create an account' }).first().waitFor();
        await screenshot(page, `landing-${size}`);
        await assertNoSidewaysScroll(page, 'landing', viewport.width);
      },
      { independent: true },
    );

    step(
      'login page',
      async () => {
        await page.goto('/login');
        await page.getByText('Employee Login', { exact: true }).waitFor();
        await screenshot(page, `login-${size}`);
        await assertNoSidewaysScroll(page, 'login', viewport.width);
      },
      { independent: true },
    );

    step('dashboard', async () => {
      await page.getByLabel(/username|business name/i).fill(md.username);
      await page.getByLabel(/^password/i).fill(md.password);
      await page.getByRole('button', { name: /^(login|sign in)/i }).click();
      await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
      await page.getByRole('button', { name: 'Create Employee' }).waitFor();
      const settingsLink = page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true });
      // On a phone the closed menu is not even drawn until it first opens.
      const box = (await settingsLink.count()) === 0 ? null : await settingsLink.boundingBox();
      const onScreen = box !== null && box.x + box.width > 0 && box.x < viewport.width;
      assert.equal(onScreen, !isPhone, 'the menu is behind the burger on a phone only');
      await screenshot(page, `dashboard-${size}`);
      await assertNoSidewaysScroll(page, 'dashboard', viewport.width);
      // The keyboard never walks through the menu where it cannot be seen (a phone's closed drawer).
      await page.locator('body').focus();
      for (let tab = 0; tab < 8; tab++) {
        await page.keyboard.press('Tab');
        const box = await page.evaluate(() => {
          const rect = document.activeElement?.getBoundingClientRect();
          return rect ? { x: rect.x, width: rect.width, name: document.activeElement?.textContent } : null;
        });
        assert.ok(box && box.x + box.width > 0, `Tab ${tab + 1} focused something off-screen: ${box?.name}`);
      }
    });

    step('sales list: on a laptop the whole table fits beside the open menu', async () => {
      await page.goto('/dashboard/sales?tab=list');
      if (isPhone) {
        await page.getByRole('region', { name: 'Sales' }).getByText('Chinedu Okafor Stores').waitFor();
        await assertNoSidewaysScroll(page, 'sales list', viewport.width);
      } else {
        await page
          .getByRole('table', { name: 'Sales' })
          .getByRole('button', { name: /^Delete/ })
          .waitFor();
        assert.equal(
          await page.getByTestId('scroll-hint').count(),
          0,
          'the Sales List needs no sideways scroll',
        );
      }
      await screenshot(page, `responsive-sales-list-${size}`);
    });

    step('settings → manage access', async () => {
      await openMenuIfPhone();
      await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
      await page.getByRole('tab', { name: 'Manage Access' }).click();
      const picker = page.getByLabel(/^employee/i);
      await picker.locator('option', { hasText: 'Bola Adeyemi' }).waitFor({ state: 'attached' });
      await picker.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Sales', exact: true }).click();
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
      await screenshot(page, `manage-access-${size}`);
      await assertNoSidewaysScroll(page, 'manage access', viewport.width);
    });
  });
}
