/**
 * `npm run bench`: measures, in one run on this machine,
 *   (a) GET /api/users/me on the real app against a bare Fastify handler (same load, same tool),
 *   (b) MD logins per second (sequential and concurrent),
 *   (c) the gzip size of the JavaScript the landing and login routes load in Chromium,
 *   (d) the inventory daily log for a date on a business with 5,000 items and a year of movement,
 *       against one indexed SELECT of the same rows (bench/stock-bench.ts),
 *   (e) restock batches through the real restock service against plain INSERTs of the same rows
 *       (bench/stock-bench.ts; (d) and (e) on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set),
 *   (f) 3-line sales through POST /api/sales/batch (the app's HTTP stack in-process), 20 clients at a
 *       time, against bare three-INSERT transactions, 20 at a time, on the same database,
 *   (g) the sales report for a year on a business with 1,000,000 sale lines, against a bare count(*)
 *       of its lines (bench/sales-bench.ts; (f) and (g) on the same databases as (d) and (e)),
 *   (h) on a business with 100,000 items and 1,000,000 customers: item search, barcode lookup, customer
 *       search, the first page of the customers list and of the inventory daily log, and the Sales screen's
 *       item picker typed into in Chromium (bench/search-bench.ts),
 *   (i) on the network: one sale and a repeat visit of the Sales screen in bytes on the wire, and Lighthouse
 *       mobile performance and accessibility of the landing, login, dashboard and sales pages
 *       (bench/network-bench.ts),
 *   (j) the health check's latency (median, p99) at rest and while one business prints thermal receipts of
 *       1,800 lines from 4 clients at once, against < 100 ms, on the built server (bench/printing-bench.ts),
 *   (k) with TEST_DATABASE_URL: 3-line sales per second through one server process and through two on the
 *       same PostgreSQL, and their ratio (bench/printing-bench.ts),
 * prints a table with targets and PASS/FAIL, and writes bench/results/latest.json.
 * `npm run bench -- <part> …` measures only the parts named (app = (a)–(c), daily = (d), restock = (e),
 * transfers = (e2), sales = (f), report = (g), search = (h), network = (i), printing = (j), processes = (k))
 * and writes bench/results/partial.json instead.
 * Servers run as child processes so the load generator does not share their event loop; the stock
 * and sales parts run as children too, with the server loaded in-process. The server is measured as
 * `npm start` runs it, from its build (server/dist, compiled by tsc), which is brought up to date first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import autocannon, { type TResult } from 'autocannon';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.mjs';
import { benchPrinting, benchProcesses, PRINTING } from './printing-bench.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
/** The server reads WEB_DIST_DIR too, so a build elsewhere can be measured. */
const WEB_DIST = process.env.WEB_DIST_DIR ?? path.join(ROOT, 'web/dist');
const HTTP_LOAD = { connections: 10, duration: 5 };
const LOGIN_LOAD = { concurrent: 4, duration: 5 };
const HTTP_ROUNDS = 2;
const WARMUP_SECONDS = 2;
const TARGETS = {
  meRatio: 0.5,
  loginsPerSecond: 10,
  routeJsKb: 120,
  dailyLogRatio: 3,
  restockRatio: 0.3,
  transferRatio: 0.3,
  salesRatio: 0.3,
  /** The year's report reads rollups: at most a bare count(*) of its lines, on both databases. */
  reportRatio: 1,
  bigShopPostgresMs: 50,
  bigShopPgliteMs: 150,
  /** The Sales screen's item picker on the 100,000-item warehouse: suggestions within 1 s of the last key. */
  pickerMs: 1000,
  /** Issue 16 §4: a full sale and a repeat visit of the Sales screen on the wire; Lighthouse mobile scores. */
  saleWireKb: 2,
  salesRepeatWireKb: 30,
  lighthouseScore: 95,
  quickSaleTaps: 9,
};
const ROUTES = ['/', '/login'];
const PARTS = [
  'app',
  'daily',
  'restock',
  'transfers',
  'sales',
  'report',
  'search',
  'network',
  'printing',
  'processes',
] as const;
type TPart = (typeof PARTS)[number];
const only = process.argv.slice(2).map((part) => {
  if (!PARTS.includes(part as TPart))
    throw new Error(`unknown part ${part}: name some of ${PARTS.join(', ')}`);
  return part as TPart;
});
const wanted = (...parts: TPart[]) => parts.filter((part) => only.length === 0 || only.includes(part));
const PASSWORD = 'bench-password-1';

