/**
 * Offline recording (issue 16 §3 and §5), in Chromium with the network cut (`context.setOffline(true)`):
 * - three sales recorded offline are kept on the device through a reload and a browser restart (a persistent
 *   profile: the same IndexedDB), and once the network is back the server has each exactly once, with the
 *   device's receipt number and the time it was tapped, and the stock fell;
 * - the connection dropped in the middle of a sync (the server received the sale, the answer was lost; the
 *   journey sends the phone's own request, body and Idempotency-Key, to the server itself: a route that
 *   fetched then aborted left the phone's request unanswered here, with the service worker in front): the
 *   resend is answered from its key, no duplicate;
 * - two devices sell the last unit offline: the first to sync records it, the second gets "Needs attention"
 *   with the server's reason, can discard it, and nothing wrong is recorded.
 * An expired session on the device: offline-session.spec.ts.
 */
import assert from 'node:assert/strict';
import { businessDate } from '@app/domain/dates/business-date';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import {
  deviceStore,
  itemsKept,
  sentBody,
  launchPhone,
  sellOffline,
  signInOnDevice,
  syncStatus,
  workerControls,
} from './support/offline-device.ts';
import { assertNoSidewaysScroll } from './support/screen.ts';
import {
  api,
  ARTIFACTS_DIR,
  BASE_URL,
  createBusiness,
  createSteps,
  eventually,
  screenshot,
} from './support/harness.ts';

const today = businessDate();

const WAREHOUSE = 'Oshodi Shop';
const RICE = 'Rice 50kg';
const GARRI = 'Garri Ijebu';

type TQueued = {
  publicId: string;
  recordedAt: string;
  status: string;
  detail: string | null;
  receipt: string;
};
type TSaleRow = { sale_id: number; invoice_number: string | null; item_name: string; quantity: number };

/** The device's outbox, as the journey compares it. */
async function outbox(page: Page): Promise<TQueued[]> {
  const records = await deviceStore<Omit<TQueued, 'receipt'> & { summary: { receipt_number: string } }>(
    page,
    'outbox',
  );
  return records.map((r) => ({
    publicId: r.publicId,
    recordedAt: r.recordedAt,
    status: r.status,
    detail: r.detail,
    receipt: r.summary.receipt_number,
  }));
}

