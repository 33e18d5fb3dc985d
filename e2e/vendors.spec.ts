/**
 * Journey of issue 15 (spec 3 §2.5): an MD registers the business as a vendor with its documents, uploads a
 * product with an image and sees both pending; once approved through Vendor Admin's API, the product shows on
 * the public marketplace to a visitor on a 360 px phone who never signed in.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN_ACCESS_CODE } from './support/admin-code.mjs';
import { launchBrowser } from './support/browser.ts';
import { api, BASE_URL, createBusiness, createSteps, screenshot, uniqueId } from './support/harness.ts';
import { assertNoSidewaysScroll, choose, logIn, phoneContext, pick } from './support/screen.ts';

/** A real PNG of `size`×`size` pixels in one colour. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (name: string, colour: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(64, colour),
});

type TOwnProduct = { id: number; product_name: string; status: string; final_price: number };

describe('a business becomes a vendor and its product reaches the public marketplace', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let md: Awaited<ReturnType<typeof createBusiness>>;
  const productName = `Ankara print ${uniqueId()}`;
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'vendors', timeoutMs: 60_000 });

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Adaeze Fabrics');
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the MD opens Vendors and registers with the documents', async () => {
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await page.getByRole('navigation').getByRole('link', { name: 'Vendors', exact: true }).click();
    await page.waitForURL('**/dashboard/vendors');
    const phone = await phoneContext(browser, context);
    try {
      const small = await phone.newPage();
      await small.goto('/vendor-registration');
      await small.getByRole('form', { name: 'Vendor registration' }).waitFor();
      await assertNoSidewaysScroll(small, 'vendor registration form', 360);
      await screenshot(small, 'vendors-registration-form-360');
    } finally {
      await phone.close();
    }
    const form = page.getByRole('form', { name: 'Vendor registration' });
    await form.getByLabel(/^Business name/).fill('Adaeze Fabrics');
    await choose(page, form.getByRole('combobox', { name: 'Category' }), 'Fashion');
    await form.getByLabel(/^Phone/).fill('0803 123 4567');
    await choose(page, form.getByRole('combobox', { name: 'Delivery scope' }), 'Anywhere in Nigeria');
    await form
      .getByRole('textbox', { name: 'Location', exact: true })
      .fill('12 Balogun Street, Lagos Island');
    await form.getByLabel(/^Description/).fill('Ankara and lace, wholesale and retail');
    await form.getByLabel(/^Contact link/).fill('https://adaeze.example.com');
    await form.getByRole('button', { name: 'Submit Registration' }).click();
    await form.getByText('You must accept the vendor terms and conditions').waitFor();
    await form.getByText('Government ID is required').waitFor();

    await form.getByRole('button', { name: 'vendor terms and conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Vendor Terms and Conditions' });
    await terms.frameLocator('iframe').getByText('1. Registration').waitFor();
    await terms.getByRole('button', { name: 'I accept' }).click();

    const files = form.locator('input[type="file"]');
    await files.nth(0).setInputFiles(photo('government-id.png', [200, 40, 40]));
    await files.nth(2).setInputFiles(photo('shop-front.png', [40, 160, 60]));
    await files.nth(3).setInputFiles(photo('bulk-invoice.png', [40, 60, 200]));
    await form.getByRole('img', { name: 'Preview of government-id.png' }).waitFor();
    await screenshot(page, 'vendors-registration-1280x800');
    await form.getByRole('button', { name: 'Submit Registration' }).click();
    await page.getByText('Vendor registration submitted successfully! Awaiting approval.').waitFor();
    await page.getByLabel('Your vendor profile').getByText('Pending', { exact: true }).waitFor();
    const me = await api('/vendors/me', { token });
    const vendor = (me.body as { vendor: { status: string; gov_id_url: string; cac_url: string | null } })
      .vendor;
    assert.equal(vendor.status, 'pending');
    assert.ok(vendor.gov_id_url);
    assert.equal(vendor.cac_url, null);
  });

  step('the MD uploads a product with an image and sees it pending', async () => {
    await page.getByRole('tab', { name: 'Product Upload' }).click();
    const form = page.getByRole('form', { name: 'Product upload' });
    await form.getByLabel(/^Product name/).fill(productName);
    await form.getByLabel(/^Product description/).fill('Cotton wax print, 6 yards');
    await form.getByLabel(/^Price/).fill('15000');
    await choose(page, form.getByRole('combobox', { name: 'Category' }), 'Fashion');
    await form.getByLabel(/^Stock quantity/).fill('40');
    await pick(page, form.getByRole('combobox', { name: 'Seller state' }), 'Lag', /^Lagos$/);
    await form.getByLabel(/^Within-state delivery fee/).fill('1500');
    await form.getByLabel(/^Outside-state delivery fee/).fill('3500');
    await form.getByLabel(/^Maximum quantity/).fill('20');
    await choose(page, form.getByRole('combobox', { name: 'Discount type' }), 'Percentage');
    await form.getByLabel(/^Discount value/).fill('10');
    await form.getByLabel(/^Colors/).fill('Red, Gold');
    await form.getByRole('button', { name: 'Upload Product' }).click();
    await form.getByText('At least one product image is required').waitFor();
    await form
      .locator('input[type="file"]')
      .first()
      .setInputFiles(photo('ankara.png', [230, 120, 20]));
    await screenshot(page, 'vendors-product-1280x800');
    await form.getByRole('button', { name: 'Upload Product' }).click();
    await page.getByText('Product uploaded successfully! Awaiting approval.').waitFor();
    const mine = page.getByRole('region', { name: 'Your products' });
    await mine.getByText(productName).waitFor();
    await mine.getByText('Pending', { exact: true }).waitFor();
    // The form is empty again, its choices too, ready for the next product.
    assert.deepEqual(
      await Promise.all(
        ['Category', 'Seller state'].map((name) => form.getByRole('combobox', { name }).inputValue()),
      ),
      ['', ''],
    );
    const list = await api('/vendors/products/mine', { token });
    const [stored] = (list.body as { products: TOwnProduct[] }).products;
    assert.deepEqual(
      [stored?.product_name, stored?.status, stored?.final_price],
      [productName, 'pending', 13_500],
    );
  });

  step('a pending product is not on the marketplace', async () => {
    const answer = await api(`/marketplace/products?search=${encodeURIComponent(productName)}`);
    assert.deepEqual((answer.body as { products: unknown[] }).products, []);
  });

  step('the forms fit a 360 px phone', async () => {
    const phone = await phoneContext(browser, context);
    const small = await phone.newPage();
    try {
      await small.goto('/vendor-product-upload');
      await small.getByRole('form', { name: 'Product upload' }).waitFor();
      await assertNoSidewaysScroll(small, 'product upload', 360);
      await screenshot(small, 'vendors-product-360');
      await small.getByRole('tab', { name: 'Vendor Registration' }).click();
      await small.getByLabel('Your vendor profile').waitFor();
      await assertNoSidewaysScroll(small, 'vendor registration', 360);
      await screenshot(small, 'vendors-registration-360');
    } finally {
      await phone.close();
    }
  });

  step('once approved, a visitor on a phone finds it on the marketplace without signing in', async () => {
    const unlock = await api('/vendor-admin/unlock', { token, json: { code: E2E_ADMIN_ACCESS_CODE } });
    assert.equal(unlock.status, 200, JSON.stringify(unlock.body));
    const grant = (unlock.body as { grant: string }).grant;
    const me = (await api('/vendors/me', { token })).body as { vendor: { vendor_id: number } };
    const mine = (await api('/vendors/products/mine', { token })).body as { products: TOwnProduct[] };
    for (const url of [
      `/vendors/${me.vendor.vendor_id}/approve`,
      `/vendors/products/${mine.products[0]!.id}/approve`,
    ]) {
      const answer = await fetch(`${BASE_URL}/api${url}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'x-admin-grant': grant },
      });
      assert.equal(answer.status, 200, `${url}: ${await answer.text()}`);
    }

    const visitor = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const phone = await visitor.newPage();
      phone.on('pageerror', (error) => pageErrors.push(`${phone.url()}: ${error.message}`));
      // The landing page's footer leads there; the marketplace leads back and to sign-in.
      await phone.goto('/');
      await phone.getByRole('link', { name: 'Marketplace', exact: true }).click();
      await phone.waitForURL('**/marketplace');
      await phone.getByRole('link', { name: 'Sign in' }).waitFor();
      await phone.getByRole('textbox', { name: 'Search products' }).fill(productName);
      const card = phone.getByRole('article', { name: productName });
      await card.waitFor();
      await card.getByText('₦13,500.00').waitFor();
      await card.getByText('10% off').waitFor();
      // The vendor delivers anywhere in Nigeria: both fees.
      await card.getByText('Delivery: ₦1,500.00 within Lagos, ₦3,500.00 outside').waitFor();
      const image = card.getByRole('img', { name: productName });
      assert.equal(await image.getAttribute('loading'), 'lazy');
      await phone.waitForFunction(
        (name) =>
          (document.querySelector(`img[alt="${name}"]`) as HTMLImageElement | null)?.naturalWidth === 64,
        productName,
      );
      assert.equal(
        await card.getByRole('link', { name: 'Contact vendor' }).getAttribute('href'),
        'https://adaeze.example.com',
      );
      await assertNoSidewaysScroll(phone, 'marketplace', 360);
      await screenshot(phone, 'marketplace-360');
      await phone.setViewportSize({ width: 1280, height: 800 });
      await screenshot(phone, 'marketplace-1280x800');
    } finally {
      await visitor.close();
    }
  });
});