type TCheck = { name: string; value: string; target: string; pass: boolean };

const checks: TCheck[] = [];
const check = (name: string, value: string, target: string, pass: boolean) =>
  checks.push({ name, value, target, pass });
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** Requests per second that answered 2xx; any error or non-2xx answer is reported, not hidden. */
async function load(url: string, options: Omit<Parameters<typeof autocannon>[0], 'url'>) {
  const result: TResult = await autocannon({ url, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result['2xx'] / result.duration,
    p99Ms: result.latency.p99,
    failed,
    total: result.requests.total,
  };
}
type TLoad = Awaited<ReturnType<typeof load>>;

/** Alternates app and baseline for a few rounds and keeps each one's best, so a noisy moment on the
 * machine does not decide the ratio. */
async function measureUsersMe(appUrl: string, token: string) {
  const bare = await startServer({ args: ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts')] });
  try {
    const run = async (base: string, headers: Record<string, string>) => {
      await load(`${base}/api/users/me`, { ...HTTP_LOAD, duration: WARMUP_SECONDS, headers });
      return load(`${base}/api/users/me`, { ...HTTP_LOAD, headers });
    };
    const rounds: { app: TLoad; baseline: TLoad }[] = [];
    for (let round = 0; round < HTTP_ROUNDS; round++) {
      rounds.push({
        app: await run(appUrl, { authorization: `Bearer ${token}` }),
        baseline: await run(bare.url, {}),
      });
    }
    const best = (pick: (r: (typeof rounds)[number]) => TLoad) =>
      rounds.map(pick).reduce((a, b) => (b.rps > a.rps ? b : a));
    const app = best((r) => r.app);
    const baseline = best((r) => r.baseline);
    return { app, baseline, ratio: app.rps / baseline.rps, rounds };
  } finally {
    await bare.stop();
  }
}

async function measureLogins(appUrl: string, username: string) {
  const options = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD }).toString(),
  };
  const url = `${appUrl}/api/auth/token`;
  await load(url, { ...options, connections: 1, duration: WARMUP_SECONDS });
  const sequential = await load(url, { ...options, connections: 1, duration: LOGIN_LOAD.duration });
  const concurrent = await load(url, {
    ...options,
    connections: LOGIN_LOAD.concurrent,
    duration: LOGIN_LOAD.duration,
  });
  return { sequential, concurrent };
}

/** Every JavaScript response a fresh browser receives while a route loads, gzipped at level 9. */
async function measureRouteJs(appUrl: string) {
  const browser = await launchBrowser();
  try {
    const routes: Record<string, { gzipBytes: number; rawBytes: number; files: string[] }> = {};
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies: Promise<{ url: string; body: Buffer }>[] = [];
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (response.request().resourceType() === 'script' || type.includes('javascript')) {
          bodies.push(response.body().then((body) => ({ url: response.url(), body })));
        }
      });
      await page.goto(appUrl + route, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      routes[route] = {
        gzipBytes: scripts.reduce(
          (sum, s) => sum + gzipSync(s.body, { level: constants.Z_BEST_COMPRESSION }).length,
          0,
        ),
        rawBytes: scripts.reduce((sum, s) => sum + s.body.length, 0),
        files: scripts.map((s) => new URL(s.url).pathname),
      };
      await context.close();
    }
    return routes;
  } finally {
    await browser.close();
  }
}

