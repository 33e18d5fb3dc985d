/**
 * Expenses and returns recorded offline (issue 16 §3 and §5), in Chromium with the network cut, on a
 * persistent profile at 360 px:
 * - an expense (Expenses screen) and a return (Inventory screen) are saved on the phone and shown at once as
 *   "Waiting to sync"; the lists that cannot load offline say so instead of spinning;
 * - they are kept through an offline reload;
 * - the session expires while the phone is offline: when the network returns sync pauses, the app asks for a
 *   sign-in, and nothing is lost; meanwhile each request reached the server once with its answer lost;
 * - after the sign-in (in the same page, no reload) each is sent again with its key: the server has the
 *   expense once, with its public id and offline time, and the stock moved once.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { type BrowserContext, type Page } from 'playwright-core';
import {
  deviceStore,
  expireStoredToken,
  itemsKept,
  launchPhone,
  signInOnDevice,
  syncStatus,
  workerControls,
} from './support/offline-device.ts';
import { assertNoSidewaysScroll } from './support/screen.ts';
import {
  api,
  apiToken,
  BASE_URL,
  createBusiness,
  createSteps,
  stockNewItem,
  eventually,
  screenshot,
} from './support/harness.ts';

const WAREHOUSE = 'Yaba Store';
const RICE = 'Rice 50kg';
const ACCESS_CODE = '4321';
const OFFLINE_LIST = 'You are offline: this list will load when the connection returns.';
/** Screenshots to look at, outside the repository. */
const SHOTS = process.env.OFFLINE_SHOTS_DIR ?? '';

type TRecord = {
  kind: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  publicId: string;
  recordedAt: string;
  status: string;
};

/** The device's outbox. */
const outbox = (page: Page) => deviceStore<TRecord>(page, 'outbox');

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }
}

