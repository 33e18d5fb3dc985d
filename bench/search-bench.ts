/**
 * The big-shop part of `npm run bench`, run by bench/run.ts as a child process; it loads the server's
 * build (server/dist) and the web build (web/dist) in-process and calls the app through Fastify inject:
 *   (h) on a business with 100,000 items in one warehouse (each with a day of stock), 1,000,000
 *       customers, 100,000 expenses and 100,000 requisitions, bulk-loaded with SQL: the item picker's search, a barcode lookup, a customer search,
 *       the first page of the customers list and of the inventory daily log, each the warm median of 20;
 *       and the Sales screen's item picker in Chromium (the app served on a port): from the last key typed
 *       to the first matching suggestion shown, for five searches.
 * On an in-memory PGlite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database. Writes its
 * figures as JSON to the file named by the first argument.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { businessDate } from '@app/domain/dates/business-date';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/dist/app.js';
import { loadConfig } from '../server/dist/platform/config.js';
import { openDatabase, type DatabaseHandle } from '../server/dist/platform/db/client.js';
import { warehouses } from '../server/dist/platform/db/schema/index.js';
import { launchBrowser } from '../e2e/support/browser.ts';
import { PASSWORD, proBusiness } from './sales-bench.ts';
import { createDatabase, log, median, round } from './support.ts';

export const SEARCH = {
  items: 100_000,
  customers: 1_000_000,
  expenses: 100_000,
  requisitions: 100_000,
  runs: 20,
  warmups: 3,
};
/**
 * What the picker journey types into the Sales screen's item box, and the suggestion each must bring: in an
 * order where no search's suggestions could match the next one's, so a stale list is never taken for an answer.
 */
const TYPED = [
  ['054321', /^Item 054321/],
  ['garri', /garri/],
  ['0777', /0777/],
  ['Item 09', /^Item 09/],
  ['12345', /12345/],
] as const;

type TCall = { name: string; url: string; expect: (body: unknown) => boolean };
export type TSearchTimings = Record<string, { medianMs: number; ok: boolean }>;

