/** What a device keeps for offline work, read from its IndexedDB (web/src/lib/offline/db.ts). */
import assert from 'node:assert/strict';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import { BASE_URL, eventually } from './harness.ts';

/**
 * A phone (360×740, touch) on a profile kept in `profile`: its IndexedDB, service worker and caches survive
 * closing it, as a browser restart keeps them.
 */
export function launchPhone(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL: BASE_URL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
}

/** Waits until the service worker controls the page: from then on the app opens with no network. */
export async function workerControls(page: Page) {
  await eventually(async () =>
    assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), 'the worker controls'),
  );
}

/** Every row of one store of the device's `offline` database. */
export function deviceStore<TRow>(page: Page, store: 'outbox' | 'reference'): Promise<TRow[]> {
  return page.evaluate(
    (name) =>
      new Promise<TRow[]>((resolve, reject) => {
        const open = indexedDB.open('offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as TRow[]);
          };
        };
      }),
    store,
  );
}

/** Waits until the device keeps a warehouse's items (fetched after the app opens). */
export async function itemsKept(page: Page) {
  await eventually(async () => {
    const rows = await deviceStore<{ name: string }>(page, 'reference');
    assert.ok(
      rows.some((row) => row.name.startsWith('items:')),
      'the items are kept on the device',
    );
  }, 30_000);
}

/**
 * A queued record's body as the phone puts it on the wire: without its `localFields` ("name" or "list.*.name"),
 * as web/src/lib/offline/sync-engine.ts `wireBody` sends it.
 */
export function sentBody(record: { body: Record<string, unknown>; localFields?: string[] }) {
  const sent: Record<string, unknown> = { ...record.body };
  for (const field of record.localFields ?? []) {
    const [list, star, name] = field.split('.');
    if (star !== '*' || !name) delete sent[field];
    else if (Array.isArray(sent[list!]))
      sent[list!] = (sent[list!] as Record<string, unknown>[]).map((element) =>
        Object.fromEntries(Object.entries(element).filter(([key]) => key !== name)),
      );
  }
  return sent;
}

/**
 * Reloads the page with the stored token rewritten, at the new document's start, to one that expired `secondsAgo`
 * seconds ago: the app starts with an expired session and the page before it never ran with one (rewritten under
 * a live page, a call of its timers could meet the expired token while the page still read the network as
 * online, and end the session as the spec says for an online device).
 */
export async function reloadWithExpiredToken(page: Page, secondsAgo: number) {
  const marker = `expired-token-${Math.random()}`;
  await page.addInitScript(
    ({ ago, marker }) => {
      // Once: a later load (after the next sign-in) keeps its fresh token.
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      const [head, payload, signature] = (localStorage.getItem('login_token') ?? '').split('.');
      if (!payload) return;
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
      claims.exp = Math.floor(Date.now() / 1000) - ago;
      const encoded = btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      localStorage.setItem('login_token', [head, encoded, signature].join('.'));
    },
    { ago: secondsAgo, marker },
  );
  await page.reload();
}

/** Rewrites the stored session's token so that it expired `secondsAgo` seconds ago (its signature no longer fits). */
export async function expireStoredToken(page: Page, secondsAgo: number) {
  await page.evaluate((ago) => {
    const [head, payload, signature] = (localStorage.getItem('login_token') ?? '').split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    claims.exp = Math.floor(Date.now() / 1000) - ago;
    const encoded = btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    localStorage.setItem('login_token', [head, encoded, signature].join('.'));
  }, secondsAgo);
}

/** The header's sync badge (its aria-label reads "Sync status: Online · 2 waiting · last sync 10:42"). */
export const syncStatus = (page: Page) => page.getByTestId('sync-status');

/**
 * Signs in on the login screen (opened first unless the page is already there, so the app's state in memory
 * stays); answers the stored token.
 */
export async function signInOnDevice(page: Page, user: { username: string; password: string }) {
  if (new URL(page.url()).pathname !== '/login') await page.goto(`${BASE_URL}/login`);
  await page.getByLabel(/username|business name/i).fill(user.username);
  await page.getByLabel(/^password/i).fill(user.password);
  await page.getByRole('button', { name: /^(login|sign in)/i }).click();
  await page.waitForURL('**/dashboard**');
  return (await page.evaluate(() => localStorage.getItem('login_token'))) ?? '';
}

/** Rings up a walk-in cash sale of `quantity` × `item` on the Add Sale tab; answers its device receipt number. */
export async function sellOffline(page: Page, item: string, quantity: number) {
  const form = page.getByRole('form', { name: 'Add sale' });
  await form.waitFor();
  const search = form.getByRole('combobox', { name: 'Add item' });
  await search.click();
  await search.fill(item.slice(0, 2));
  await page.getByRole('option', { name: new RegExp(`^${item}`) }).click();
  const line = form.getByRole('list', { name: 'Items of the sale' }).getByRole('listitem', { name: item });
  await line.waitFor();
  for (let n = 1; n < quantity; n += 1) await line.getByRole('button', { name: `One more ${item}` }).click();
  await form.getByRole('button', { name: 'Record Sale' }).click();
  const heading = page.getByRole('heading', { name: /^OFF-[A-Z2-9]{6}-\d+ saved$/ });
  await heading.waitFor();
  const text = await heading.innerText();
  await page.getByRole('button', { name: 'New sale' }).click();
  return text.replace(/ saved$/, '');
}
