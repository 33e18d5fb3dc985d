/**
 * Issue 16 §1: axe-core (WCAG 2.0/2.1 A and AA rules) on every screen and every tab of it, on a 360×740
 * phone and a 1280×800 laptop, for the MD of a business with a warehouse, an item, a sale, a customer
 * and an expense: no critical and no serious violation anywhere. A failing screen lists each rule with
 * the nodes it found. Every screen's tab is also screenshot under e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { E2E_ADMIN_ACCESS_CODE } from './support/admin-code.mjs';
import { launchBrowser } from './support/browser.ts';
import {
  api,
  ARTIFACTS_DIR,
  BASE_URL,
  createBusiness,
  createSteps,
  screenshot,
  uniqueId,
} from './support/harness.ts';

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WAREHOUSE = 'Onitsha Main';

/** Public pages, opened signed out. */
const PUBLIC_PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'marketplace', path: '/marketplace' },
  { name: 'vendor terms', path: '/api/vendors/terms' },
];

/** The dashboard's screens, opened signed in as the MD; each one's tabs are visited in turn. */
const SCREENS = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'sales', path: '/dashboard/sales' },
  { name: 'inventory', path: '/dashboard/inventory' },
  { name: 'restock', path: '/dashboard/restock' },
  { name: 'expenses', path: '/dashboard/expenses' },
  { name: 'requisitions', path: '/dashboard/requisitions' },
  { name: 'customers', path: '/dashboard/customers' },
  { name: 'admin review', path: '/dashboard/admin-review' },
  { name: 'b2b movement', path: '/dashboard/b2b-movement' },
  { name: 'vendors', path: '/dashboard/vendors' },
  { name: 'settings', path: '/dashboard/settings' },
];

type TFinding = { where: string; rule: string; impact: string; help: string; targets: string[] };

let browser: Browser;
let md: Awaited<ReturnType<typeof createBusiness>>;
let sharedReceiptPath = '';

/** The business's data, through the API: a warehouse with an item, a sale, a customer, an expense. */
async function seed() {
  md = await createBusiness('Ngozi Provisions');
  const login = await api('/auth/token', { form: { username: md.username, password: md.password } });
  const token = (login.body as { access_token: string }).access_token;
  const today = businessDate();
  const stocked = await api('/restock/new-item', {
    token,
    json: {
      item_name: 'Peak Milk 400g',
      supplied_quantity: 40,
      reorder_level: 5,
      unit_price: 2_800,
      selling_price: 3_400,
      supplier_name: 'Chi Distributors',
      purchase_date: today,
      payment_status: 'paid',
      payment_method: 'cash',
      new_warehouse_name: WAREHOUSE,
      access_choice: 'No',
    },
  });
  assert.equal(stocked.status, 201, JSON.stringify(stocked.body));
  const sale = await api('/sales/batch', {
    token,
    json: {
      sale_date: today,
      warehouse_name: WAREHOUSE,
      customer_name: 'Chiamaka Eze',
      customer_phone: '08031234567',
      items: [{ item_id: (stocked.body as { item_id: number }).item_id, quantity: 3, unit_price: 3_400 }],
      apply_vat: false,
      payment_method: 'cash',
      payment_status: 'paid',
    },
  });
  assert.equal(sale.status, 201, JSON.stringify(sale.body));
  const customer = await api('/customers', {
    token,
    json: { name: 'Tunde Bakare', phone: '08059876543', email: `tunde-${uniqueId()}@e2e.example` },
  });
  assert.equal(customer.status, 201, JSON.stringify(customer.body));
  const expense = await api('/expenses/json', {
    token,
    json: {
      vendor_name: 'EKEDC',
      total_amount: 12_500,
      expense_date: today,
      payment_status: 'paid',
      payment_method: 'transfer',
    },
  });
  assert.equal(expense.status, 201, JSON.stringify(expense.body));
  const shared = await api(`/sales/${(sale.body as { sale_id: number }).sale_id}/receipt/share`, {
    token,
    method: 'POST',
  });
  assert.equal(shared.status, 201, JSON.stringify(shared.body));
  sharedReceiptPath = new URL((shared.body as { url: string }).url).pathname;
}