async function registerAndLogin(appUrl: string) {
  const username = `Bench Stores ${Date.now()}`;
  const register = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `md-${Date.now()}@bench.example`,
      password: PASSWORD,
      accepted_terms: true,
    }),
  });
  if (!register.ok) throw new Error(`register failed: ${register.status} ${await register.text()}`);
  const login = await fetch(`${appUrl}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { username, token };
}

function ensureWebBuilt() {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return;
  console.log(`${WEB_DIST}/index.html is missing: building the web app first...`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
}

/** The server is measured as `npm start` runs it: its build, brought up to date (tsc -b is incremental). */
function buildServer() {
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
}

async function main() {
  ensureWebBuilt();
  buildServer();
  const started = Date.now();
  let app: Awaited<ReturnType<typeof benchApp>> | undefined;
  if (wanted('app').length > 0) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
    try {
      app = await benchApp(dataDir);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const stockParts = wanted('daily', 'restock', 'transfers');
  const stock = stockParts.length > 0 ? await benchStock(stockParts) : undefined;
  const salesParts = wanted('sales', 'report');
  const sales = salesParts.length > 0 ? await benchSales(salesParts) : undefined;
  const search = wanted('search').length > 0 ? await benchSearch() : undefined;
  const network = wanted('network').length > 0 ? await benchNetwork() : undefined;
  const printing = wanted('printing').length > 0 ? await measurePrinting() : undefined;
  const processes = wanted('processes').length > 0 ? await measureProcesses() : undefined;

  printTable();
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    durationSeconds: Math.round((Date.now() - started) / 1000),
    load: { http: HTTP_LOAD, httpRounds: HTTP_ROUNDS, logins: LOGIN_LOAD, warmupSeconds: WARMUP_SECONDS },
    ...app,
    stock,
    sales,
    search,
    network,
    printing,
    processes,
    checks,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = only.length === 0 ? 'latest.json' : 'partial.json';
  await writeFile(path.join(RESULTS_DIR, file), `${JSON.stringify({ parts: only, ...results }, null, 2)}\n`);
  console.log(`\nWritten to bench/results/${file} (${results.durationSeconds} s)`);
  if (checks.some((c) => !c.pass)) process.exitCode = 1;
}

async function benchApp(dataDir: string) {
  const app = await startServer({
    args: [path.join(ROOT, 'server/dist/main.js')],
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: undefined, NODE_ENV: 'production' },
  });
  try {
    const { username, token } = await registerAndLogin(app.url);

    console.log(
      `(a) GET /api/users/me: ${HTTP_LOAD.connections} connections × ${HTTP_LOAD.duration} s, best of ${HTTP_ROUNDS} rounds ...`,
    );
    const me = await measureUsersMe(app.url, token);
    check(
      'GET /api/users/me (app) req/s',
      `${fmt(me.app.rps)} (p99 ${me.app.p99Ms} ms)`,
      `errors 0`,
      me.app.failed === 0,
    );
    check(
      'bare Fastify handler req/s',
      `${fmt(me.baseline.rps)} (p99 ${me.baseline.p99Ms} ms)`,
      `errors 0`,
      me.baseline.failed === 0,
    );
    check('ratio app / bare', fmt(me.ratio, 2), `≥ ${TARGETS.meRatio}`, me.ratio >= TARGETS.meRatio);

    console.log(`(b) POST /api/auth/token: sequential and ${LOGIN_LOAD.concurrent} concurrent ...`);
    const logins = await measureLogins(app.url, username);
    for (const [label, result] of Object.entries(logins)) {
      check(
        `logins/s ${label === 'sequential' ? 'sequential (1 conn.)' : `concurrent (${LOGIN_LOAD.concurrent} conn.)`}`,
        `${fmt(result.rps, 1)} (p99 ${result.p99Ms} ms, ${result.failed} failed)`,
        `≥ ${TARGETS.loginsPerSecond}, 0 failed`,
        result.rps >= TARGETS.loginsPerSecond && result.failed === 0,
      );
    }

    console.log('(c) JavaScript loaded by each route in Chromium ...');
    const routeJs = await measureRouteJs(app.url);
    for (const [route, js] of Object.entries(routeJs)) {
      const kb = js.gzipBytes / 1024;
      check(
        `JS gzip for ${route} (${js.files.length} files)`,
        `${fmt(kb, 1)} KB`,
        `≤ ${TARGETS.routeJsKb} KB`,
        kb <= TARGETS.routeJsKb,
      );
    }
    return { usersMe: me, logins, routeJs };
  } finally {
    await app.stop();
  }
}

type TStockOn = {
  dailyLogs?: {
    date: string;
    items: number;
    movementDaysPerItem: number;
    days: number;
    stockDailyRows: number;
    seedSeconds: number;
    rowsReturned: number;
    sameRows: boolean;
    appMs: number;
    bareMs: number;
    ratio: number;
  };
  restockBatch?: {
    linesPerBatch: number;
    servicePurchasesPerSecond: number;
    barePurchasesPerSecond: number;
    ratio: number;
    ledgerConsistent: boolean;
  };
  transfers?: { servicePerSecond: number; barePerSecond: number; ratio: number; ledgerConsistent: boolean };
  seconds: number;
};
type TStockResults = { daily: unknown; batch: unknown; results: Record<string, TStockOn> };

/** (d) and (e): bench/stock-bench.ts in a child process (it loads the server's sources), then the checks. */
async function benchStock(parts: TPart[]): Promise<TStockResults> {
  console.log(
    `${parts.join(', ')}: (d) daily log of 5,000 items with a year of movement, (e) restock batches and (e2) warehouse transfers through the services${
      process.env.TEST_DATABASE_URL
        ? ' (PGlite, then PostgreSQL)'
        : ' (PGlite; set TEST_DATABASE_URL for PostgreSQL too)'
    } ...`,
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-stock-'));
  try {
    const out = path.join(dir, 'stock.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/stock-bench.ts'), out, parts.join(',')],
      { cwd: ROOT, stdio: 'inherit' },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench/stock-bench.ts exited with ${code}`);
    const stock = JSON.parse(await readFile(out, 'utf8')) as TStockResults;
    for (const [label, on] of Object.entries(stock.results)) {
      const db = label === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const d = on.dailyLogs;
      if (d) {
        check(
          `daily log ${fmt(d.items)} items, ${d.movementDaysPerItem}/${d.days} days (${db}) ms`,
          `${fmt(d.appMs, 1)} (${fmt(d.stockDailyRows)} rows seeded in ${fmt(d.seedSeconds, 1)} s)`,
          `${fmt(d.items)} rows, same as bare`,
          d.sameRows && d.rowsReturned === d.items,
        );
        check(`bare indexed SELECT of the same rows (${db}) ms`, fmt(d.bareMs, 1), '', true);
        check(
          `ratio daily log / bare SELECT (${db})`,
          fmt(d.ratio, 2),
          `≤ ${TARGETS.dailyLogRatio}`,
          d.ratio <= TARGETS.dailyLogRatio,
        );
      }
      const r = on.restockBatch;
      if (r) {
        check(
          `restock batch (${r.linesPerBatch} lines) via service (${db}) purchases/s`,
          fmt(r.servicePurchasesPerSecond, 1),
          'ledger consistent',
          r.ledgerConsistent,
        );
        check(
          `bare INSERTs of the same rows (${db}) purchases/s`,
          fmt(r.barePurchasesPerSecond, 1),
          '',
          true,
        );
        check(
          `ratio restock service / bare INSERTs (${db})`,
          fmt(r.ratio, 2),
          `≥ ${TARGETS.restockRatio}`,
          r.ratio >= TARGETS.restockRatio,
        );
      }
      const t = on.transfers;
      if (t) {
        check(
          `warehouse transfers via service (${db}) per second`,
          fmt(t.servicePerSecond, 1),
          'stock adds up',
          t.ledgerConsistent,
        );
        check(`bare INSERTs of their two ledger rows (${db}) per second`, fmt(t.barePerSecond, 1), '', true);
        check(
          `ratio transfers / bare INSERTs (${db})`,
          fmt(t.ratio, 2),
          `≥ ${TARGETS.transferRatio}`,
          t.ratio >= TARGETS.transferRatio,
        );
      }
    }
    return stock;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type TSalesOn = {
  salesRate?: {
    clients: number;
    linesPerSale: number;
    salesPerSecond: number;
    bareTransactionsPerSecond: number;
    ratio: number;
    failed: number;
    consistent: boolean;
  };
  report?: {
    lines: number;
    sales: number;
    days: number;
    seedSeconds: number;
    correct: boolean;
    appMs: number;
    bareMs: number;
    ratio: number;
    queriesMs: Record<string, number>;
  };
  seconds: number;
};
type TSalesResults = { sales: unknown; report: unknown; results: Record<string, TSalesOn> };

