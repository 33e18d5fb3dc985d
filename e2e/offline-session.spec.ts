/**
 * An expired session on a phone (issue 16 §3: nothing queued is lost by an expired session; spec 1 §4 once the
 * server answers). The 24-hour token runs out overnight; in the morning the shop opens the app:
 * - with no network: it still opens and sells; when the network returns, the login screen, and after the sign-in
 *   the sale reaches the server once;
 * - with the phone saying "online" but the server out of reach (Wi-Fi without internet, data without signal): the
 *   same, since a login screen there could sign no one in; once the server answers, the login screen.
 * And with a live session on a network that passes nothing (calls leave, no answer comes), the app still opens
 * Sales within seconds and sells from the device.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  deviceStore,
  itemsKept,
  launchPhone,
  reloadWithExpiredToken,
  sellOffline,
  signInOnDevice,
  syncStatus,
  workerControls,
} from './support/offline-device.ts';
import {
  api,
  apiToken,
  BASE_URL,
  createBusiness,
  createSteps,
  eventually,
  screenshot,
  stockNewItem,
} from './support/harness.ts';

const WAREHOUSE = 'Oshodi Shop';
const RICE = 'Rice 50kg';

type TSaleRow = { invoice_number: string | null; item_name: string; quantity: number };

/** A new shop with rice in one warehouse, signed in on a phone that has opened Sales online once. */
async function shopOnPhone(name: string) {
  const shop = await createBusiness(name);
  const shopToken = await apiToken(shop);
  await stockNewItem(shopToken, { name: RICE, quantity: 5, warehouse: WAREHOUSE, everyone: false });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'offline-session-'));
  const phone = await launchPhone(profile);
  const page = phone.pages()[0] ?? (await phone.newPage());
  page.setDefaultTimeout(20_000);
  await signInOnDevice(page, shop);
  await page.goto(`${BASE_URL}/dashboard/sales`);
  await page.getByRole('form', { name: 'Add sale' }).waitFor();
  await itemsKept(page);
  await workerControls(page);
  const close = async () => {
    await phone.close();
    await rm(profile, { recursive: true, force: true });
  };
  return { shop, shopToken, phone, page, close };
}

/**
 * Reloads the app with its token expired an hour ago (the 24-hour token ran out overnight) and waits for the Add
 * Sale form, naming the page it ended on if it is not there.
 */
async function reopenSalesExpired(page: Page) {
  await reloadWithExpiredToken(page, 3600);
  await page
    .getByRole('form', { name: 'Add sale' })
    .waitFor({ timeout: 30_000 })
    .catch((error: unknown) => {
      throw new Error(`Add Sale not shown after the reload, at ${page.url()}`, { cause: error });
    });
}

/** The server holds the phone's sale of 2 × rice once, under its device receipt number. */
async function assertSaleOnServerOnce(shopToken: string, receipt: string) {
  const recorded = await api('/sales?limit=50', { token: shopToken });
  const rows = (recorded.body as TSaleRow[]).filter((row) => row.invoice_number === receipt);
  assert.deepEqual(
    rows.map((row) => [row.item_name, row.quantity]),
    [[RICE, 2]],
  );
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('login_token'));

/**
 * Once the server answers, the login screen (spec 1 §4) with the sale still on the phone; after the sign-in it
 * reaches the server once, under its device receipt number.
 */
async function signInThenSaleSyncsOnce(
  page: Page,
  shop: { username: string; password: string },
  shopToken: string,
  receipt: string,
  loginTimeoutMs: number,
) {
  await page.waitForURL('**/login', { timeout: loginTimeoutMs });
  assert.equal(await storedToken(page), null);
  assert.equal((await deviceStore(page, 'outbox')).length, 1, 'the sale waits on the phone');
  await signInOnDevice(page, shop);
  await eventually(async () => assert.deepEqual(await deviceStore(page, 'outbox'), []), 60_000);
  await assertSaleOnServerOnce(shopToken, receipt);
}

describe('an expired session on the phone', () => {
  const step = createSteps({ page: () => undefined, label: 'offline-session', timeoutMs: 150_000 });

  step(
    'with no network the phone still sells; when the network returns, the sign-in, then the sale goes once',
    async () => {
      const { shop, shopToken, phone, page, close } = await shopOnPhone('Iya Bose Foods');
      try {
        await phone.setOffline(true);
        await reopenSalesExpired(page);
        const receipt = await sellOffline(page, RICE, 2);
        await syncStatus(page).click();
        await page.getByText('Sign in again to send them').waitFor();
        await screenshot(page, 'offline-expired-session-360x740');
        await page.keyboard.press('Escape');

        await phone.setOffline(false);
        await signInThenSaleSyncsOnce(page, shop, shopToken, receipt, 20_000);
      } finally {
        await close();
      }
    },
    { independent: true },
  );

  step(
    'the phone says online but the server is out of reach: it still opens and sells; once the server answers, the sign-in',
    async () => {
      const { shop, shopToken, phone, page, close } = await shopOnPhone('Mama Tunde Stores');
      try {
        // Wi-Fi without internet: every call to the server fails, and the browser still says online.
        await phone.route('**/api/**', (route) => route.abort('internetdisconnected'));
        await reopenSalesExpired(page);
        assert.equal(await page.evaluate(() => navigator.onLine), true, 'the phone says it is online');
        assert.notEqual(await storedToken(page), null, 'the session is kept');
        const receipt = await sellOffline(page, RICE, 2);
        assert.match((await syncStatus(page).getAttribute('aria-label')) ?? '', /Offline · 1 waiting/);
        await syncStatus(page).click();
        await page.getByText('Sign in again to send them').waitFor();
        await page.keyboard.press('Escape');

        // The server answers again; no "online" event comes: the sync timer asks (every 30 s).
        await phone.unroute('**/api/**');
        await signInThenSaleSyncsOnce(page, shop, shopToken, receipt, 60_000);
      } finally {
        await close();
      }
    },
    { independent: true },
  );

  step(
    'a live session on a network that passes nothing: Sales opens within seconds and sells; then the sale goes once',
    async () => {
      const { shopToken, phone, page, close } = await shopOnPhone('Baba Sola Ventures');
      try {
        // Mobile data with a bar of signal and nothing passing: every call leaves and no answer comes.
        await phone.route('**/api/**', () => undefined);
        const reopened = Date.now();
        await page.reload();
        await page.getByRole('form', { name: 'Add sale' }).waitFor({ timeout: 30_000 });
        const waited = Date.now() - reopened;
        assert.ok(waited < 15_000, `Add Sale shown after ${waited} ms`);
        const receipt = await sellOffline(page, RICE, 2);
        assert.match((await syncStatus(page).getAttribute('aria-label')) ?? '', /Offline · 1 waiting/);
        await screenshot(page, 'offline-silent-network-360x740');

        // The network passes again; no "online" event comes: the sync timer asks (every 30 s).
        await phone.unroute('**/api/**');
        await eventually(async () => assert.deepEqual(await deviceStore(page, 'outbox'), []), 60_000);
        await assertSaleOnServerOnce(shopToken, receipt);
      } finally {
        await close();
      }
    },
    { independent: true },
  );
});