/** 100,000 items named "Item 000001 <word>" with barcodes, a day of stock each, and 1,000,000 customers. */
async function seed(database: DatabaseHandle, tenantId: number) {
  const { db } = database;
  const started = performance.now();
  const [warehouse] = await db
    .insert(warehouses)
    .values({ tenantId, name: 'Big Store', accessAll: true })
    .returning({ id: warehouses.id });
  const words = `array['rice','beans','garri','sugar','milk','soap','oil','salt','yam','flour']`;
  await db.execute(
    sql.raw(`insert into items (tenant_id, warehouse_id, name, price_kobo, barcode, on_hand, last_movement_date,
      first_movement_date)
    select ${tenantId}, ${warehouse!.id}, 'Item ' || lpad(n::text, 6, '0') || ' ' || (${words})[1 + n % 10], 10000 + n,
      (2000000000000 + n)::text, 50, '${businessDate()}', '${businessDate()}'
    from generate_series(1, ${SEARCH.items}) n`),
  );
  await db.execute(
    sql.raw(`insert into stock_daily (tenant_id, item_id, business_date, supplied, closing)
    select ${tenantId}, id, '${businessDate()}', 50, 50 from items where tenant_id = ${tenantId}`),
  );
  await db.execute(
    sql.raw(`insert into customers (tenant_id, name, phone)
    select ${tenantId}, 'Customer ' || n || ' ' || (${words})[1 + n % 10], '080' || lpad(n::text, 8, '0')
    from generate_series(1, ${SEARCH.customers}) n`),
  );
  // The count the app keeps as it adds customers.
  await db.execute(
    sql.raw(`insert into customer_counts (tenant_id, total) values (${tenantId}, ${SEARCH.customers})
    on conflict (tenant_id) do update set total = customer_counts.total + excluded.total`),
  );
  // A year of expenses, one in ten still owed, each kept in the report's day rollup as the app does.
  await db.execute(
    sql.raw(`insert into expenses (tenant_id, vendor_name, expense_date, invoice_number, total_kobo, amount_paid_kobo,
      payment_method, due_date, payment_status, employee_id)
    select ${tenantId}, 'Vendor ' || (n % 500) || ' ' || (${words})[1 + n % 10],
      (date '${businessDate()}' - (n % 365)), 'INV-' || n, 100000 + n, case when n % 10 = 0 then 0 else 100000 + n end,
      'cash', case when n % 10 = 0 then date '${businessDate()}' end, case when n % 10 = 0 then 'credit' else 'paid' end,
      (select id from users where tenant_id = ${tenantId} and role = 'md')
    from generate_series(1, ${SEARCH.expenses}) n`),
  );
  await db.execute(
    sql.raw(`insert into expense_daily (tenant_id, expense_date, total_kobo, paid_kobo, count)
    select tenant_id, expense_date, sum(total_kobo), sum(amount_paid_kobo), count(*) from expenses
    where tenant_id = ${tenantId} group by tenant_id, expense_date`),
  );
  // Requisitions: a reference per three rows, most decided.
  await db.execute(
    sql.raw(`insert into requisitions (tenant_id, request_ref, warehouse_id, item_id, quantity, reason, status,
      employee_id, user_id, submitted_at)
    select ${tenantId}, md5((n / 3)::text)::uuid, ${warehouse!.id},
      (select min(id) from items where tenant_id = ${tenantId}) + n % ${SEARCH.items}, 1 + n % 5,
      'Kitchen ' || (${words})[1 + n % 10], (array['Pending','Approved','Rejected'])[1 + n % 3],
      (select id from users where tenant_id = ${tenantId} and role = 'md'),
      (select id from users where tenant_id = ${tenantId} and role = 'md'), now() - (n || ' minutes')::interval
    from generate_series(1, ${SEARCH.requisitions}) n`),
  );
  // A shop that grew to a million customers has been vacuumed by autovacuum: start from that steady state.
  await db.execute(sql.raw('vacuum analyze'));
  return { warehouse: 'Big Store', seedSeconds: round((performance.now() - started) / 1000, 1) };
}

async function timeCalls(app: FastifyInstance, token: string, calls: TCall[]): Promise<TSearchTimings> {
  const timings: TSearchTimings = {};
  for (const call of calls) {
    const run = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: call.url,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - t0;
      return { ms, ok: res.statusCode === 200 && call.expect(res.json()) };
    };
    for (let i = 0; i < SEARCH.warmups; i++) await run();
    const runs = [];
    for (let i = 0; i < SEARCH.runs; i++) runs.push(await run());
    timings[call.name] = { medianMs: round(median(runs.map((r) => r.ms)), 1), ok: runs.every((r) => r.ok) };
    log(`${call.name}: ${timings[call.name]!.medianMs} ms${timings[call.name]!.ok ? '' : ' (WRONG ANSWER)'}`);
  }
  return timings;
}

/**
 * The Sales screen's item picker in Chromium, on the big warehouse: sign in, open Add Sale, type into the
 * item box; the time from the last key to the first matching suggestion shown (each search after a clear).
 */