/** Waits for the screen's data and transitions to settle. */
async function settle(page: Page) {
  await dismissNotifications(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .locator('.mantine-Skeleton-root, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(350);
}

/**
 * Closes the toasts on screen and waits until they are gone: a toast fading in or out is half
 * transparent, and axe would judge its contrast mid-fade.
 */
async function dismissNotifications(page: Page) {
  const closeButtons = page.locator('.mantine-Notification-root .mantine-Notification-closeButton');
  for (const button of await closeButtons.all()) await button.click().catch(() => undefined);
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** The critical and serious violations axe finds on the page as it is now. */
async function audit(page: Page, where: string): Promise<TFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}  ${node.html.slice(0, 160)}`),
    }));
}

/**
 * Controls on screen smaller than 44×44 px (issue 16's tap targets): buttons, links that are not inline
 * in running text, inputs, selects, tabs, menu items, options; a checkbox, radio or switch counts with
 * its label's row, which is its hit area.
 */
async function smallTargets(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const selector =
      'button, a[href], input:not([type=hidden]):not([type=file]), select, textarea, [role=tab], [role=menuitem], [role=option], [role=checkbox], [role=radio], [role=switch]';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || (element.tagName === 'A' && style.display === 'inline')) continue;
      // A link or link-like button inside a sentence is exempt (WCAG 2.5.8's inline targets).
      const inSentence = Array.from(element.parentElement?.childNodes ?? []).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (inSentence && style.display.startsWith('inline')) continue;
      const row = element.matches('input[type=checkbox], input[type=radio], [role=switch]')
        ? element.closest('label, .mantine-Checkbox-body, .mantine-Radio-body, .mantine-Switch-body')
        : // An input inside a bordered box (password, tags) is hit anywhere in that box.
          element.closest('.mantine-Input-input');
      const box = (row ?? element).getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= 0 || box.left >= window.innerWidth) continue;
      if (Math.min(box.width, box.height) >= 43.5) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const mantine =
        String(element.className)
          .split(' ')
          .find((c) => c.startsWith('mantine-')) ?? '';
      small.push(
        `${element.tagName.toLowerCase()}.${mantine} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return small;
  });
  return found.map((target) => `${where}: ${target}`);
}

function report(findings: TFinding[]): string {
  return findings
    .map(
      (f) =>
        `\n[${f.impact}] ${f.rule} on ${f.where}: ${f.help}\n  ${f.targets.slice(0, 12).join('\n  ')}` +
        (f.targets.length > 12 ? `\n  … and ${f.targets.length - 12} more` : ''),
    )
    .join('');
}

function assertClean(findings: TFinding[]) {
  assert.equal(findings.length, 0, `axe found critical or serious violations:${report(findings)}`);
}