describe('offline recording', () => {
  let browser: Browser;
  let device: BrowserContext;
  let page: Page;
  let profile = '';
  let token = '';
  let md: { username: string; password: string };
  let stockBefore = 0;
  let creditSale = { sale_id: 0, sale_number: 0 };
  let queued: TQueued[] = [];
  const receipts: string[] = [];
  const step = createSteps({ page: () => page, label: 'offline', timeoutMs: 120_000 });

  const launchDevice = () => launchPhone(profile);

  async function sales(): Promise<TSaleRow[]> {
    const answer = await api('/sales?limit=200', { token });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as TSaleRow[];
  }
  async function itemId(item: string): Promise<number> {
    const answer = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token,
    });
    return (answer.body as Record<string, { item_id: number }>)[item]!.item_id;
  }
  async function stockOf(item: string): Promise<number> {
    const answer = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token,
    });
    return (answer.body as Record<string, { closing_balance: number }>)[item]!.closing_balance;
  }

  before(async () => {
    browser = await launchBrowser();
    profile = await mkdtemp(path.join(os.tmpdir(), 'offline-device-'));
  });
  after(async () => {
    await device?.close();
    await browser?.close();
    await rm(profile, { recursive: true, force: true });
  });

  step('a shop with rice and one bag of garri; the phone signs in and opens Sales online', async () => {
    md = await createBusiness('Mama Nkechi Provisions');
    const login = await api('/auth/token', { form: { username: md.username, password: md.password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const apiToken = (login.body as { access_token: string }).access_token;
    for (const [item, quantity, first] of [
      [RICE, 20, true],
      [GARRI, 1, false],
    ] as const) {
      const created = await api('/restock/new-item', {
        token: apiToken,
        json: {
          item_name: item,
          supplied_quantity: quantity,
          reorder_level: 0,
          unit_price: 1_000,
          selling_price: item === RICE ? 52_000 : 3_500,
          supplier_name: 'Chi Distributors',
          purchase_date: today,
          payment_status: 'paid',
          payment_method: 'cash',
          ...(first ? { new_warehouse_name: WAREHOUSE } : { warehouse_name: WAREHOUSE }),
          access_choice: 'No',
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
    }
    device = await launchDevice();
    page = device.pages()[0] ?? (await device.newPage());
    page.setDefaultTimeout(20_000);
    token = await signInOnDevice(page, md);
    assert.ok(token);
    await page.goto(`${BASE_URL}/dashboard/sales`);
    await page.getByRole('form', { name: 'Add sale' }).waitFor();
    await itemsKept(page);
    await workerControls(page);
    const credit = await api('/sales/batch', {
      token,
      json: {
        sale_date: today,
        warehouse_name: WAREHOUSE,
        customer_name: 'Chief Obi',
        customer_phone: '08031234567',
        items: [{ item_id: await itemId(RICE), quantity: 1, unit_price: 52_000, warehouse_name: WAREHOUSE }],
        payment_method: 'none',
        payment_status: 'credit',
        due_date: today,
        invoice_override: true,
      },
    });
    assert.equal(credit.status, 201, JSON.stringify(credit.body));
    creditSale = (credit.body as { sale: { sale_id: number; sale_number: number } }).sale;
    // The Pending list is read once online; offline the phone shows what it read.
    await page.getByRole('tab', { name: 'Pending', exact: true }).click();
    await page.getByRole('button', { name: `Record payment for sale #${creditSale.sale_number}` }).waitFor();
    stockBefore = await stockOf(RICE);
  });

  step(
    'offline: a payment and three sales are saved on the phone (receipt numbers), shown as waiting',
    async () => {
      const freeLeft = async () =>
        Number(/(\d+) free transactions? remaining/.exec(await page.locator('body').innerText())?.[1]);
      const freeBefore = await freeLeft();
      await device.setOffline(true);
      await eventually(async () => assert.match((await syncStatus(page).innerText()) ?? '', /Offline/));
      await page.getByRole('button', { name: `Record payment for sale #${creditSale.sale_number}` }).click();
      const payment = page.getByRole('form', { name: 'Record payment' });
      await payment.getByLabel('Amount (₦)').fill('5000');
      await payment.getByRole('button', { name: 'Record Payment' }).click();
      await page.getByTestId('queued-payment').filter({ hasText: 'Payment of ₦5,000.00' }).waitFor();
      await page.getByRole('tab', { name: 'Add Sale', exact: true }).click();
      for (const quantity of [1, 2, 3]) receipts.push(await sellOffline(page, RICE, quantity));
      assert.equal(new Set(receipts).size, 3, `three different receipt numbers: ${receipts.join(', ')}`);
      queued = await outbox(page);
      assert.deepEqual(
        queued.map((record) => [record.receipt ?? 'payment', record.status]),
        ['payment', ...receipts].map((receipt) => [receipt, 'waiting']),
      );
      assert.match((await syncStatus(page).getAttribute('aria-label')) ?? '', /Offline · 4 waiting/);
      // The three sales will each take a free transaction (the payment none): the plan's badge counts them.
      assert.equal(await freeLeft(), freeBefore - 3);
      await page.getByRole('tab', { name: 'List', exact: true }).click();
      const cards = page.getByTestId('queued-sale');
      await eventually(async () => assert.equal(await cards.count(), 3));
      assert.equal(await cards.filter({ hasText: 'Waiting to sync' }).count(), 3);
      await screenshot(page, 'offline-list-waiting-360x740');
      await assertNoSidewaysScroll(page, 'offline list', 360);

      // A waiting sale's receipt prints from the list, with the number the phone gave it.
      await cards.filter({ hasText: receipts[2]! }).getByRole('button', { name: 'Receipt' }).click();
      const receipt = page.getByRole('dialog', { name: 'Receipt' });
      await receipt.getByRole('heading', { name: `${receipts[2]!} saved` }).waitFor();
      assert.match(
        await receipt.getByRole('list', { name: 'Items sold' }).innerText(),
        new RegExp(`${RICE} × 3`),
      );
      await receipt.getByRole('button', { name: 'Print' }).waitFor();
      // On paper the heading is the number alone (no "saved", no icon).
      await page.emulateMedia({ media: 'print' });
      // (The page around the receipt is hidden on paper, the dialog's role with it: found by id.)
      assert.equal((await page.locator('#receipt-step-heading').innerText()).trim(), receipts[2]);
      const onPaper = page.locator('section[aria-labelledby="receipt-step-heading"]');
      assert.equal(await onPaper.locator('svg').filter({ visible: true }).count(), 0);
      await page.emulateMedia({ media: 'screen' });
      await screenshot(page, 'offline-queued-receipt-360x740');
      await page.keyboard.press('Escape');
      await receipt.waitFor({ state: 'hidden' });
    },
  );

  step('a reload while offline opens from the service worker and still shows the three', async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'List', exact: true }).click();
    await eventually(async () => assert.equal(await page.getByTestId('queued-sale').count(), 3));
    assert.match((await syncStatus(page).getAttribute('aria-label')) ?? '', /Offline · 4 waiting/);
  });

  step('the browser closes and opens again on the same profile, still offline: nothing is lost', async () => {
    await device.close();
    device = await launchDevice();
    await device.setOffline(true);
    page = device.pages()[0] ?? (await device.newPage());
    page.setDefaultTimeout(20_000);
    await page.goto(`${BASE_URL}/dashboard/sales`);
    await page.getByRole('tab', { name: 'List', exact: true }).click();
    await eventually(async () => assert.equal(await page.getByTestId('queued-sale').count(), 3));
    assert.deepEqual(await outbox(page), queued);
    await syncStatus(page).click();
    await page.getByText('4 waiting to sync').waitFor();
    await assertNoSidewaysScroll(page, 'sync status panel', 360);
    // The panel's opening transition.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'offline-sync-status-360x740.png') });
    await page.keyboard.press('Escape');
  });

  step(
    'the network returns: each sale reaches the server once, with its time, and the stock fell',
    async () => {
      await device.setOffline(false);
      await eventually(async () => assert.deepEqual(await outbox(page), []), 60_000);
      await eventually(async () => assert.equal(await page.getByTestId('queued-sale').count(), 0));
      assert.match(
        (await syncStatus(page).getAttribute('aria-label')) ?? '',
        /^Sync status: Online · last sync .+$/,
      );
      const rows = (await sales()).filter((row) => row.invoice_number?.startsWith('OFF-'));
      assert.deepEqual(rows.map((row) => row.invoice_number).sort(), [...receipts].sort());
      const walkIns = await api(
        `/sales/for-receipt?date=${today}&customer_name=${encodeURIComponent('Walk-in customer')}`,
        { token },
      );
      const full = walkIns.body as { invoice_number: string; public_id: string; created_at: string }[];
      for (const [index, receipt] of receipts.entries()) {
        assert.equal(rows.find((r) => r.invoice_number === receipt)!.quantity, index + 1);
        const sale = full.find((s) => s.invoice_number === receipt)!;
        const record = queued.find((q) => q.receipt === receipt)!;
        assert.equal(sale.public_id, record.publicId);
        assert.equal(
          new Date(sale.created_at).toISOString(),
          record.recordedAt,
          'the sale keeps its offline time',
        );
      }
      assert.equal(await stockOf(RICE), stockBefore - 6);
      const pending = (await api('/sales/pending', { token })).body as {
        sale_id: number;
        amount_paid: number;
      }[];
      assert.equal(
        pending.find((sale) => sale.sale_id === creditSale.sale_id)?.amount_paid,
        5_000,
        'the payment is recorded once',
      );
      await page.getByRole('tab', { name: 'List', exact: true }).click();
      // The List fetched again once the sales were synced: the server's rows, none on the device.
      await page.getByRole('main').getByText('Chief Obi').first().waitFor();
      await screenshot(page, 'offline-synced-list-360x740');
    },
  );

  step('the connection drops after the server took a sale: the resend is not a duplicate', async () => {
    await page.getByRole('tab', { name: 'Add Sale', exact: true }).click();
    await device.setOffline(true);
    const receipt = await sellOffline(page, RICE, 1);
    // The phone's attempt reached the server, which recorded the sale; its answer was lost on the way back
    // (the request sent as the phone sends it: the record's body on the wire and its Idempotency-Key).
    const [record] = await deviceStore<{
      body: Record<string, unknown>;
      localFields?: string[];
      idempotencyKey: string;
    }>(page, 'outbox');
    const landed = await fetch(`${BASE_URL}/api/sales/batch`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': record!.idempotencyKey,
      },
      body: JSON.stringify(sentBody(record!)),
    });
    assert.equal(landed.status, 201);
    assert.equal(await stockOf(RICE), stockBefore - 7);
    // The phone, still without that answer, sends it again when the network returns.
    await device.setOffline(false);
    await eventually(async () => assert.deepEqual(await outbox(page), []), 60_000);
    const rows = (await sales()).filter((row) => row.invoice_number === receipt);
    assert.equal(new Set(rows.map((row) => row.sale_id)).size, 1, 'one sale on the server');
    assert.equal(await stockOf(RICE), stockBefore - 7);
  });

  step(
    'a payment the server refuses (the sale was paid meanwhile) is edited on the phone and sent again',
    async () => {
      const stillPending = async () =>
        ((await api('/sales/pending', { token })).body as { sale_id: number; outstanding: number }[]).find(
          (sale) => sale.sale_id === creditSale.sale_id,
        );
      const owed = (await stillPending())!.outstanding;
      await page.getByRole('tab', { name: 'Pending', exact: true }).click();
      const pay = page.getByRole('button', { name: `Record payment for sale #${creditSale.sale_number}` });
      // Read online; offline the phone shows what it read.
      await pay.waitFor();
      await device.setOffline(true);
      await pay.click();
      const payment = page.getByRole('form', { name: 'Record payment' });
      await payment.getByLabel('Amount (₦)').fill('1000');
      await payment.getByRole('button', { name: 'Record Payment' }).click();
      const card = page.getByTestId('queued-payment');
      await card.filter({ hasText: 'Payment of ₦1,000.00' }).waitFor();
      // Meanwhile the counter takes all but ₦500 of what the sale owes.
      const paid = await api(`/sales/${creditSale.sale_id}/payments`, {
        token,
        json: { amount: owed - 500, payment_method: 'cash', payment_date: today },
      });
      assert.equal(paid.status, 201, JSON.stringify(paid.body));
      await device.setOffline(false);
      await card
        .getByText('Payment of ₦1,000.00 is more than the outstanding ₦500.00')
        .waitFor({ timeout: 60_000 });
      await card.getByRole('button', { name: 'Edit and resend' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit and resend the payment' });
      // The refusal made the phone read the sale again: it owes ₦500.
      await dialog.getByText(`Sale #${creditSale.sale_number}, Chief Obi: ₦500.00 outstanding`).waitFor();
      await dialog.getByRole('textbox', { name: 'Amount' }).fill('500');
      await assertNoSidewaysScroll(page, 'edit a refused payment', 360);
      await screenshot(page, 'offline-payment-edit-360x740');
      await dialog.getByRole('button', { name: 'Resend' }).click();
      await eventually(async () => assert.deepEqual(await outbox(page), []), 60_000);
      assert.equal(await stillPending(), undefined, 'the sale is paid in full, by ₦500 more');
    },
  );

  step(
    'two phones sell the last garri offline: the second to sync needs attention, nothing wrong is recorded',
    async () => {
      // Two more phones of the shop (fresh profiles), each with the garri kept while online.
      const phones = await Promise.all(
        [360, 1280].map(async (width) => {
          const context = await browser.newContext({
            baseURL: BASE_URL,
            viewport: { width, height: width === 360 ? 740 : 800 },
          });
          const phonePage = await context.newPage();
          phonePage.setDefaultTimeout(20_000);
          await signInOnDevice(phonePage, md);
          await phonePage.goto(`${BASE_URL}/dashboard/sales`);
          await phonePage.getByRole('form', { name: 'Add sale' }).waitFor();
          await itemsKept(phonePage);
          return { context, page: phonePage };
        }),
      );
      const [one, two] = phones as [(typeof phones)[0], (typeof phones)[0]];
      const other = two.context;
      const second = two.page;

      await one.context.setOffline(true);
      await other.setOffline(true);
      const first = await sellOffline(one.page, GARRI, 1);
      const late = await sellOffline(second, GARRI, 1);
      await one.context.setOffline(false);
      await eventually(async () => assert.deepEqual(await outbox(one.page), []), 60_000);
      await one.context.close();
      await other.setOffline(false);
      await eventually(async () => {
        const [record] = await outbox(second);
        assert.equal(record?.status, 'needs_attention');
        assert.equal(record?.detail, `Insufficient stock for ${GARRI}: 0 left`);
      }, 60_000);

      const garri = (await sales()).filter((row) => row.item_name === GARRI);
      assert.deepEqual(
        garri.map((row) => row.invoice_number),
        [first],
        'only the first phone’s sale is recorded',
      );
      assert.equal(await stockOf(GARRI), 0);

      await second.getByRole('tab', { name: 'List', exact: true }).click();
      const card = second.getByTestId('queued-sale');
      await card.filter({ hasText: 'Needs attention' }).waitFor();
      await card.getByText(`Insufficient stock for ${GARRI}: 0 left`).waitFor();
      assert.match(await card.innerText(), new RegExp(late));
      assert.match((await syncStatus(second).getAttribute('aria-label')) ?? '', /1 need attention/);
      await screenshot(second, 'offline-needs-attention-1280x800');
      await syncStatus(second).click();
      const panel = second.getByRole('status').filter({ hasText: 'need attention' });
      await panel.getByText(`Insufficient stock for ${GARRI}: 0 left`).waitFor();
      await panel.getByRole('link', { name: 'Open Sales → List' }).waitFor();
      await screenshot(second, 'offline-sync-panel-refused-1280x800');
      await second.keyboard.press('Escape');

      await card.getByRole('button', { name: 'Edit and resend' }).click();
      const edit = second.getByRole('dialog', { name: 'Edit and resend the sale' });
      await edit.getByText(`Insufficient stock for ${GARRI}: 0 left`).waitFor();
      await edit.getByRole('textbox', { name: new RegExp(GARRI) }).waitFor();
      await screenshot(second, 'offline-edit-refused-sale-1280x800');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'hidden' });

      await card.getByRole('button', { name: 'Discard' }).click();
      await second
        .getByRole('dialog', { name: 'Discard this sale?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await eventually(async () => assert.equal(await card.count(), 0));
      assert.deepEqual(await outbox(second), []);
      assert.equal((await sales()).filter((row) => row.item_name === GARRI).length, 1);
      await other.close();
    },
    // Its own phones: it runs whatever the steps before it did.
    { independent: true },
  );
});