async function pickerInBrowser(app: FastifyInstance, business: { name: string }) {
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${url}/login`);
    await page.getByLabel(/username|business name/i).fill(business.name);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByRole('button', { name: /^(login|sign in)/i }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Sales', exact: true }).click();
    await page.getByRole('tab', { name: 'Add Sale', exact: true }).click();
    const box = page.getByRole('form', { name: 'Add sale' }).getByRole('combobox', { name: 'Add item' });
    const times: number[] = [];
    for (const [typed, expected] of TYPED) {
      await box.fill('');
      await box.click();
      const started = performance.now();
      await box.pressSequentially(typed);
      const typedAt = performance.now();
      await page.getByRole('option', { name: expected }).first().waitFor();
      times.push(performance.now() - typedAt);
      log(
        `picker: "${typed}" typed in ${round(typedAt - started, 0)} ms, suggestions ${round(times.at(-1)!, 0)} ms after`,
      );
    }
    return { medianMs: round(median(times), 1), worstMs: round(Math.max(...times), 1) };
  } finally {
    await browser.close();
  }
}

async function benchOn(label: string, open: () => Promise<DatabaseHandle>) {
  log(`on ${label}:`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-search-'));
  const database = await open();
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'b'.repeat(40) }),
    database,
  });
  try {
    const business = await proBusiness({ app, db: database.db }, 'Big Shop');
    const { token, tenantId } = business;
    const seeded = await seed(database, tenantId);
    log(
      `loaded ${SEARCH.items.toLocaleString('en-US')} items and ${SEARCH.customers.toLocaleString('en-US')} customers in ${seeded.seedSeconds} s`,
    );
    const w = encodeURIComponent(seeded.warehouse);
    const keys = (body: unknown) => Object.keys(body as object);
    const timings = await timeCalls(app, token, [
      {
        name: 'item search',
        url: `/api/sales/inventory-items?warehouse_name=${w}&search=04217&limit=20`,
        expect: (body) => keys(body).length === 11 && keys(body).every((name) => name.includes('04217')),
      },
      {
        name: 'item search, a word',
        url: `/api/sales/inventory-items?warehouse_name=${w}&search=garri&limit=20`,
        expect: (body) => keys(body).length === 20,
      },
      {
        name: 'barcode lookup',
        url: '/api/sales/barcode/item?barcode=2000000054321',
        expect: (body) => (body as { item_name: string }).item_name.startsWith('Item 054321'),
      },
      {
        name: 'customer search',
        url: '/api/customers?search=00123456&limit=10',
        expect: (body) => (body as { customers: unknown[] }).customers.length === 1,
      },
      {
        name: 'customers, first page',
        url: '/api/customers?page=1&limit=10',
        expect: (body) => (body as { customers: unknown[] }).customers.length === 10,
      },
      {
        name: 'customers, a keyset page without the count',
        url: '/api/customers?limit=10&count=false&before=500000',
        expect: (body) => (body as { customers: unknown[] }).customers.length === 10,
      },
      {
        name: 'expenses, first page',
        url: '/api/expenses?skip=0&limit=10',
        expect: (body) => (body as unknown[]).length === 10,
      },
      {
        name: 'expenses, Pending Payments first page',
        url: '/api/expenses/pending?skip=0&limit=10',
        expect: (body) =>
          (body as { payment_status: string }[]).every((row) => row.payment_status === 'credit'),
      },
      {
        name: 'expenses, a search',
        url: '/api/expenses?search=INV-4242&limit=10',
        expect: (body) => (body as unknown[]).length >= 1,
      },
      {
        name: 'requisitions, first page',
        url: '/api/requisitions?skip=0&limit=20',
        expect: (body) => (body as unknown[]).length === 20,
      },
      {
        name: 'requisitions, Pending first page',
        url: '/api/requisitions?skip=0&limit=20&status=Pending',
        expect: (body) => (body as { status: string }[]).every((row) => row.status === 'Pending'),
      },
      {
        name: 'inventory daily log, first page',
        url: `/api/inventory/daily-logs?selected_date=${businessDate()}&page=1&page_size=20`,
        expect: (body) => (body as unknown[]).length === 20,
      },
    ]);
    const picker = await pickerInBrowser(app, business);
    return { seedSeconds: seeded.seedSeconds, timings, picker };
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: search-bench.ts <results.json>');
  const results: Record<string, Awaited<ReturnType<typeof benchOn>>> = {};
  results.pglite = await benchOn('PGlite (in memory)', () => openDatabase({ pgliteDir: null }));
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const database = await createDatabase(baseUrl);
    try {
      results.postgres = await benchOn('PostgreSQL (fresh database)', () =>
        openDatabase({ url: database.url }),
      );
    } finally {
      await database.drop();
    }
  }
  await writeFile(out, JSON.stringify({ search: SEARCH, results }, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
