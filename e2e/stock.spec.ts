/**
 * Journey (issue 3, spec 2 §2 Inventory, spec 3 §2.1 Restock): an MD sets the access code, creates a
 * warehouse and items through Restock → Add New Item, restocks from a supplier, sees Recent
 * Purchases; on Inventory the daily log and the low-stock list follow; a return needs the access
 * code; a past day is corrected through Edit Inventory and later days follow; the three CSV exports
 * download with the right rows; Inventory and Restock fit a 360 px phone. The free plan allows 10
 * transactions: this journey records 4 (3 new items, 1 batch).
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { download, parseCsv } from './support/downloads.ts';
import { shownLogRow, assertNoSidewaysScroll, pick } from './support/screen.ts';
import {
  api,
  BASE_URL,
  createBusiness,
  createSteps,
  escapeRegExp,
  eventually,
  screenshot,
} from './support/harness.ts';

const LAGOS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const today = LAGOS_DATE.format(new Date());
const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};
/** How the screens show a business date: 19 Nov 2026. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));

const ACCESS_CODE = '482916';
const WAREHOUSE = 'Ikeja Depot';
const pastDay = daysAgo(3);
const rice = { name: 'Rice 50kg', quantity: 40, reorder: 10, price: 52000, supplier: 'Chi Distributors' };
const milk = {
  name: 'Peak Milk 400g',
  quantity: 24,
  reorder: 6,
  price: 2500.5,
  supplier: 'Chi Distributors',
};
const noodles = {
  name: 'Indomie Chicken',
  quantity: 5,
  reorder: 8,
  price: 4750,
  supplier: 'Chi Distributors',
};
const batch = {
  supplier: 'Mama Cass Supplies',
  lines: [
    { item: rice, quantity: 10, price: 51000 },
    { item: noodles, quantity: 3, price: 4800 },
  ],
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let md: Awaited<ReturnType<typeof createBusiness>>;
let token = '';
const pageErrors: string[] = [];

const step = createSteps({ page: () => page, label: 'stock', timeoutMs: 90_000 });
const menuLink = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });
const dialog = (name: string) => page.getByRole('dialog', { name });
const region = (name: string) => page.getByRole('region', { name });
const toast = (text: string) => page.getByText(text, { exact: true }).first();

type TLogRow = {
  log_date: string;
  item_name: string;
  warehouse_name: string;
  open_balance: number;
  supplied_quantity: number;
  return_quantity: number;
  stock_out: number;
  closing_balance: number;
};

async function storedLogs(date: string): Promise<TLogRow[]> {
  const answer = await api(`/inventory/daily-logs?selected_date=${date}`, { token });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as TLogRow[];
}

const dailyLogTable = (date: string) =>
  region('Daily logs').getByRole('table', { name: `Daily logs for ${date}` });

/** Waits until the daily log for `date` shows `expected` for each item (it refetches after changes). */
async function expectDailyLog(
  date: string,
  expected: Record<string, Partial<Awaited<ReturnType<typeof shownLogRow>>>>,
) {
  await eventually(async () => {
    for (const [item, figures] of Object.entries(expected)) {
      const row = await shownLogRow(dailyLogTable(date), item);
      assert.deepEqual(
        Object.fromEntries(Object.keys(figures).map((key) => [key, row[key as keyof typeof row]])),
        figures,
        `${item} on ${date}`,
      );
    }
  });
}

/** Clicks a SegmentedControl choice by its label text. */
const segment = (scope: Locator, label: string) =>
  scope.locator('label').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });

