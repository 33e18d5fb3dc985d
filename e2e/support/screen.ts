/** What journeys do on screens: sign in through the form, a phone-sized page, pick in a select, fit checks. */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL } from './harness.ts';

/** The page is no wider than the screen: nothing scrolls sideways. */
export async function assertNoSidewaysScroll(target: Page, screen: string, width: number) {
  const scrollWidth = await target.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `${screen}: the page is ${scrollWidth} px wide on a ${width} px screen`);
}

/** Picks `option` in a Mantine Select or Autocomplete: type, then click the suggestion. */
export async function pick(page: Page, input: Locator, typed: string, option: RegExp) {
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Chooses a value of a non-searchable Mantine Select. On a loaded machine the list has once opened
 * over its own input while the form above it was still unfolding, and stayed there; closing and
 * opening it again places it afresh, as a person would do.
 */
export async function choose(page: Page, input: Locator, option: string) {
  for (let attempt = 1; ; attempt++) {
    await input.click();
    try {
      await page
        .getByRole('option', { name: option, exact: true })
        .click({ timeout: attempt < 3 ? 5_000 : undefined });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Opens a browser context (prepared by `prepare` before the first page) with the app's login done
 * through the form; returns the page and its token.
 */
export async function logIn(
  browser: Browser,
  md: { username: string; password: string },
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  await prepare?.(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/login');
  await page.getByLabel(/username|business name/i).fill(md.username);
  await page.getByLabel(/^password/i).fill(md.password);
  await page.getByRole('button', { name: /^(login|sign in)/i }).click();
  await page.waitForURL('**/dashboard');
  const token = (await page.evaluate(() => localStorage.getItem('login_token'))) ?? '';
  assert.ok(token, 'a token is stored');
  return { context, page, token };
}

/** A 360 px phone context, signed in as in `context`. */
export async function phoneContext(browser: Browser, context: BrowserContext) {
  return browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    storageState: await context.storageState(),
  });
}

/** Open, supplied, returned, stock out, closing as the daily-log table shows them for an item. */
export async function shownLogRow(table: Locator, item: string) {
  const row = table.getByRole('row').filter({ hasText: item });
  const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
  assert.equal(cells.length, 8, `one row of 8 cells for ${item}, got ${JSON.stringify(cells)}`);
  const number = (text: string) => Number(text.replace(/low/i, '').replace(/,/g, '').trim());
  return {
    date: cells[0],
    warehouse: cells[2],
    open: number(cells[3]!),
    supplied: number(cells[4]!),
    returned: number(cells[5]!),
    stockOut: number(cells[6]!),
    closing: number(cells[7]!),
    low: /low/i.test(cells[7]!),
  };
}
