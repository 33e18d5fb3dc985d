/**
 * What every journey spec shares: the running app (BASE_URL, E2E_DATA_DIR from e2e/run.mjs),
 * direct API calls to check what was stored, the outbox, screenshots, and sequential steps.
 */
import { businessDate } from '@app/domain/dates/business-date';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const DATA_DIR = process.env.E2E_DATA_DIR;
export const ARTIFACTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
  process.env.E2E_LABEL ?? 'local',
);

/** A short random suffix so journeys never collide on names or e-mails. */
export const uniqueId = () => randomBytes(4).toString('hex');

export type TApiAnswer = { status: number; body: unknown };

/** Calls the API directly: JSON by default, a form when `form` is given. */
export async function api(
  urlPath: string,
  options: { token?: string; method?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<TApiAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | URLSearchParams | undefined;
  if (options.form) body = new URLSearchParams(options.form);
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${BASE_URL}/api${urlPath}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}

/** Registers a business and logs its MD in through the API (for specs whose subject is elsewhere). */
export async function createBusiness(prefix = 'Test Stores') {
  const id = uniqueId();
  const md = { username: `${prefix} ${id}`, email: `md-${id}@e2e.example`, password: `Md-pass-${id}` };
  const registered = await api('/auth/register', { json: { ...md, accepted_terms: true } });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return md;
}

/** Signs an account in through the API (`username` is the business name for an MD, `email` an employee's). */
export async function apiToken(account: { username: string; password: string }): Promise<string> {
  const login = await api('/auth/token', {
    form: { username: account.username, password: account.password },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return (login.body as { access_token: string }).access_token;
}

/**
 * Stocks a new item through Restock's New Item call: `quantity` units bought at ₦40,000, sold at ₦52,000, in
 * a new warehouse `warehouse`; `everyone` opens the warehouse to every employee.
 */
export async function stockNewItem(
  token: string,
  item: { name: string; quantity: number; warehouse: string; everyone: boolean },
): Promise<void> {
  const created = await api('/restock/new-item', {
    token,
    json: {
      item_name: item.name,
      supplied_quantity: item.quantity,
      reorder_level: 0,
      unit_price: 40_000,
      selling_price: 52_000,
      supplier_name: 'Chi Distributors',
      purchase_date: businessDate(),
      payment_status: 'paid',
      payment_method: 'cash',
      new_warehouse_name: item.warehouse,
      access_choice: item.everyone ? 'Yes' : 'No',
    },
  });
  if (created.status !== 201) throw new Error(`new-item: ${created.status} ${JSON.stringify(created.body)}`);
}

/** The MD adds an employee through the API and grants `keys`; answers the employee's id. */
export async function addEmployee(
  mdToken: string,
  employee: { name: string; email: string; password: string },
  keys: readonly string[],
): Promise<number> {
  const created = await api('/dashboard/create-employee', { token: mdToken, json: employee });
  if (created.status !== 201)
    throw new Error(`create-employee: ${created.status} ${JSON.stringify(created.body)}`);
  const employeeId = (created.body as { employee: { employee_id: number } }).employee.employee_id;
  const granted = await api(`/settings/employee-permissions/${employeeId}`, {
    token: mdToken,
    json: keys.map((resource_key) => ({ resource_key, can_access: true })),
  });
  if (granted.status !== 200)
    throw new Error(`employee-permissions: ${granted.status} ${JSON.stringify(granted.body)}`);
  return employeeId;
}

/** The plain-text body of the newest outbox e-mail to `to`, waiting for the worker (every 5 s). */
export async function readOutboxMail(to: string, timeoutMs = 20_000): Promise<string> {
  if (!DATA_DIR) throw new Error('E2E_DATA_DIR is not set: run the journeys through e2e/run.mjs');
  const outbox = path.join(DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      if (!new RegExp(`^To:.*${escapeRegExp(to)}`, 'im').test(head)) continue;
      const body = rest.join('\n\n');
      return /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body;
    }
    await sleep(500);
  }
  throw new Error(`no e-mail to ${to} in ${outbox} after ${timeoutMs} ms`);
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * Retries `check` (assertions) until it passes or `timeoutMs` runs out, then throws its last error:
 * for screens that show new data after a refetch.
 */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 15_000,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(intervalMs);
    }
  }
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Saves a full-page PNG under e2e/artifacts/<run label>/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  // A dialog or toast still fading in would be caught half-drawn: let finite transitions end (1 s at most).
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((done) => setTimeout(done, 1_000))]);
  });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Each watched page's last API calls, for a failed step's report. */
const apiCalls = new WeakMap<Page, { call: string; startedAt: number; outcome: string | null }[]>();

function watchApiCalls(page: Page): void {
  if (apiCalls.has(page)) return;
  const calls: { call: string; startedAt: number; outcome: string | null }[] = [];
  apiCalls.set(page, calls);
  const pending = new Map<object, (typeof calls)[number]>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    const entry = { call: `${request.method()} ${pathname}`, startedAt: Date.now(), outcome: null };
    pending.set(request, entry);
    calls.push(entry);
    if (calls.length > 10) calls.shift();
  });
  const settle = (request: object, outcome: string) => {
    const entry = pending.get(request);
    if (entry) entry.outcome = `${outcome} after ${Date.now() - entry.startedAt} ms`;
    pending.delete(request);
  };
  page.on('requestfinished', (request) => {
    void request.response().then((response) => settle(request, String(response?.status() ?? '?')));
  });
  page.on('requestfailed', (request) => settle(request, `failed (${request.failure()?.errorText ?? '?'})`));
}

/**
 * What a failed step's report adds to its screenshot (kept only on the machine that ran it): the messages the
 * page shows and its last API calls, each with its status (or its failure) and time.
 */
async function pageDiagnostics(page: Page): Promise<string[]> {
  const shown = await page
    .locator('[role="alert"], [role="status"]')
    .allInnerTexts()
    .catch(() => []);
  const now = Date.now();
  return [
    ...shown.filter((text) => text.trim()).map((text) => `shown: ${text.replace(/\s+/g, ' ').trim()}`),
    ...(apiCalls.get(page) ?? []).map(
      ({ call, startedAt, outcome }) =>
        `api: ${call} ${outcome ?? 'no answer yet'} (sent ${Math.round((now - startedAt) / 1000)} s ago)`,
    ),
  ];
}

/**
 * Steps of one journey, run in order as separate tests so the report says which step broke.
 * After a failure the remaining steps are skipped (they depend on it), except `independent` ones;
 * a failing step leaves a screenshot of `page`.
 */
export function createSteps(options: { page: () => Page | undefined; label?: string; timeoutMs?: number }) {
  let failedStep: string | null = null;
  let count = 0;
  return (name: string, fn: () => Promise<void>, { independent = false } = {}) => {
    const number = ++count;
    test(name, { timeout: options.timeoutMs ?? 60_000 }, async (t) => {
      if (failedStep && !independent) {
        t.skip(`after the failed step "${failedStep}"`);
        return;
      }
      const watched = options.page();
      if (watched) watchApiCalls(watched);
      try {
        await fn();
      } catch (error) {
        if (!independent) failedStep = name;
        const page = options.page();
        if (page) {
          const file = await screenshot(page, `failed-${options.label ?? 'step'}-${number}`).catch(
            () => null,
          );
          if (file) t.diagnostic(`screenshot: ${file} (at ${page.url()})`);
          for (const line of await pageDiagnostics(page)) t.diagnostic(line);
        }
        throw error;
      }
    });
  };
}