describe('MD records stock through Restock and follows it on Inventory', () => {
  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    md = await createBusiness('Emeka Building Materials');
  });
  after(async () => {
    await browser?.close();
  });

  step('the MD logs in', async () => {
    await page.goto('/login');
    await page.getByLabel(/username|business name/i).fill(md.username);
    await page.getByLabel(/^password/i).fill(md.password);
    await page.getByRole('button', { name: /^(login|sign in)/i }).click();
    await page.waitForURL('**/dashboard');
    token = (await page.evaluate(() => localStorage.getItem('login_token'))) ?? '';
    assert.ok(token, 'a token is stored');
  });

  step('Settings → Access Code: the MD sets a custom access code', async () => {
    await menuLink('Settings').click();
    await page.waitForURL('**/dashboard/settings**');
    await page.getByRole('tab', { name: 'Access Code' }).click();
    await page.getByText('No access code set').waitFor();
    const custom = region('Set a custom code');
    await custom.getByLabel(/^New access code/).fill(ACCESS_CODE);
    await custom.getByRole('button', { name: 'Set access code' }).click();
    await custom.getByRole('status').waitFor();
    await page.getByText('An access code is set').waitFor();
    await screenshot(page, 'stock-access-code-1280x800');
    const status = await api('/settings/access-code', { token });
    assert.equal(status.status, 200);
    assert.equal((status.body as { is_set: boolean }).is_set, true);
  });

  step('Restock shows the empty state before anything is bought', async () => {
    await menuLink('Restock').click();
    await page.waitForURL('**/restock');
    await page.getByRole('tab', { name: 'Manage Items' }).waitFor();
    await page.getByText('No purchase data found').waitFor();
    await page.getByText('No purchases have been recorded yet.').waitFor();
    await page.getByText(`Welcome, ${md.username} | Role: MD`).waitFor();
  });

  step('Add New Item creates the warehouse and its first item', async () => {
    await page.getByRole('button', { name: 'Add New Item', exact: true }).click();
    const modal = dialog('Add New Item');
    await modal.waitFor();
    // No warehouse yet: the form starts on "Create new".
    await modal.getByLabel(/^New warehouse name/).fill(WAREHOUSE);
    await modal.getByRole('radio', { name: 'No' }).check();
    await modal.getByLabel(/^Item name/).fill(rice.name);
    await modal.getByLabel(/^Supplied quantity/).fill(String(rice.quantity));
    await modal.getByLabel(/^Reorder level/).fill(String(rice.reorder));
    await modal.getByLabel(/^Unit price/).fill(String(rice.price));
    await modal.getByLabel(/^Supplier name/).fill(rice.supplier);
    assert.equal(await modal.getByLabel(/^Purchase date/).inputValue(), today);
    await screenshot(page, 'stock-add-new-item-1280x800');
    await modal.getByRole('button', { name: 'Add Item' }).click();
    await toast('Item added successfully!').waitFor();
    await modal.waitFor({ state: 'hidden' });
  });

  step(
    'Add New Item in the existing warehouse: one dated 3 days ago, one below its reorder level',
    async () => {
      for (const [item, date] of [
        [milk, pastDay],
        [noodles, today],
      ] as const) {
        await page.getByRole('button', { name: 'Add New Item', exact: true }).click();
        const modal = dialog('Add New Item');
        await modal.waitFor();
        await segment(modal, 'Existing warehouse').click();
        await modal.getByRole('combobox', { name: /^Warehouse/ }).selectOption(WAREHOUSE);
        await modal.getByLabel(/^Item name/).fill(item.name);
        await modal.getByLabel(/^Supplied quantity/).fill(String(item.quantity));
        await modal.getByLabel(/^Reorder level/).fill(String(item.reorder));
        await modal.getByLabel(/^Unit price/).fill(String(item.price));
        await modal.getByLabel(/^Supplier name/).fill(item.supplier);
        await modal.getByLabel(/^Purchase date/).fill(date);
        await modal.getByRole('button', { name: 'Add Item' }).click();
        await modal.waitFor({ state: 'hidden' });
      }
      const warehouses = await api('/warehouses', { token });
      assert.deepEqual(
        (warehouses.body as { warehouse_name: string; access_all: boolean }[]).map((w) => [
          w.warehouse_name,
          w.access_all,
        ]),
        [[WAREHOUSE, false]],
      );
    },
  );

  step('Restock Items records a delivery of two items from one supplier', async () => {
    await page.getByRole('button', { name: 'Restock Items', exact: true }).click();
    const modal = dialog('Restock Items');
    await modal.waitFor();
    await modal.getByLabel(/^Supplier name/).fill(batch.supplier);
    await modal.getByRole('combobox', { name: /^Warehouse/ }).selectOption(WAREHOUSE);
    for (const line of batch.lines) {
      await pick(
        page,
        modal.getByLabel(/^Search items/),
        line.item.name.slice(0, 4),
        new RegExp(`^${escapeRegExp(line.item.name)}`),
      );
      const added = modal.getByRole('listitem').filter({ hasText: line.item.name });
      await added.getByLabel(/^Quantity/).fill(String(line.quantity));
      await added.getByLabel(/^Unit price/).fill(String(line.price));
    }
    await screenshot(page, 'stock-restock-items-1280x800');
    await modal.getByRole('button', { name: 'Complete Restock' }).click();
    await toast('Restock completed successfully!').waitFor();
    await modal.waitFor({ state: 'hidden' });
  });

  step('Recent Purchases lists the five purchases, newest first', async () => {
    const table = page.getByRole('table', { name: 'Recent purchases' });
    await eventually(async () => assert.equal(await table.locator('tbody tr').count(), 5));
    const rowOf = (item: string, supplier: string) =>
      table.getByRole('row').filter({ hasText: item }).filter({ hasText: supplier });
    assert.match(await rowOf(noodles.name, batch.supplier).innerText(), /3[\s\S]*₦14,400\.00[\s\S]*paid/);
    assert.match(await rowOf(rice.name, rice.supplier).innerText(), /40[\s\S]*₦2,080,000\.00/);
    assert.match(await rowOf(milk.name, milk.supplier).innerText(), new RegExp(escapeRegExp(shown(pastDay))));
    await screenshot(page, 'stock-recent-purchases-1280x800');

    const stored = await api('/restock/', { token });
    assert.equal(stored.status, 200);
    const purchases = stored.body as {
      item_name: string;
      supplier_name: string;
      supplied_quantity: number;
      total_price_paid: number;
      purchase_date: string;
      payment_status: string;
      warehouse_name: string;
    }[];
    assert.deepEqual(
      purchases
        .map((p) => [p.item_name, p.supplier_name, p.supplied_quantity, p.total_price_paid, p.purchase_date])
        .sort(),
      [
        [rice.name, rice.supplier, 40, 2_080_000, today],
        [rice.name, batch.supplier, 10, 510_000, today],
        [milk.name, milk.supplier, 24, 60_012, pastDay],
        [noodles.name, noodles.supplier, 5, 23_750, today],
        [noodles.name, batch.supplier, 3, 14_400, today],
      ].sort(),
    );
    assert.ok(purchases.every((p) => p.payment_status === 'paid' && p.warehouse_name === WAREHOUSE));
  });

  step('Inventory: the daily log shows open, supplied and closing for every item', async () => {
    await menuLink('Inventory').click();
    await page.waitForURL('**/dashboard/inventory');
    await expectDailyLog(today, {
      [rice.name]: { open: 0, supplied: 50, returned: 0, stockOut: 0, closing: 50, low: false },
      [milk.name]: { open: 24, supplied: 0, returned: 0, stockOut: 0, closing: 24, low: false },
      [noodles.name]: { open: 0, supplied: 8, returned: 0, stockOut: 0, closing: 8, low: true },
    });
    const stored = await storedLogs(today);
    assert.deepEqual(
      stored.map((r) => [r.item_name, r.open_balance, r.supplied_quantity, r.closing_balance]),
      [
        [noodles.name, 0, 8, 8],
        [milk.name, 24, 0, 24],
        [rice.name, 0, 50, 50],
      ],
    );
  });

  step('the low-stock list holds the item at its reorder level', async () => {
    const lowStock = region('Low stock').getByRole('table', { name: 'Low stock' });
    await eventually(async () => {
      const rows = await lowStock.locator('tbody tr').allInnerTexts();
      assert.equal(rows.length, 1, JSON.stringify(rows));
      assert.match(rows[0]!, new RegExp(`${escapeRegExp(noodles.name)}\\s+8\\s+8\\s+${WAREHOUSE}`));
    });
    await screenshot(page, 'stock-inventory-home-1280x800');
    const stored = await api('/inventory/low-stock', { token });
    assert.deepEqual(
      (stored.body as { item_name: string; closing_balance: number; reorder_level: number }[]).map((r) => [
        r.item_name,
        r.closing_balance,
        r.reorder_level,
      ]),
      [[noodles.name, 8, 8]],
    );
  });

  step('a return with the wrong access code is refused and changes nothing', async () => {
    const form = region('Return item');
    await pick(page, form.getByLabel(/^Item/), 'Indo', new RegExp(`^${escapeRegExp(noodles.name)}`));
    await form.getByLabel(/^Quantity/).fill('2');
    assert.equal(await form.getByLabel(/^Date/).inputValue(), today);
    await form.getByLabel(/^Access code/).fill('000000');
    await form.getByRole('button', { name: 'Return item' }).click();
    const alert = form.getByRole('alert').filter({ hasText: /Invalid access code/ });
    await alert.waitFor();
    assert.match(await alert.innerText(), /Failed to return item: Invalid access code/);
    await screenshot(page, 'stock-return-wrong-code-1280x800');
    const [stored] = (await storedLogs(today)).filter((r) => r.item_name === noodles.name);
    assert.equal(stored?.return_quantity, 0);
  });

  step('the right access code returns the item: the log and the low-stock list follow', async () => {
    const form = region('Return item');
    await form.getByLabel(/^Access code/).fill(ACCESS_CODE);
    await form.getByRole('button', { name: 'Return item' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `2 × ${noodles.name} returned to stock` })
      .waitFor();
    await expectDailyLog(today, {
      [noodles.name]: { open: 0, supplied: 8, returned: 2, stockOut: 0, closing: 10, low: false },
    });
    await eventually(async () =>
      assert.deepEqual(await region('Low stock').locator('tbody tr').allInnerTexts(), ['No items found']),
    );
    await screenshot(page, 'stock-after-return-1280x800');
    const [stored] = (await storedLogs(today)).filter((r) => r.item_name === noodles.name);
    assert.deepEqual([stored?.return_quantity, stored?.closing_balance], [2, 10]);
  });

  step('Edit Inventory corrects a past day; that day and every later day follow', async () => {
    await page.getByRole('button', { name: 'Edit Inventory' }).click();
    const modal = dialog('Edit Inventory');
    await modal.waitFor();
    await pick(page, modal.getByLabel(/^Item/), 'Peak', new RegExp(`^${escapeRegExp(milk.name)}`));
    const dateInput = modal.getByLabel(/^Date/);
    await eventually(async () => assert.equal(await dateInput.isEnabled(), true));
    await dateInput.click();
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(shown(pastDay))}`) }).click();
    await segment(modal, 'Stock out').click();
    await modal.getByLabel(/^New value/).fill('4');
    await modal.getByLabel(/^Notes/).fill('Four cartons found damaged at stock count');
    await modal.getByRole('button', { name: 'Save adjustment' }).click();
    await modal.getByRole('status').waitFor();
    await screenshot(page, 'stock-edit-inventory-1280x800');
    // The modal closes after 2 s and the daily log switches to the edited date.
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });
    assert.equal(await region('Daily logs').getByLabel(/^Date/).inputValue(), pastDay);
    await expectDailyLog(pastDay, {
      [milk.name]: { open: 0, supplied: 24, returned: 0, stockOut: 4, closing: 20 },
    });
    await region('Daily logs').getByLabel(/^Date/).fill(daysAgo(1));
    await expectDailyLog(daysAgo(1), { [milk.name]: { open: 20, supplied: 0, stockOut: 0, closing: 20 } });
    await screenshot(page, 'stock-later-day-1280x800');

    for (const [date, open, stockOut, closing] of [
      [pastDay, 0, 4, 20],
      [daysAgo(1), 20, 0, 20],
      [today, 20, 0, 20],
    ] as const) {
      const [row] = (await storedLogs(date)).filter((r) => r.item_name === milk.name);
      assert.deepEqual(
        [row?.open_balance, row?.stock_out, row?.closing_balance],
        [open, stockOut, closing],
        date,
      );
    }
    const adjustments = await api('/inventory/adjustments?limit=5', { token });
    const [latest] = adjustments.body as {
      item_name: string;
      field: string;
      old_value: number;
      new_value: number;
    }[];
    assert.deepEqual(
      [latest?.item_name, latest?.field, latest?.old_value, latest?.new_value],
      [milk.name, 'stock_out', 0, 4],
    );
  });

  step('Inventory Filter downloads inventory_daily_{date}.csv with the days that moved', async () => {
    await page.getByRole('tab', { name: 'Filter' }).click();
    const filterForm = page.getByRole('form', { name: 'Filter inventory logs' });
    assert.equal(await filterForm.getByLabel(/^Start date/).inputValue(), daysAgo(6));
    await filterForm.getByRole('button', { name: 'Apply' }).click();
    const table = page.getByRole('table', { name: 'Filtered inventory logs' });
    await eventually(async () => assert.equal(await table.locator('tbody tr').count(), 3));
    const file = await download(page, () => filterForm.getByRole('button', { name: 'Download CSV' }).click());
    assert.equal(file.filename, `inventory_daily_${today}.csv`);
    const [header, ...rows] = parseCsv(file.text);
    assert.deepEqual(header, [
      'Date',
      'Item',
      'Warehouse',
      'Open',
      'Supplied',
      'Returned',
      'Stock out',
      'Closing',
    ]);
    assert.deepEqual(
      rows.sort((a, b) => (a[0]! + a[1]!).localeCompare(b[0]! + b[1]!)),
      [
        [pastDay, milk.name, WAREHOUSE, '0', '24', '0', '4', '20'],
        [today, noodles.name, WAREHOUSE, '0', '8', '2', '0', '10'],
        [today, rice.name, WAREHOUSE, '0', '50', '0', '0', '50'],
      ],
    );
  });

  step('Inventory Reports downloads inventory_report_{start}_to_{end}.csv', async () => {
    await page.getByRole('tab', { name: 'Reports' }).click();
    const reportForm = page.getByRole('form', { name: 'Inventory report' });
    const start = await reportForm.getByLabel(/^Start date/).inputValue();
    const end = await reportForm.getByLabel(/^End date/).inputValue();
    assert.equal(end, today);
    await reportForm.getByRole('button', { name: 'Generate' }).click();
    const table = page.getByRole('table', { name: 'Inventory report' });
    await eventually(async () => assert.ok((await table.locator('tbody tr').count()) >= 3));
    await screenshot(page, 'stock-inventory-report-1280x800');
    const file = await download(page, () => reportForm.getByRole('button', { name: 'Download CSV' }).click());
    assert.equal(file.filename, `inventory_report_${start}_to_${end}.csv`);
    const [header, ...rows] = parseCsv(file.text);
    assert.deepEqual(header, ['Period', 'Item', 'Warehouse', 'Open', 'In', 'Returned', 'Out', 'Closing']);
    // Per item over the weeks: what came in, returned, went out, and the last week's closing.
    const totals = new Map<string, { in: number; returned: number; out: number; closing: number }>();
    for (const [period, item, warehouse, , stockIn, returned, out, closing] of rows) {
      assert.match(period!, /^\d{4}-W\d{2}$/);
      assert.equal(warehouse, WAREHOUSE);
      const sum = totals.get(item!) ?? { in: 0, returned: 0, out: 0, closing: 0 };
      totals.set(item!, {
        in: sum.in + Number(stockIn),
        returned: sum.returned + Number(returned),
        out: sum.out + Number(out),
        closing: Number(closing),
      });
    }
    assert.deepEqual(Object.fromEntries(totals), {
      [rice.name]: { in: 50, returned: 0, out: 0, closing: 50 },
      [milk.name]: { in: 24, returned: 0, out: 4, closing: 20 },
      [noodles.name]: { in: 8, returned: 2, out: 0, closing: 10 },
    });
  });

  step('Restock View Data downloads purchase_data_{start}_{end}.csv with every purchase', async () => {
    await menuLink('Restock').click();
    await page.waitForURL('**/restock');
    await page.getByRole('tab', { name: 'View Data' }).click();
    const start = await page.getByLabel(/^Start date/).inputValue();
    const end = await page.getByLabel(/^End date/).inputValue();
    assert.deepEqual([start, end], [daysAgo(29), today]);
    const table = page.getByRole('table', { name: 'Purchase history' });
    await eventually(async () => assert.equal(await table.locator('tbody tr').count(), 5));
    // Every column, Actions included, fits beside the open menu on a 1280 px laptop: nothing to scroll.
    assert.equal(await page.getByTestId('scroll-hint').count(), 0, 'the purchase table scrolls sideways');
    await screenshot(page, 'stock-restock-view-data-1280x800');
    const file = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    assert.equal(file.filename, `purchase_data_${start}_${end}.csv`);
    const [header, ...rows] = parseCsv(file.text);
    assert.deepEqual(header, [
      'Item',
      'Supplier',
      'Quantity',
      'Unit Price',
      'Total',
      'Date',
      'Status',
      'Warehouse',
    ]);
    assert.deepEqual(
      rows.map((row) => row.join('|')).sort(),
      [
        [rice.name, rice.supplier, '40', '52000.00', '2080000.00', today, 'paid', WAREHOUSE],
        [rice.name, batch.supplier, '10', '51000.00', '510000.00', today, 'paid', WAREHOUSE],
        [milk.name, milk.supplier, '24', '2500.50', '60012.00', pastDay, 'paid', WAREHOUSE],
        [noodles.name, noodles.supplier, '5', '4750.00', '23750.00', today, 'paid', WAREHOUSE],
        [noodles.name, batch.supplier, '3', '4800.00', '14400.00', today, 'paid', WAREHOUSE],
      ]
        .map((row) => row.join('|'))
        .sort(),
    );
  });

  step('Restock Reports sums the last 30 days in its cards', async () => {
    await page.getByRole('tab', { name: 'Reports' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Reports' });
    await eventually(async () => {
      const text = await panel.innerText();
      assert.match(text, /Total Purchases\s+5\b/i);
      assert.match(text, /Total Amount\s+₦2,688,162\.00/i);
      assert.match(text, /Items Restocked\s+3\s+82 units/i);
      assert.match(text, /Warehouses\s+1\b/i);
      assert.match(text, /Recent Activity/);
    });
    await screenshot(page, 'stock-restock-reports-1280x800');
  });

  step(
    'a batch bought on credit is one purchase: one payment settles it, a delete takes all of it',
    async () => {
      const supplier = 'Obi Wholesale';
      const bought = await api('/restock/batch', {
        token,
        json: {
          supplier_name: supplier,
          purchase_date: today,
          warehouse_name: WAREHOUSE,
          payment_status: 'credit',
          payment_method: 'transfer',
          due_date: today,
          items: [
            { item_name: rice.name, quantity: 2, unit_price: 100 },
            { item_name: milk.name, quantity: 1, unit_price: 50 },
          ],
        },
      });
      assert.equal(bought.status, 201);
      await page.goto('/restock');
      await page.getByRole('tab', { name: 'View Data' }).click();
      const table = page.getByRole('table', { name: 'Purchase history' });
      await table.getByRole('button', { name: `Record payment for ${rice.name} from ${supplier}` }).click();
      const pay = dialog(`Record payment: 2 items from ${supplier}`);
      await pay.waitFor();
      assert.match(
        await pay.innerText(),
        /Total\s+₦250\.00[\s\S]*Already paid\s+₦0\.00[\s\S]*Remaining balance\s+₦250\.00/,
      );
      await page.waitForTimeout(400); // the modal's opening transition, for the picture only
      await screenshot(page, 'stock-batch-payment-1280x800');
      await pay.getByRole('button', { name: 'Record Payment' }).click();
      await toast('Payment recorded successfully').waitFor();
      await eventually(async () => {
        const lines = (
          (await api('/restock/', { token })).body as {
            supplier_name: string;
            payment_status: string;
            outstanding: number;
          }[]
        ).filter((line) => line.supplier_name === supplier);
        assert.deepEqual(
          lines.map((line) => [line.payment_status, line.outstanding]),
          [
            ['paid', 0],
            ['paid', 0],
          ],
        );
      });

      await table.getByRole('button', { name: `Delete purchase of ${milk.name} from ${supplier}` }).click();
      const confirm = dialog('Delete purchase');
      await confirm
        .getByText('This purchase was restocked as a batch of 2 items: all 2 are deleted together.')
        .waitFor();
      await page.waitForTimeout(400); // the modal's opening transition, for the picture only
      await screenshot(page, 'stock-batch-delete-1280x800');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
    },
  );

  step(
    'Inventory and Restock fit a 360 px phone without sideways scrolling',
    async () => {
      const phone = await browser.newContext({
        baseURL: BASE_URL,
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        storageState: await context.storageState(),
      });
      try {
        const small = await phone.newPage();
        small.setDefaultTimeout(15_000);
        small.on('pageerror', (error) => pageErrors.push(`${small.url()} (phone): ${error.message}`));
        await small.goto('/dashboard/inventory');
        await small
          .getByRole('table', { name: `Daily logs for ${today}` })
          .getByRole('row')
          .filter({ hasText: rice.name })
          .waitFor();
        await screenshot(small, 'stock-inventory-360x740');
        await assertNoSidewaysScroll(small, 'inventory', 360);
        for (const url of ['/dashboard/restock', '/restock']) {
          await small.goto(url);
          await small.getByRole('table', { name: 'Recent purchases' }).getByRole('row').nth(5).waitFor();
          await assertNoSidewaysScroll(small, url, 360);
        }
        await screenshot(small, 'stock-restock-360x740');
      } finally {
        await phone.close();
      }
    },
    { independent: true },
  );

  step(
    'no uncaught error in the page during the journey',
    async () => {
      assert.deepEqual(pageErrors, []);
    },
    { independent: true },
  );
});
