/**
 * (i) What the app costs on the network (issue 16 §4), on the built server (`npm start`'s server/dist and
 * web/dist) with a shop that has 60 sales:
 *   - the wire bytes of one 3-item cash sale tapped in the app's Add Sale form (its POST as Chromium counts
 *     it: request line, headers and JSON body up; status line, headers and the compressed answer down),
 *   - the wire bytes of opening the Sales screen again on a repeat visit (service worker and HTTP cache warm),
 *   the visits counted on the TCP connections between Chromium and the server by a counting proxy, so every byte counts
 *   (the service worker's own update check too). Plain HTTP/1.1: over HTTPS with HTTP/2 the headers are smaller.
 *   - Lighthouse 13 mobile (its default Slow 4G and 4× CPU throttling) performance and accessibility of the
 *     landing, login, dashboard and sales pages, each on a fresh Chromium profile; the signed-in ones with the
 *     session in localStorage as the app keeps it (web/src/lib/auth-storage.ts), so they open cold but signed in.
 *   - the taps and keystrokes of a 3-item cash sale on a 360 px phone, as the journey e2e/quick-sale.spec.ts
 *     counts them: the journey runs here (`node e2e/run.mjs quick-sale`, on PGlite) and writes its count.
 * Usage: `node --import tsx bench/network-bench.ts [out.json]` (bench/run.ts runs it as a child).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { businessDate } from '@app/domain/dates/business-date';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../e2e/support/browser.ts';
import { freePort, startServer } from '../e2e/support/server.mjs';
import { log, round } from './support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'bench-password-1';
const WAREHOUSE = 'Ikeja Main';
const ITEMS = ['Indomie Chicken 70g', 'Peak Milk 400g', 'Golden Penny Semovita 1kg'];
const EARLIER_SALES = 60;
const LIGHTHOUSE_PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'sales', path: '/dashboard/sales', signedIn: true },
] as const;

/** The browser globals the page functions use (bench/ compiles without the DOM library). */
type TPageGlobals = {
  localStorage: { getItem: (key: string) => string | null; setItem: (key: string, value: string) => void };
  navigator: { serviceWorker: { controller: { state: string } | null } };
};

type TLogin = {
  access_token: string;
  role: string;
  username: string;
  user_id: number;
  permissions: string[];
  permission_codes: string[];
};

