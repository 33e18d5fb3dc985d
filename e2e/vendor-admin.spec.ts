/**
 * Journey of issue 15 (spec 3 §2.6): an MD drags the key onto the menu's drop zone to unlock Vendor Admin,
 * enters the platform admin code (refused once, then granted by the server), sees every business's pending
 * vendors and products, approves a vendor (its access code in the toast) and its product, and rejects another
 * vendor with a reason, which reaches that business by e-mail. The console and its modals at 1280 and 360 px.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN_ACCESS_CODE } from './support/admin-code.mjs';
import { launchBrowser } from './support/browser.ts';
import {
  api,
  BASE_URL,
  createBusiness,
  createSteps,
  readOutboxMail,
  screenshot,
  uniqueId,
} from './support/harness.ts';
import { assertNoSidewaysScroll, logIn } from './support/screen.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Sends a multipart form through the vendors module's API as the business's MD. */
async function postForm(token: string, url: string, fields: Record<string, string>, files: string[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const field of files) form.append(field, new Blob([PNG], { type: 'image/png' }), `${field}.png`);
  const answer = await fetch(`${BASE_URL}/api${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.ok(answer.status < 300, `${url}: ${answer.status} ${await answer.text()}`);
}

/** A business registered as a pending vendor, with one pending product. */
async function pendingVendor(name: string, productName: string) {
  const md = await createBusiness('Vendor Shop');
  const token = (
    (await api('/auth/token', { form: { username: md.username, password: md.password } })).body as {
      access_token: string;
    }
  ).access_token;
  await postForm(
    token,
    '/vendors/register',
    {
      name,
      category: 'Food & Beverages',
      vendor_phone: '0803 123 4567',
      location: '5 Allen Avenue, Ikeja',
      delivery_scope: 'Within State',
      description: 'Spices and dry goods',
      accept_vendor_terms: 'true',
    },
    ['gov_id', 'location_proof', 'bulk_proof'],
  );
  await postForm(
    token,
    '/vendors/products',
    {
      product_name: productName,
      product_description: 'Ground suya spice',
      price: '2500.50',
      category: 'Food & Beverages',
      stock_quantity: '30',
      seller_state: 'Lagos',
      within_state_fee: '500',
      outside_state_fee: '1500',
      min_order_quantity: '1',
      max_quantity: '10',
      discount_type: 'None',
      nafdac_number: 'A7-1234',
      colors: '[]',
      product_size: '[]',
    },
    ['images'],
  );
  return { md, token };
}

/** Drags the menu's key onto the drop zone at the top of the sidebar, in small mouse steps (dnd-kit). */
async function dragKeyToDropZone(page: Page) {
  const key = page.getByTitle('Drag this key to unlock admin access');
  const zone = page.getByLabel('Vendor admin drop zone');
  const from = (await key.boundingBox())!;
  const to = (await zone.boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

/** Lets a modal's opening transition finish so its screenshot shows it, not a fade. */
const settled = (page: Page) => page.waitForTimeout(400);

describe('the platform admin reviews vendors in Vendor Admin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const id = uniqueId();
  const approveName = `Spice Hub ${id}`;
  const rejectName = `Shady Traders ${id}`;
  const productName = `Suya Pepper ${id}`;
  let approved: Awaited<ReturnType<typeof pendingVendor>>;
  let rejected: Awaited<ReturnType<typeof pendingVendor>>;
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'vendor-admin', timeoutMs: 60_000 });

  before(async () => {
    browser = await launchBrowser();
    approved = await pendingVendor(approveName, productName);
    rejected = await pendingVendor(rejectName, `Mystery Powder ${id}`);
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the MD drags the key to unlock the menu, and the console asks for the admin code', async () => {
    const admin = await createBusiness('Platform Admin');
    ({ context, page } = await logIn(browser, admin));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    const menu = page.getByRole('navigation', { name: 'Sections' });
    assert.equal(await menu.getByRole('link', { name: 'Vendor Admin' }).count(), 0);
    await page.goto('/dashboard/vendor-admin');
    await page
      .getByText(
        'Access Denied - You do not have permission to access this page. Please unlock the admin menu first.',
      )
      .waitFor();
    await page.goto('/dashboard');
    await dragKeyToDropZone(page);
    await page.getByText('Vendor Admin Menu Unlocked!').waitFor();
    await menu.getByRole('link', { name: 'Vendor Admin' }).click();
    await page.getByText('Admin Access Required').waitFor();
    await page.getByText('Enter the admin access code to continue').waitFor();
    await screenshot(page, 'vendor-admin-prompt-1280x800');
  });

  step('a wrong code is refused by the server; the right one opens the console', async () => {
    await page.getByLabel('Access code').fill('not-the-code');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Invalid access code').first().waitFor();
    await page.getByLabel('Access code').fill(E2E_ADMIN_ACCESS_CODE);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Access granted. Welcome Admin').waitFor();
    for (const card of ['Pending Vendors', 'Pending Products', 'Approved Today', 'Rejected Today'])
      await page.getByText(card, { exact: true }).first().waitFor();
    await page.getByRole('textbox', { name: 'Search vendors and products' }).fill(id);
    await page.getByRole('article', { name: approveName }).waitFor();
    await page.getByRole('article', { name: rejectName }).waitFor();
    await page.getByText('Page 1 of 1').first().waitFor();
    await screenshot(page, 'vendor-admin-vendors-1280x800');
  });

  step(
    'the admin views a vendor’s details and documents, then approves it and sees its access code',
    async () => {
      const card = page.getByRole('article', { name: approveName });
      await card.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Vendor details' });
      await details.getByText('5 Allen Avenue, Ikeja').waitFor();
      await details.getByRole('button', { name: 'Government ID' }).waitFor();
      await settled(page);
      await screenshot(page, 'vendor-admin-vendor-details-1280x800');
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Approve' }).click();
      const toast = page.getByText(/^Vendor approved! Access code: VND-[A-Z0-9]{8}$/);
      await toast.waitFor();
      await page.getByRole('article', { name: approveName }).waitFor({ state: 'detached' });
      const me = (await api('/vendors/me', { token: approved.token })).body as { vendor: { status: string } };
      assert.equal(me.vendor.status, 'approved');
    },
  );

  step(
    'the admin rejects the other vendor with a reason, which its business receives by e-mail',
    async () => {
      const card = page.getByRole('article', { name: rejectName });
      await card.getByRole('button', { name: 'Reject' }).click();
      const modal = page.getByRole('dialog', { name: 'Reject vendor' });
      await modal.getByRole('button', { name: 'Reject' }).click();
      await modal.getByText('Please provide a rejection reason').waitFor();
      await modal.getByLabel('Reason').fill('Government ID is unreadable');
      await settled(page);
      await screenshot(page, 'vendor-admin-reject-1280x800');
      await modal.getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Vendor rejected').waitFor();
      await page.getByRole('article', { name: rejectName }).waitFor({ state: 'detached' });
      const mail = await readOutboxMail(rejected.md.email);
      assert.match(mail, /Reason: Government ID is unreadable/);
    },
  );

  step('the admin approves the product, shown with its image, price, stock and NAFDAC number', async () => {
    await page.getByRole('tab', { name: /Pending Products/ }).click();
    const card = page.getByRole('article', { name: productName });
    await card.getByText('₦2,500.50').waitFor();
    await card.getByText('Stock: 30 · NAFDAC: A7-1234').waitFor();
    await card.getByRole('img', { name: productName }).waitFor();
    await card.getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: 'Product details' });
    await details.getByText('Ground suya spice').waitFor();
    await settled(page);
    await screenshot(page, 'vendor-admin-product-details-1280x800');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Product approved successfully').waitFor();
    await card.waitFor({ state: 'detached' });
    const mine = (await api('/vendors/products/mine', { token: approved.token })).body as {
      products: { status: string }[];
    };
    assert.equal(mine.products[0]!.status, 'approved');
  });

  step('on a 360 px phone the console and its modals fit the screen', async () => {
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      storageState: await context.storageState(),
    });
    try {
      // The menu's unlock is a session flag (spec 3 §4), restored on load; the admin code is asked again.
      await phone.addInitScript(() => sessionStorage.setItem('admin_unlocked', 'true'));
      const small = await phone.newPage();
      small.on('pageerror', (error) => pageErrors.push(`${small.url()}: ${error.message}`));
      await small.goto('/dashboard/vendor-admin');
      await small.getByText('Admin Access Required').waitFor();
      await assertNoSidewaysScroll(small, 'vendor admin prompt', 360);
      await screenshot(small, 'vendor-admin-prompt-360x740');
      await small.getByLabel('Access code').fill(E2E_ADMIN_ACCESS_CODE);
      await small.getByRole('button', { name: 'Unlock' }).click();
      await small.getByText('Access granted. Welcome Admin').waitFor();
      const extra = await pendingVendor(
        `Phone Check ${id} Wholesale Provisions Nigeria`,
        `Phone Product ${id}`,
      );
      assert.ok(extra.token);
      await small.getByRole('textbox', { name: 'Search vendors and products' }).fill(`Phone Check ${id}`);
      await small.getByRole('article', { name: `Phone Check ${id} Wholesale Provisions Nigeria` }).waitFor();
      await assertNoSidewaysScroll(small, 'vendor admin console', 360);
      // Every word on a card shows: a long name wraps, the badge keeps its word.
      const cut = await small
        .getByRole('article', { name: `Phone Check ${id} Wholesale Provisions Nigeria` })
        .locator('p, .mantine-Badge-label')
        .evaluateAll((parts) =>
          parts.filter((part) => part.scrollWidth > part.clientWidth + 1).map((part) => part.textContent),
        );
      assert.deepEqual(cut, []);
      await screenshot(small, 'vendor-admin-console-360x740');
      await small.getByRole('button', { name: 'View Details' }).click();
      await small.getByRole('dialog', { name: 'Vendor details' }).getByText('Documents').waitFor();
      await settled(small);
      await screenshot(small, 'vendor-admin-vendor-details-360x740');
      await small.keyboard.press('Escape');
      await small.getByRole('tab', { name: /Pending Products/ }).click();
      await small.getByRole('textbox', { name: 'Search vendors and products' }).fill(`Phone Product ${id}`);
      const product = small.getByRole('article', { name: `Phone Product ${id}` });
      await product.getByRole('button', { name: 'Delete' }).click();
      const modal = small.getByRole('dialog', { name: 'Delete product' });
      await modal.getByLabel('Reason').fill('Listed twice');
      await settled(small);
      await screenshot(small, 'vendor-admin-delete-360x740');
      await modal.getByRole('button', { name: 'Delete' }).click();
      await small.getByText('Product deleted successfully').waitFor();
      await product.waitFor({ state: 'detached' });
      await screenshot(small, 'vendor-admin-products-360x740');
    } finally {
      await phone.close();
    }
  });
});