/** (f) and (g): bench/sales-bench.ts in a child process (it loads the server's build), then the checks. */
async function benchSales(parts: TPart[]): Promise<TSalesResults> {
  console.log(
    `${parts.join(', ')}: (f) sales recorded per second, 20 clients, (g) the sales report for a year of 1,000,000 lines${
      process.env.TEST_DATABASE_URL
        ? ' (PGlite, then PostgreSQL)'
        : ' (PGlite; set TEST_DATABASE_URL for PostgreSQL too)'
    } ...`,
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-sales-'));
  try {
    const out = path.join(dir, 'sales.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/sales-bench.ts'), out, parts.join(',')],
      { cwd: ROOT, stdio: 'inherit' },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench/sales-bench.ts exited with ${code}`);
    const sales = JSON.parse(await readFile(out, 'utf8')) as TSalesResults;
    for (const [label, on] of Object.entries(sales.results)) {
      const db = label === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const s = on.salesRate;
      if (s) {
        check(
          `sales (${s.linesPerSale} lines) via POST /api/sales/batch, ${s.clients} clients (${db}) sales/s`,
          `${fmt(s.salesPerSecond, 1)} (${s.failed} failed)`,
          '0 failed, stock consistent',
          s.failed === 0 && s.consistent,
        );
        check(
          `bare 3-INSERT transactions, ${s.clients} clients (${db}) per s`,
          fmt(s.bareTransactionsPerSecond, 1),
          '',
          true,
        );
        check(
          `ratio sales / bare transactions (${db})`,
          fmt(s.ratio, 2),
          `≥ ${TARGETS.salesRatio}`,
          s.ratio >= TARGETS.salesRatio,
        );
      }
      const r = on.report;
      if (r) {
        check(
          `sales report, ${r.days} days of ${fmt(r.lines)} lines (${db}) ms`,
          `${fmt(r.appMs, 1)} (loaded in ${fmt(r.seedSeconds, 1)} s)`,
          'figures right',
          r.correct,
        );
        check(`bare count(*) of the same lines (${db}) ms`, fmt(r.bareMs, 1), '', true);
        check(
          `ratio report / bare count(*) (${db})`,
          fmt(r.ratio, 2),
          `≤ ${TARGETS.reportRatio}`,
          r.ratio <= TARGETS.reportRatio,
        );
      }
    }
    return sales;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type TSearchResults = {
  search: { items: number; customers: number; runs: number };
  results: Record<
    string,
    {
      seedSeconds: number;
      timings: Record<string, { medianMs: number; ok: boolean }>;
      picker: { medianMs: number; worstMs: number };
    }
  >;
};

/** (h): bench/search-bench.ts in a child process (it loads the server's build), then the checks. */
async function benchSearch(): Promise<TSearchResults> {
  console.log(
    '(h) a business with 100,000 items, 1,000,000 customers, 100,000 expenses and 100,000 requisitions: searches and first pages ...',
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-search-'));
  try {
    const out = path.join(dir, 'search.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/search-bench.ts'), out],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench/search-bench.ts exited with ${code}`);
    const search = JSON.parse(await readFile(out, 'utf8')) as TSearchResults;
    for (const [label, on] of Object.entries(search.results)) {
      const postgres = label === 'postgres';
      const limit = postgres ? TARGETS.bigShopPostgresMs : TARGETS.bigShopPgliteMs;
      for (const [name, timing] of Object.entries(on.timings)) {
        check(
          `big shop: ${name} (${postgres ? 'PostgreSQL' : 'PGlite'}) ms, median of ${search.search.runs}`,
          fmt(timing.medianMs, 1),
          `< ${limit}, right answer`,
          timing.ok && timing.medianMs < limit,
        );
      }
      check(
        `big shop: Sales item picker in Chromium, last key to suggestions (${postgres ? 'PostgreSQL' : 'PGlite'}) ms, worst of 5`,
        fmt(on.picker.worstMs, 0),
        `< ${TARGETS.pickerMs}`,
        on.picker.worstMs < TARGETS.pickerMs,
      );
    }
    return search;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type TWire = { up: number; down: number };
type TNetworkResults = {
  earlierSales: number;
  quickSale: {
    taps: number | null;
    tapList: string[];
    keystrokes: number | null;
    typedFields: string[];
    journeyPassed: boolean;
  };
  wire: { oneSale: TWire; saleAnswerEncoding: string | null; repeatVisit: TWire; firstVisit: TWire };
  lighthouse: Record<string, { performance: number; accessibility: number; lcpMs: number; tbtMs: number }>;
};

/** (i): bench/network-bench.ts in a child process (it starts the built server), then the checks. */
async function benchNetwork(): Promise<TNetworkResults> {
  console.log(
    '(i) one sale and the Sales screen on the wire, Lighthouse mobile on four pages, the taps of a 3-item sale ...',
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-network-'));
  try {
    const out = path.join(dir, 'network.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/network-bench.ts'), out],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench/network-bench.ts exited with ${code}`);
    const network = JSON.parse(await readFile(out, 'utf8')) as TNetworkResults;
    const { quickSale } = network;
    check(
      '3-item cash sale on a 360 px phone (e2e/quick-sale.spec.ts) taps',
      quickSale.taps === null
        ? 'not counted (the journey failed before the sale)'
        : `${quickSale.taps} (${quickSale.keystrokes} keystrokes in: ${quickSale.typedFields.join(', ') || 'nothing'})`,
      `≤ ${TARGETS.quickSaleTaps}, typing only in the item search, journey passes`,
      quickSale.taps !== null &&
        quickSale.taps <= TARGETS.quickSaleTaps &&
        quickSale.typedFields.every((field) => field === 'item search') &&
        quickSale.journeyPassed,
    );
    const kb = (wire: TWire) => (wire.up + wire.down) / 1024;
    const { oneSale, repeatVisit } = network.wire;
    check(
      `one 3-item sale tapped in Add Sale, on the wire, request + answer (${network.wire.saleAnswerEncoding ?? 'uncompressed'}) KB`,
      `${fmt(kb(oneSale), 2)} (${fmt(oneSale.up)} B up, ${fmt(oneSale.down)} B down)`,
      `≤ ${TARGETS.saleWireKb} KB`,
      kb(oneSale) <= TARGETS.saleWireKb,
    );
    check(
      `Sales screen opened again (service worker warm, ${network.earlierSales} sales) on the wire KB`,
      `${fmt(kb(repeatVisit), 1)} (${fmt(repeatVisit.up)} B up, ${fmt(repeatVisit.down)} B down)`,
      `≤ ${TARGETS.salesRepeatWireKb} KB`,
      kb(repeatVisit) <= TARGETS.salesRepeatWireKb,
    );
    for (const [name, scores] of Object.entries(network.lighthouse)) {
      check(
        `Lighthouse mobile ${name}: performance`,
        `${scores.performance} (LCP ${fmt(scores.lcpMs)} ms, TBT ${fmt(scores.tbtMs)} ms)`,
        `≥ ${TARGETS.lighthouseScore}`,
        scores.performance >= TARGETS.lighthouseScore,
      );
      check(
        `Lighthouse mobile ${name}: accessibility`,
        String(scores.accessibility),
        `≥ ${TARGETS.lighthouseScore}`,
        scores.accessibility >= TARGETS.lighthouseScore,
      );
    }
    return network;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** (j): the health check at rest and while a business prints, on the built server. */
async function measurePrinting() {
  console.log(
    `(j) GET /api/ at rest and while one business prints ${fmt(PRINTING.sales * PRINTING.linesPerSale)}-line thermal receipts from ${PRINTING.printers} clients ...`,
  );
  const printing = await benchPrinting();
  for (const [label, on] of Object.entries(printing.results)) {
    const db = label === 'postgres' ? 'PostgreSQL' : 'PGlite';
    check(
      `health check at rest (${db}) ms`,
      `median ${fmt(on.atRest.medianMs, 1)}, p99 ${fmt(on.atRest.p99Ms, 1)} (${fmt(on.atRest.requests)} requests)`,
      '',
      true,
    );
    check(
      `health check while printing ${fmt(on.lines)}-line receipts (${db}) ms`,
      `median ${fmt(on.whilePrinting.medianMs, 1)}, p99 ${fmt(on.whilePrinting.p99Ms, 1)} (${on.receipts.printed} receipts, ${on.receipts.refused} × 429, one alone ${fmt(on.receiptAloneMs)} ms)`,
      `p99 < ${PRINTING.targetP99Ms}, receipts printed, no other error`,
      on.whilePrinting.p99Ms < PRINTING.targetP99Ms && on.receipts.printed > 0 && on.receipts.other === 0,
    );
  }
  return printing;
}

/** (k): sales per second through one server process and through two, on PostgreSQL. */
async function measureProcesses() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('(k) skipped: set TEST_DATABASE_URL to measure one server process against two on PostgreSQL');
    return undefined;
  }
  console.log('(k) 3-line sales per second through one server process, then two on one PostgreSQL ...');
  const processes = (await benchProcesses())!;
  const clients = `${processes.processes.clients} clients`;
  check(
    `sales/s, one process, ${clients} (PostgreSQL)`,
    fmt(processes.oneProcessSalesPerSecond, 1),
    '0 failed',
    processes.failed === 0,
  );
  check(
    `sales/s, two processes, ${clients} (PostgreSQL)`,
    fmt(processes.twoProcessesSalesPerSecond, 1),
    '0 failed',
    processes.failed === 0,
  );
  // Two processes can only beat one when there are cores to spare: with the database and the load generator
  // on the same machine, a 2-core machine has none, and the ratio is reported, not judged.
  const judged = processes.cores >= 4;
  check(
    `ratio two processes / one (${processes.cores} cores, shared with PostgreSQL and the load)`,
    fmt(processes.ratio, 2),
    judged ? '≥ 1.5' : 'reported (needs ≥ 4 cores to judge)',
    !judged || processes.ratio >= 1.5,
  );
  return processes;
}

function printTable() {
  const rows = [
    ['measure', 'value', 'target', 'result'],
    ...checks.map((c) => [c.name, c.value, c.target, c.pass ? 'PASS' : 'FAIL']),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\n${line(rows[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows.slice(1)) console.log(line(row));
}

await main();
