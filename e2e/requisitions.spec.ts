/**
 * Journey of issue 13 (spec 3 §2.3 Requisitions): an employee asks for two items with a signature drawn on
 * the pad, the inventory officer's e-mail lands in the outbox, the employee may not approve, the MD approves
 * one and rejects the other and only the approved one leaves the stock, and exports the list as Excel that
 * opens; the list and the form fit a 360 px phone.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { launchBrowser } from './support/browser.ts';
import { download } from './support/downloads.ts';
import {
  api,
  BASE_URL,
  createBusiness,
  createSteps,
  eventually,
  readOutboxMail,
  screenshot,
  uniqueId,
} from './support/harness.ts';
import { assertNoSidewaysScroll, logIn, phoneContext, pick } from './support/screen.ts';

const WAREHOUSE = 'Main Store';
const RICE = 'Rice 50kg';
const OIL = 'Palm Oil 25L';

describe('an employee asks for stock and the MD decides', () => {
  const id = uniqueId();
  const officer = `stores-${id}@e2e.example`;
  const employee = { username: `ada-${id}@e2e.example`, password: `Emp-pass-${id}`, name: `Ada Obi ${id}` };
  let browser: Browser;
  let md: Awaited<ReturnType<typeof createBusiness>>;
  let mdToken = '';
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'requisitions', timeoutMs: 60_000 });
  const table = () => page.getByRole('table', { name: 'Requisitions' });
  const row = (item: string) => table().getByRole('row').filter({ hasText: item });

  async function stockOf(item: string) {
    const map = await api(`/inventory/items-map?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token: mdToken,
    });
    return (map.body as Record<string, { closing_balance: number }>)[item]!.closing_balance;
  }

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Obi Kitchens');
    const login = await api('/auth/token', { form: { username: md.username, password: md.password } });
    mdToken = (login.body as { access_token: string }).access_token;
    for (const [item, quantity] of [
      [RICE, 10],
      [OIL, 4],
    ] as const) {
      const stocked = await api('/restock/new-item', {
        token: mdToken,
        json: {
          item_name: item,
          supplied_quantity: quantity,
          reorder_level: 1,
          unit_price: 1500,
          supplier_name: 'Dangote Depot',
          purchase_date: businessDate(),
          payment_status: 'paid',
          payment_method: 'cash',
          ...(item === RICE
            ? { new_warehouse_name: WAREHOUSE, access_choice: 'Yes' }
            : { warehouse_name: WAREHOUSE }),
        },
      });
      assert.equal(stocked.status, 201, JSON.stringify(stocked.body));
    }
    const added = await api('/settings/inventory-officers', {
      token: mdToken,
      json: { officer_name: 'Stores Officer', officer_email: officer },
    });
    assert.equal(added.status, 201);
    const created = await api('/dashboard/create-employee', {
      token: mdToken,
      json: { name: employee.name, email: employee.username, password: employee.password },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const employeeId = (created.body as { employee: { employee_id: number } }).employee.employee_id;
    const granted = await api(`/settings/employee-permissions/${employeeId}`, {
      token: mdToken,
      json: [{ resource_key: 'requisitions.page.access', can_access: true }],
    });
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the employee opens Requisitions: none yet', async () => {
    context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/login');
    await page.getByText('Employee Login', { exact: true }).click();
    await page.getByLabel(/^e-?mail/i).fill(employee.username);
    await page.getByLabel(/^password/i).fill(employee.password);
    await page.getByRole('button', { name: /^(login|sign in)/i }).click();
    await page.waitForURL('**/dashboard');
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await page.getByRole('navigation').getByRole('link', { name: 'Requisitions', exact: true }).click();
    await page.waitForURL('**/dashboard/requisitions');
    await page.getByText('No requisitions found').waitFor();
  });

  step('asks for two items with a drawn signature; nothing is sent without a reason', async () => {
    await page.getByRole('button', { name: 'New Requisition' }).click();
    const form = page.getByRole('form', { name: 'New Requisition' });
    await form.getByLabel(/^Warehouse/).selectOption(WAREHOUSE);
    await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'rice', /^Rice 50kg/);
    await pick(page, form.getByRole('combobox', { name: 'Add item' }), 'palm', /^Palm Oil 25L/);
    await form.getByLabel(`Quantity of ${RICE}`).fill('3');
    await form.getByLabel(`Quantity of ${OIL}`).fill('2');
    await form.getByRole('button', { name: 'Submit Requisition' }).click();
    await form.getByText('Please provide a reason for the requisition').waitFor();
    await form.getByLabel(/^Reason/).fill('Weekend catering order');
    const pad = await form.getByRole('img', { name: 'Signature' }).boundingBox();
    assert.ok(pad);
    assert.deepEqual([pad.width, pad.height], [400, 150], 'spec 3 §9: a 400×150 signature canvas');
    await page.mouse.move(pad.x + 20, pad.y + 100);
    await page.mouse.down();
    const stroke: [number, number][] = [
      [80, 40],
      [140, 110],
      [220, 30],
      [300, 90],
    ];
    for (const [dx, dy] of stroke) await page.mouse.move(pad.x + dx, pad.y + dy, { steps: 5 });
    await page.mouse.up();
    await form.getByText('Signed', { exact: true }).waitFor();
    await screenshot(page, 'requisitions-form-1280x800');
    await form.getByRole('button', { name: 'Submit Requisition' }).click();
    await page.getByText('Requisition submitted successfully').waitFor();
    await row(RICE).waitFor();
    await row(OIL).waitFor();
    await screenshot(page, 'requisitions-list-employee-1280x800');
    const cutBadges = await page
      .getByRole('table', { name: 'Requisitions' })
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    assert.deepEqual(cutBadges, [], 'beside five action buttons the status still reads in full');
    const stored = await api('/requisitions', { token: mdToken });
    const rows = stored.body as {
      item: string;
      quantity: number;
      status: string;
      signature: string | null;
    }[];
    assert.deepEqual(rows.map((r) => [r.item, r.quantity, r.status]).sort(), [
      [OIL, 2, 'Pending'],
      [RICE, 3, 'Pending'],
    ]);
    const signature = await fetch(new URL(rows[0]!.signature!, page.url()), {
      headers: { authorization: `Bearer ${mdToken}` },
    });
    assert.equal(signature.headers.get('content-type'), 'image/png');
  });

  step('the inventory officer gets the request by e-mail', async () => {
    const mail = await readOutboxMail(officer);
    assert.match(mail, /Rice 50kg: 3/);
    assert.match(mail, /Palm Oil 25L: 2/);
    assert.match(mail, /Weekend catering order/);
  });

  step('the employee may not approve', async () => {
    await row(RICE)
      .getByRole('button', { name: /^Approve requisition/ })
      .click();
    await page.getByText('You do not have permission to approve requisitions').waitFor();
    assert.equal(await stockOf(RICE), 10);
    await context.close();
  });

  step('the MD approves the rice and rejects the oil; only the rice leaves the stock', async () => {
    ({ context, page } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await page.goto('/dashboard/requisitions');
    await row(RICE)
      .getByRole('button', { name: /^Approve requisition/ })
      .click();
    await page.getByText('Requisition approved').waitFor();
    await row(OIL)
      .getByRole('button', { name: /^Reject requisition/ })
      .click();
    await page.getByText('Requisition rejected').waitFor();
    await eventually(async () => {
      assert.match(await row(RICE).innerText(), /Approved/i);
      assert.match(await row(OIL).innerText(), /Rejected/i);
    });
    assert.equal(await stockOf(RICE), 7);
    assert.equal(await stockOf(OIL), 4);
    await screenshot(page, 'requisitions-list-md-1280x800');
  });

  step('Export Excel downloads a workbook that opens with both rows', async () => {
    const file = await download(page, () => page.getByRole('button', { name: 'Export Excel' }).click());
    assert.match(file.filename, /^requisitions_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file.file);
    const sheet = workbook.getWorksheet('Requisitions');
    assert.ok(sheet);
    const items = [2, 3].map((n) => [sheet.getRow(n).getCell(5).value, sheet.getRow(n).getCell(9).value]);
    assert.deepEqual(items.sort(), [
      [OIL, 'Rejected'],
      [RICE, 'Approved'],
    ]);
  });

  step('on a 360 px phone the list and the form fit the screen', async () => {
    const phone = await phoneContext(browser, context);
    const small = await phone.newPage();
    try {
      await small.goto('/dashboard/requisitions');
      await small.getByRole('table', { name: 'Requisitions' }).getByText(RICE).waitFor();
      await assertNoSidewaysScroll(small, 'requisitions list', 360);
      await screenshot(small, 'requisitions-list-360');
      await small.getByRole('button', { name: 'New Requisition' }).click();
      await small.getByRole('form', { name: 'New Requisition' }).waitFor();
      await assertNoSidewaysScroll(small, 'requisition form', 360);
      await screenshot(small, 'requisitions-form-360');
    } finally {
      await phone.close();
    }
  });
});