/** Drags the menu's key onto the drop zone at the top of the sidebar, in small mouse steps (dnd-kit). */
async function dragKeyToDropZone(page: Page) {
  const from = (await page.getByTitle('Drag this key to unlock admin access').boundingBox())!;
  const to = (await page.getByLabel('Vendor admin drop zone').boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

before(async () => {
  browser = await launchBrowser();
  await seed();
});
after(async () => {
  await browser?.close();
});

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  const isPhone = viewport.width < 768;

  describe(`axe on every screen at ${size}`, () => {
    let context: BrowserContext;
    let page: Page;
    const step = createSteps({ page: () => page, label: `a11y-${viewport.name}`, timeoutMs: 180_000 });

    before(async () => {
      context = await browser.newContext({
        baseURL: BASE_URL,
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: isPhone,
        hasTouch: isPhone,
      });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
    });
    after(async () => {
      await context?.close();
    });

    for (const publicPage of PUBLIC_PAGES) {
      step(
        `${publicPage.name} (signed out)`,
        async () => {
          await page.goto(publicPage.path);
          await settle(page);
          await screenshot(page, `a11y-${slug(publicPage.name)}-${size}`);
          assertClean(await audit(page, publicPage.name));
          if (isPhone)
            assert.deepEqual(
              await smallTargets(page, publicPage.name),
              [],
              'tap targets under 44 px on a phone',
            );
        },
        { independent: true },
      );
    }

    step(
      'a shared receipt (signed out)',
      async () => {
        await page.goto(sharedReceiptPath);
        await page.getByRole('article', { name: 'RECEIPT' }).waitFor();
        await settle(page);
        assertClean(await audit(page, 'shared receipt'));
      },
      { independent: true },
    );

    step('the MD signs in', async () => {
      await page.goto('/login');
      await page.getByLabel(/username|business name/i).fill(md.username);
      await page.getByLabel(/^password/i).fill(md.password);
      await page.getByRole('button', { name: /^(login|sign in)/i }).click();
      await page.waitForURL('**/dashboard');
    });

    for (const screen of SCREENS) {
      step(
        `${screen.name}, every tab`,
        async () => {
          await page.goto(screen.path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await settle(page);
          const findings = await audit(page, screen.name);
          const small = isPhone ? await smallTargets(page, screen.name) : [];
          await screenshot(page, `a11y-${slug(screen.name)}-${size}`);
          const tabs = await page.getByRole('tab').allInnerTexts();
          for (const name of tabs.map((text) => text.trim()).filter(Boolean)) {
            const tab = page.getByRole('tab', { name, exact: true }).first();
            if ((await tab.getAttribute('aria-selected')) !== 'true') {
              await tab.click();
              await settle(page);
            }
            await screenshot(page, `a11y-${slug(screen.name)}-${slug(name)}-${size}`);
            findings.push(...(await audit(page, `${screen.name} → ${name}`)));
            if (isPhone) small.push(...(await smallTargets(page, `${screen.name} → ${name}`)));
          }
          assertClean(findings);
          assert.deepEqual([...new Set(small)], [], 'tap targets under 44 px on a phone');
        },
        { independent: true },
      );
    }

    // The key is dragged with a mouse on the laptop; the console's phone layout is vendor-admin.spec's.
    if (!isPhone)
      step(
        'Vendor Admin: the admin code prompt and the console, every tab',
        async () => {
          await page.goto('/dashboard');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await dragKeyToDropZone(page);
          await page.getByText('Vendor Admin Menu Unlocked!').waitFor();
          await page
            .getByRole('navigation', { name: 'Sections' })
            .getByRole('link', { name: 'Vendor Admin' })
            .click();
          await page.getByText('Admin Access Required').waitFor();
          await settle(page);
          const findings = await audit(page, 'vendor admin code prompt');
          await page.getByLabel('Access code').fill(E2E_ADMIN_ACCESS_CODE);
          await page.getByRole('button', { name: 'Unlock' }).click();
          await page.getByText('Pending Vendors', { exact: true }).first().waitFor();
          await settle(page);
          findings.push(...(await audit(page, 'vendor admin')));
          await screenshot(page, `a11y-vendor-admin-${size}`);
          for (const name of (await page.getByRole('tab').allInnerTexts()).map((text) => text.trim())) {
            await page.getByRole('tab', { name, exact: true }).first().click();
            await settle(page);
            findings.push(...(await audit(page, `vendor admin → ${name}`)));
          }
          assertClean(findings);
        },
        { independent: true },
      );

    step('the Feedback modal and the header actions', async () => {
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settle(page);
      const findings: TFinding[] = [];
      if (isPhone) {
        await page.getByRole('button', { name: 'More actions' }).click();
        const actions = page.getByRole('dialog', { name: 'More actions' });
        await actions.waitFor();
        await settle(page);
        // The viewport only: a full-page shot resizes the page under the open popover.
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `a11y-more-actions-${size}.png`) });
        findings.push(...(await audit(page, 'header actions')));
        await actions.getByRole('button', { name: 'Feedback' }).click();
      } else {
        await page.getByRole('button', { name: 'Feedback' }).click();
      }
      await page.getByRole('dialog', { name: 'Send Feedback' }).waitFor();
      await settle(page);
      await screenshot(page, `a11y-feedback-${size}`);
      findings.push(...(await audit(page, 'feedback modal')));
      assertClean(findings);
    });
  });
}