/** A TCP proxy in front of `target` that counts the bytes each way. */
async function countingProxy(target: { host: string; port: number }) {
  const bytes = { up: 0, down: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => (bytes.up += chunk.length));
    upstream.on('data', (chunk: Buffer) => (bytes.down += chunk.length));
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    /** Bytes since the last reset. */
    take: () => {
      const taken = { ...bytes };
      bytes.up = 0;
      bytes.down = 0;
      return taken;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function call(base: string, urlPath: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}/api${urlPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${urlPath}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** Pro, as its MD buys it (e2e/support/billing.ts): the free plan's 10 transactions would not seed the list. */
async function upgradeToPro(base: string, token: string) {
  const { authorization_url: checkout, reference } = (await call(
    base,
    '/dashboard/initialize-payment?plan_key=yearly',
    token,
    {},
  )) as { authorization_url: string; reference: string };
  const paid = await fetch(`${checkout}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ confirm: 'pay' }),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`test checkout Pay: ${paid.status}`);
  await call(base, `/dashboard/verify-payment?reference=${reference}`, token);
}

/** A business with three items in one warehouse and EARLIER_SALES sales of them; its MD's login answer. */
async function seedShop(base: string): Promise<{ login: TLogin }> {
  const username = `Network Bench ${Date.now()}`;
  await call(base, '/auth/register', null, {
    username,
    email: `md-${Date.now()}@bench.example`,
    password: PASSWORD,
    accepted_terms: true,
  });
  const loginResponse = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username, password: PASSWORD }),
  });
  const login = (await loginResponse.json()) as TLogin;
  const token = login.access_token;
  await upgradeToPro(base, token);
  const today = businessDate();
  for (const [i, name] of ITEMS.entries()) {
    await call(base, '/restock/new-item', token, {
      item_name: name,
      supplied_quantity: 10_000,
      reorder_level: 10,
      unit_price: 500 + i * 300,
      selling_price: 650 + i * 400,
      supplier_name: 'Chi Distributors',
      purchase_date: today,
      payment_status: 'paid',
      payment_method: 'cash',
      ...(i === 0 ? { new_warehouse_name: WAREHOUSE } : { warehouse_name: WAREHOUSE }),
      access_choice: 'No',
    });
  }
  const map = (await call(
    base,
    `/sales/inventory-items?warehouse_name=${encodeURIComponent(WAREHOUSE)}`,
    token,
  )) as Record<string, { item_id: number }>;
  const sale = {
    sale_date: today,
    warehouse_name: WAREHOUSE,
    customer_name: 'Walk-in customer',
    items: ITEMS.map((name, i) => ({
      item_id: map[name]!.item_id,
      quantity: i + 1,
      unit_price: 650 + i * 400,
    })),
    apply_vat: false,
    payment_method: 'cash',
    payment_status: 'paid',
  };
  for (let i = 0; i < EARLIER_SALES; i++) {
    await call(base, '/sales/batch', token, { ...sale, customer_name: `Customer ${i}` });
  }
  return { login };
}

/** The session as the app stores it after a sign-in (web/src/lib/auth-storage.ts `saveLogin`). */
function sessionEntries(login: TLogin): Record<string, string> {
  return {
    login_token: login.access_token,
    role: login.role,
    username: login.username,
    user_id: String(login.user_id),
    permissions: JSON.stringify(login.permissions),
    permission_codes: JSON.stringify(login.permission_codes),
  };
}

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    () => (globalThis as unknown as TPageGlobals).navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    {
      timeout: 60_000,
    },
  );
}

/** The bytes of an HTTP/1.1 request's head as Chromium sent it (request line, headers, blank line). */
function requestHeadBytes(method: string, url: string, headers: Record<string, string>): number {
  const { pathname, search } = new URL(url);
  const lines = [
    `${method} ${pathname}${search} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`);
}

/**
 * A 3-item cash sale tapped in the app's own Add Sale form, as the quick-sale journey does: the sale's POST
 * counted by Chromium (its request head and body up; every byte of the answer down, head included).
 */
async function tapOneSale(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<
    string,
    { url: string; body: number; down?: number; status?: number; encoding?: string | null }
  >();
  const heads = new Map<string, Record<string, string>>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'POST' && event.request.url.endsWith('/api/sales/batch'))
      seen.set(event.requestId, {
        url: event.request.url,
        body: Buffer.byteLength(event.request.postData ?? ''),
      });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => heads.set(event.requestId, event.headers));
  cdp.on('Network.responseReceived', (event) => {
    const sale = seen.get(event.requestId);
    if (!sale) return;
    sale.status = event.response.status;
    sale.encoding = event.response.headers['content-encoding'] ?? null;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const sale = seen.get(event.requestId);
    if (sale) sale.down = event.encodedDataLength;
  });

  const form = page.getByRole('form', { name: 'Add sale' });
  const warehouse = form.getByRole('combobox', { name: 'Warehouse' });
  if ((await warehouse.inputValue()) !== WAREHOUSE) {
    await warehouse.click();
    await page.getByRole('option', { name: WAREHOUSE, exact: true }).click();
  }
  const search = form.getByRole('combobox', { name: 'Add item' });
  for (const item of ITEMS) {
    await search.click();
    await search.fill(item.slice(0, 2));
    await page.getByRole('option', { name: new RegExp(`^${item}`) }).click();
    await form
      .getByRole('list', { name: 'Items of the sale' })
      .getByRole('listitem', { name: item })
      .waitFor();
  }
  await form.getByRole('button', { name: 'Record Sale' }).click();
  await page.getByRole('heading', { name: /^Sale #\d+ recorded$/ }).waitFor();
  await page.waitForTimeout(300);
  await cdp.detach();

  const [[id, sale] = []] = [...seen];
  if (!id || !sale || sale.status !== 201 || sale.down === undefined)
    throw new Error(`the sale was not recorded as the bench expects (${JSON.stringify(sale)})`);
  const head = requestHeadBytes('POST', sale.url, heads.get(id) ?? {});
  return { up: head + sale.body, down: sale.down, requestBody: sale.body, encoding: sale.encoding ?? null };
}

/** The app's first visit of the Sales screen, one sale tapped in it, and a repeat visit, counted on the wire. */
async function measureWire(base: string, login: TLogin) {
  const proxy = await countingProxy({ host: '127.0.0.1', port: Number(new URL(base).port) });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    const entries = sessionEntries(login);
    await context.addInitScript((kept: Record<string, string>) => {
      const { localStorage } = globalThis as unknown as TPageGlobals;
      if (localStorage.getItem('login_token')) return;
      for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
    }, entries);
    const page = await context.newPage();
    await page.goto(`${proxy.url}/dashboard/sales`, { waitUntil: 'networkidle' });
    await waitForServiceWorker(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const firstVisit = proxy.take();

    const oneSale = await tapOneSale(page);
    proxy.take();

    await page.goto(`${proxy.url}/dashboard/sales`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const repeatVisit = proxy.take();
    await context.close();
    return { firstVisit, oneSale, saleAnswerEncoding: oneSale.encoding, repeatVisit };
  } finally {
    await browser.close();
    await proxy.close();
  }
}

/** Chromium on a fresh profile with a debugging port, for Lighthouse to drive. */
async function startChromium() {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still be writing into the profile for a moment after it exits.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Puts the session into the profile's localStorage from an API address (no app, no service worker). */
async function seedSession(port: number, base: string, login: TLogin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${base}/api/`);
  await page.evaluate((kept: Record<string, string>) => {
    const { localStorage } = globalThis as unknown as TPageGlobals;
    for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
  }, sessionEntries(login));
  await page.close();
}

type TLighthouseScores = { performance: number; accessibility: number; lcpMs: number; tbtMs: number };

async function runLighthouse(base: string, login: TLogin, target: (typeof LIGHTHOUSE_PAGES)[number]) {
  const chrome = await startChromium();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
  try {
    if (target.signedIn) await seedSession(chrome.port, base, login);
    const out = path.join(dir, 'report.json');
    const args = [
      path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      `${base}${target.path}`,
      `--port=${chrome.port}`,
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      // The signed-in pages keep the seeded localStorage; their cache is cold anyway (a fresh profile).
      ...(target.signedIn ? ['--disable-storage-reset'] : []),
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`lighthouse exited with ${code} on ${target.path}`);
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      finalDisplayedUrl: string;
      categories: Record<string, { score: number }>;
      audits: Record<string, { numericValue?: number }>;
    };
    if (new URL(report.finalDisplayedUrl).pathname !== target.path) {
      throw new Error(`lighthouse on ${target.path} ended on ${report.finalDisplayedUrl}`);
    }
    return {
      performance: Math.round(report.categories.performance!.score * 100),
      accessibility: Math.round(report.categories.accessibility!.score * 100),
      lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    } satisfies TLighthouseScores;
  } finally {
    await chrome.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

type TQuickSale = {
  taps: number | null;
  tapList: string[];
  keystrokes: number | null;
  typedFields: string[];
  tapsFromDashboard: number | null;
  /** The journey's own checks (≤ 9 taps, typing only in the item search, the sale and stock on the server). */
  journeyPassed: boolean;
};

/** Runs the quick-sale journey on the built app and reads the count it writes (QUICK_SALE_OUT). */
async function quickSaleTaps(): Promise<TQuickSale> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-quick-sale-'));
  const out = path.join(dir, 'quick-sale.json');
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, QUICK_SALE_OUT: out };
    delete env.TEST_DATABASE_URL;
    const child = spawn(process.execPath, [path.join(ROOT, 'e2e/run.mjs'), 'quick-sale'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const counted = await readFile(out, 'utf8').then(
      (text) => JSON.parse(text) as Omit<TQuickSale, 'journeyPassed'>,
      () => null,
    );
    return {
      taps: counted?.taps ?? null,
      tapList: counted?.tapList ?? [],
      keystrokes: counted?.keystrokes ?? null,
      typedFields: counted?.typedFields ?? [],
      tapsFromDashboard: counted?.tapsFromDashboard ?? null,
      journeyPassed: code === 0,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const outFile = process.argv[2];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-network-'));
  const server = await startServer({
    args: [path.join(ROOT, 'server/dist/main.js')],
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: undefined, NODE_ENV: 'production' },
  });
  try {
    log(`seeding a shop with ${EARLIER_SALES} sales ...`);
    const { login } = await seedShop(server.url);
    log('one sale and a repeat visit of the Sales screen, counted on the wire ...');
    const wire = await measureWire(server.url, login);
    log(
      `first visit ${round(wire.firstVisit.down / 1024, 1)} KB down; one sale ${wire.oneSale.up} B up + ${wire.oneSale.down} B down; repeat Sales ${round((wire.repeatVisit.up + wire.repeatVisit.down) / 1024, 1)} KB`,
    );
    const lighthouse: Record<string, TLighthouseScores> = {};
    for (const target of LIGHTHOUSE_PAGES) {
      log(`Lighthouse mobile: ${target.name} (${target.path}) ...`);
      lighthouse[target.name] = await runLighthouse(server.url, login, target);
      log(JSON.stringify(lighthouse[target.name]));
    }
    log('the 3-item cash sale journey (e2e/quick-sale.spec.ts), taps counted ...');
    const quickSale = await quickSaleTaps();
    log(
      `${quickSale.taps ?? '?'} taps (${quickSale.tapList.join(', ')}), ${quickSale.keystrokes ?? '?'} keystrokes; journey ${quickSale.journeyPassed ? 'passed' : 'FAILED'}`,
    );
    const results = { earlierSales: EARLIER_SALES, quickSale, wire, lighthouse };
    if (outFile) await writeFile(outFile, JSON.stringify(results, null, 2));
    else console.log(JSON.stringify(results, null, 2));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