describe('offline expenses and returns', () => {
  let device: BrowserContext;
  let page: Page;
  let profile = '';
  let token = '';
  let md: { username: string; password: string };
  let stockBefore = 0;
  let queued: TRecord[] = [];
  const step = createSteps({ page: () => page, label: 'offline-expenses', timeoutMs: 120_000 });

  async function stockOfRice(): Promise<number> {
    const answer = await api(`/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`, {
      token,
    });
    return (answer.body as Record<string, { closing_balance: number }>)[RICE]!.closing_balance;
  }

  before(async () => {
    profile = await mkdtemp(path.join(os.tmpdir(), 'offline-expenses-'));
  });
  after(async () => {
    await device?.close();
    await rm(profile, { recursive: true, force: true });
  });

  step('a shop with rice and an access code; the phone signs in and opens the screens online', async () => {
    md = await createBusiness('Iya Basira Foods');
    token = await apiToken(md);
    await stockNewItem(token, { name: RICE, quantity: 10, warehouse: WAREHOUSE, everyone: false });
    const code = await api('/settings/access-code', { token, method: 'PUT', json: { code: ACCESS_CODE } });
    assert.equal(code.status, 200, JSON.stringify(code.body));
    stockBefore = await stockOfRice();

    device = await launchPhone(profile);
    page = device.pages()[0] ?? (await device.newPage());
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => console.log(`page error: ${error.stack ?? error.message}`));
    await page.goto(`${BASE_URL}/login`);
    await signInOnDevice(page, md);
    await page.goto(`${BASE_URL}/dashboard/expenses`);
    await page.getByText('No expenses recorded yet.').waitFor();
    await page.goto(`${BASE_URL}/dashboard/inventory`);
    await page.getByRole('region', { name: 'Return item' }).waitFor();
    await itemsKept(page);
    await workerControls(page);
  });

  step('offline: an expense is saved on the phone and its list shows it as waiting to sync', async () => {
    await device.setOffline(true);
    await page.goto(`${BASE_URL}/dashboard/expenses`);
    // The server's list cannot load: it says so instead of spinning.
    await page.getByText(OFFLINE_LIST).waitFor();
    await page.getByRole('button', { name: 'New Expense' }).click();
    const form = page.getByRole('form', { name: 'New Expense' });
    await form.getByLabel(/^Vendor name/).fill('Ikeja Electric');
    await form.getByLabel(/^Total amount/).fill('4500');
    await form.getByRole('button', { name: 'Save Expense' }).click();
    await page
      .getByText('Expense saved on this device; it will be sent when the connection returns')
      .waitFor();
    const card = page.getByTestId('queued-expense');
    await card.filter({ hasText: 'Ikeja Electric · ₦4,500.00' }).waitFor();
    assert.match(await card.innerText(), /Waiting to sync/i);
    await page.getByText(OFFLINE_LIST).waitFor();
    assert.match((await syncStatus(page).getAttribute('aria-label')) ?? '', /Offline · 1 waiting/);
    await assertNoSidewaysScroll(page, 'offline expenses', 360);
    await shot(page, 'offline-expense-waiting-360x740');
  });

  step('offline: a return on the Inventory screen is saved and shown as waiting to sync', async () => {
    await page.goto(`${BASE_URL}/dashboard/inventory`);
    const section = page.getByRole('region', { name: 'Return item' });
    const item = section.getByRole('combobox', { name: /^Item/ });
    await item.click();
    await item.fill('Ri');
    await page.getByRole('option', { name: RICE }).click();
    await section.getByRole('textbox', { name: /^Quantity/ }).fill('2');
    await section.getByLabel(/^Access code/).fill(ACCESS_CODE);
    await section.getByRole('button', { name: 'Return item' }).click();
    await section
      .getByText('Return saved on this device; it will be sent when the connection returns')
      .waitFor();
    const card = section.getByTestId('queued-return');
    await card.filter({ hasText: `${RICE} × 2 returned` }).waitFor();
    assert.match(await card.innerText(), /Waiting to sync/i);
    // The daily logs and low stock cannot load offline.
    await page.getByText(OFFLINE_LIST).first().waitFor();
    assert.equal(await page.getByText(OFFLINE_LIST).count(), 2, 'low stock and daily logs');
    assert.match((await syncStatus(page).getAttribute('aria-label')) ?? '', /Offline · 2 waiting/);
    await assertNoSidewaysScroll(page, 'offline return', 360);
    await shot(page, 'offline-return-waiting-360x740');
    queued = await outbox(page);
    assert.deepEqual(
      queued.map((record) => [record.kind, record.path, record.status]),
      [
        ['expense', '/expenses/json', 'waiting'],
        ['return', '/inventory/return-item', 'waiting'],
      ],
    );
    assert.equal(queued[0]!.body.public_id, queued[0]!.publicId);
    assert.equal(queued[0]!.body.recorded_at, queued[0]!.recordedAt);
    assert.equal(queued[1]!.body.recorded_at, queued[1]!.recordedAt);
  });

  step('a reload while offline still shows both', async () => {
    await page.reload();
    await page.getByTestId('queued-return').waitFor();
    await page.goto(`${BASE_URL}/dashboard/expenses`);
    await page.getByTestId('queued-expense').waitFor();
    assert.deepEqual(await outbox(page), queued);
  });

  step(
    'the session expires offline; the network returns: sync pauses, the app asks for a sign-in, nothing is lost',
    async () => {
      await page.goto(`${BASE_URL}/dashboard/inventory`);
      await page.getByTestId('queued-return').waitFor();
      await expireStoredToken(page, 60);
      await device.setOffline(false);
      // The inventory screen refreshes itself: its next call finds the session gone.
      await page.waitForURL('**/login', { timeout: 30_000 });
      // Sync did not start with the expired session: no record was ever marked as sending.
      assert.deepEqual(
        (await outbox(page)).map((record) => [record.kind, record.status]),
        [
          ['expense', 'waiting'],
          ['return', 'waiting'],
        ],
      );
      const expenses = await api('/expenses', { token });
      assert.deepEqual(expenses.body, [], 'nothing reached the server');
      assert.equal(await stockOfRice(), stockBefore);
    },
  );

  step(
    'each request reached the server with its answer lost; after the sign-in they sync once, with their time',
    async () => {
      // The phone's requests, as the phone sends them, landed (their answers never came back).
      for (const record of queued) {
        const landed = await fetch(`${BASE_URL}/api${record.path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': record.idempotencyKey,
          },
          body: JSON.stringify(record.body),
        });
        assert.equal(landed.status, 201, await landed.text());
      }
      assert.equal(await stockOfRice(), stockBefore + 2);

      await signInOnDevice(page, md);
      await eventually(async () => assert.deepEqual(await outbox(page), []), 60_000);
      const expenses = (await api('/expenses', { token })).body as {
        public_id: string;
        created_at: string;
        vendor_name: string;
        total_amount: number;
      }[];
      assert.equal(expenses.length, 1, 'one expense on the server');
      assert.deepEqual(
        [expenses[0]!.vendor_name, expenses[0]!.total_amount, expenses[0]!.public_id],
        ['Ikeja Electric', 4_500, queued[0]!.publicId],
      );
      assert.equal(new Date(expenses[0]!.created_at).toISOString(), queued[0]!.recordedAt);
      assert.equal(await stockOfRice(), stockBefore + 2, 'the stock moved once');
      // The badge counts again once the pass has ended.
      await eventually(async () =>
        assert.match(
          (await syncStatus(page).getAttribute('aria-label')) ?? '',
          /^Sync status: Online · last sync .+$/,
        ),
      );
    },
  );

  step(
    'a return queued with a wrong code is refused, keeps no code, and Send again asks for it once more',
    async () => {
      await page.goto(`${BASE_URL}/dashboard/inventory`);
      await device.setOffline(true);
      const section = page.getByRole('region', { name: 'Return item' });
      const item = section.getByRole('combobox', { name: /^Item/ });
      await item.click();
      await item.fill('Ri');
      await page.getByRole('option', { name: RICE }).click();
      await section.getByLabel(/^Access code/).fill('9999');
      await section.getByRole('button', { name: 'Return item' }).click();
      const card = section.getByTestId('queued-return');
      await card.filter({ hasText: `${RICE} × 1 returned` }).waitFor();

      await device.setOffline(false);
      await card.getByText('Needs attention').waitFor({ timeout: 30_000 });
      const [refused] = await outbox(page);
      assert.equal(refused!.status, 'needs_attention');
      assert.equal('access_code' in refused!.body, false, 'the wrong code is not kept on the device');
      assert.equal(await stockOfRice(), stockBefore + 2, 'nothing returned yet');
      await shot(page, 'offline-return-refused-360x740');

      await card.getByRole('button', { name: 'Send again' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send the return again' });
      await dialog.getByLabel(/^Access code/).fill(ACCESS_CODE);
      await assertNoSidewaysScroll(page, 'send the return again', 360);
      await shot(page, 'offline-return-send-again-360x740');
      await dialog.getByRole('button', { name: 'Send again' }).click();
      await eventually(async () => assert.deepEqual(await outbox(page), []), 60_000);
      assert.equal(await stockOfRice(), stockBefore + 3, 'the return went through once');
    },
  );
});
