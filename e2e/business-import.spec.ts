/**
 * Journey of issue 17 §5 (Settings → Your Data → Import): a business with stock, a sale and an employee is
 * exported; a new business's MD imports the zip after a confirmation, sees the counts, and finds the item's
 * stock and the next sale number carried over; a second import into the now full business is refused with the
 * reason. The Import part fits a 360 px phone.
 */
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { businessDate } from '@app/domain/dates/business-date';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { api, BASE_URL, createBusiness, createSteps, screenshot, uniqueId } from './support/harness.ts';
import { assertNoSidewaysScroll, logIn, phoneContext } from './support/screen.ts';

describe('an MD imports a business export into a new business', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let zipFile = '';
  let target: Awaited<ReturnType<typeof createBusiness>>;
  let token = '';
  const item = `Garri 25kg ${uniqueId()}`;
  const warehouse = `Main Store ${uniqueId()}`;
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'business-import', timeoutMs: 60_000 });

  const tokenOf = async (md: { username: string; password: string }) => {
    const login = await api('/auth/token', { form: { username: md.username, password: md.password } });
    assert.equal(login.status, 200);
    return (login.body as { access_token: string }).access_token;
  };

  before(async () => {
    browser = await launchBrowser();
    const source = await createBusiness('Import Source');
    const sourceToken = await tokenOf(source);
    const today = businessDate();
    const restocked = await api('/restock/new-item', {
      token: sourceToken,
      json: {
        item_name: item,
        supplied_quantity: 40,
        reorder_level: 5,
        unit_price: 1200,
        supplier_name: 'Ogun Farms',
        purchase_date: today,
        payment_status: 'paid',
        payment_method: 'cash',
        new_warehouse_name: warehouse,
      },
    });
    assert.equal(restocked.status, 201, JSON.stringify(restocked.body));
    const itemId = (restocked.body as { item_id: number }).item_id;
    const sold = await api('/sales/batch', {
      token: sourceToken,
      json: {
        sale_date: today,
        customer_name: 'Ada Obi',
        customer_phone: '08031234567',
        items: [
          { item_id: itemId, item_name: item, quantity: 3, unit_price: 2000, warehouse_name: warehouse },
        ],
        payment_method: 'cash',
        payment_status: 'paid',
        invoice_override: true,
      },
    });
    assert.equal(sold.status, 201, JSON.stringify(sold.body));
    const employee = await api('/dashboard/create-employee', {
      token: sourceToken,
      json: { name: 'Tunde Clerk', email: `tunde-${uniqueId()}@e2e.example`, password: 'Tunde-pass-1' },
    });
    assert.equal(employee.status, 201, JSON.stringify(employee.body));
    const exported = await fetch(`${BASE_URL}/api/settings/export`, {
      headers: { authorization: `Bearer ${sourceToken}` },
    });
    assert.equal(exported.status, 200);
    zipFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'import-')), 'Import_Source_export.zip');
    await writeFile(zipFile, Buffer.from(await exported.arrayBuffer()));
    target = await createBusiness('Import Target');
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  const openYourData = async (on: Page) => {
    await on.goto('/dashboard/settings?tab=data');
    await on.getByRole('heading', { name: 'Import a business export' }).waitFor();
  };

  /** Opens Your Data, chooses the zip, taps Import and confirms. */
  const importTheZip = async () => {
    await openYourData(page);
    await page.locator('input[type="file"]').setInputFiles(zipFile);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Import this export?' })
      .getByRole('button', { name: 'Yes, import' })
      .click();
  };

  step('on a 360 px phone the Import part and its dialog fit the screen', async () => {
    ({ context, page, token } = await logIn(browser, target));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    const phone = await phoneContext(browser, context);
    const small = await phone.newPage();
    try {
      await openYourData(small);
      await small.locator('input[type="file"]').setInputFiles(zipFile);
      await small.getByRole('button', { name: 'Import', exact: true }).click();
      await small.getByRole('dialog', { name: 'Import this export?' }).waitFor();
      await small.waitForTimeout(400); // the modal's opening transition, for the picture only
      await assertNoSidewaysScroll(small, 'import dialog', 360);
      await screenshot(small, 'business-import-dialog-360');
      await small.getByRole('button', { name: 'Cancel' }).click();
      await small.getByRole('dialog', { name: 'Import this export?' }).waitFor({ state: 'hidden' });
      await small.getByRole('heading', { name: 'Import a business export' }).scrollIntoViewIfNeeded();
      await assertNoSidewaysScroll(small, 'your data tab', 360);
      await screenshot(small, 'business-import-360');
    } finally {
      await phone.close();
    }
  });

  step('the MD imports the zip and sees what came across', async () => {
    await importTheZip();
    await page.getByText('Import complete').waitFor({ timeout: 30_000 });
    await page.getByText(/^Imported [\d,]+ records and 0 files\./).waitFor();
    await page.getByText('Sales: 1').waitFor();
    await screenshot(page, 'business-import-done-1280x800');

    const items = (await api('/inventory/items-map', { token })).body as Record<
      string,
      { closing_balance: number }
    >;
    assert.equal(items[item]?.closing_balance, 37, 'the stock came across');
  });

  step('a second import into the now full business is refused with the reason', async () => {
    await importTheZip();
    await page.getByText(/^The import failed; nothing was changed: This business already has data/).waitFor();
    await screenshot(page, 'business-import-refused-1280x800');
  });
});
