/**
 * The sales part of `npm run bench`, run by bench/run.ts as a child process; it loads the server's
 * build (server/dist, as `npm start` runs it) in-process:
 *   (f) sales recorded per second: 3-line sales POSTed to /api/sales/batch through the app's HTTP stack
 *       in-process (Fastify inject: routing, sign-in check, validation, Idempotency-Key, serialisation;
 *       no socket) by 20 concurrent clients of a pro business, each selling from its own pool of 30 of
 *       100 items (pools overlap, so clients contend for some items), against 20 clients committing three
 *       bare INSERTs into a plain table in one transaction each, on the same database;
 *   (g) GET /api/sales/reports/summary over the last year on a business with 1,000,000 sale lines
 *       (bulk-loaded with SQL, its rollups rebuilt from them as the app computes them), warm median,
 *       against a bare count(*) of the business's lines.
 * Each runs on an in-memory PGlite (loading the year takes it ~100 s) and, when
 * TEST_DATABASE_URL is set, on a fresh PostgreSQL database that is dropped after. Writes its figures as
 * JSON to the file named by the first argument.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { businessDate } from '@app/domain/dates/business-date';
import { planRange } from '@app/domain/dates/months';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../server/dist/app.js';
import { createSalesReportRepository } from '../server/dist/modules/sales/sales-report.repository.js';
import { rebuildSalesRollups } from '../server/dist/modules/sales/sales-rollups.js';
import { loadConfig } from '../server/dist/platform/config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../server/dist/platform/db/client.js';
import {
  items,
  saleLines,
  salesItemDaily,
  stockEntries,
  tenants,
  warehouses,
} from '../server/dist/platform/db/schema/index.js';
import { createDatabase, log, median, prng, round, shiftDate } from './support.ts';

export const SALES = {
  clients: 20,
  catalogItems: 100,
  poolItems: 30,
  /** Client c sells from items c × poolStep … c × poolStep + poolItems − 1 (wrapping round the catalog). */
  poolStep: 5,
  lines: 3,
  stockPerItem: 1_000_000,
  /** Long enough for the JIT to settle: after 1 s the first measured slice of sales ran ~30 % below the rest. */
  warmupSeconds: 3,
  sliceSeconds: 2,
  /** With 4 pairs the ratio of one run spread ±0.04 round its usual value (the machine's speed drifts); 8 narrow that by ~√2. */
  slices: 8,
};
export const REPORT = {
  lines: 1_000_000,
  linesPerSale: 3,
  days: 365,
  items: 500,
  customers: 2_000,
  purchasesPerItem: 4,
  limit: 10,
  warmups: 2,
  runs: 7,
};

export const PASSWORD = 'bench-password-1';
const fmt = (n: number) => n.toLocaleString('en-US');

/** Raw SQL answers: both drivers give `{ rows }`. */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type TBench = { app: FastifyInstance; db: Database };
type TBusiness = { tenantId: number; userId: number; name: string; token: string };

function request(bench: TBench, business: TBusiness, options: InjectOptions) {
  return bench.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), authorization: `Bearer ${business.token}` },
  });
}

/** Registers a business through the API, signs its MD in and puts it on an active pro plan. */
export async function proBusiness(bench: TBench, label: string): Promise<TBusiness> {
  const name = `${label} ${randomBytes(3).toString('hex')}`;
  const register = await bench.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: name,
      email: `md-${randomBytes(4).toString('hex')}@bench.example`,
      password: PASSWORD,
      accepted_terms: true,
    },
  });
  if (register.statusCode !== 201)
    throw new Error(`register failed: ${register.statusCode} ${register.body}`);
  const login = await bench.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: name, password: PASSWORD }).toString(),
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { access_token: token, user_id: userId } = login.json<{ access_token: string; user_id: number }>();
  const business = { tenantId: 0, userId, name, token };
  const me = (await request(bench, business, { method: 'GET', url: '/api/users/me' })).json<{
    tenant_id: number;
  }>();
  await bench.db
    .update(tenants)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(tenants.id, me.tenant_id));
  return { ...business, tenantId: me.tenant_id };
}

/** Operations completed by `clients` concurrent loops for `seconds`, per second. */
async function throughput(clients: number, seconds: number, op: (client: number) => Promise<void>) {
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        await op(client);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** (f) Sales through POST /api/sales/batch against bare three-row transactions, both 20 at a time. */
export async function benchSalesRate(bench: TBench) {
  const { db } = bench;
  const business = await proBusiness(bench, 'Bench Sales');
  const [warehouse] = await db
    .insert(warehouses)
    .values({ tenantId: business.tenantId, name: 'Bench Shop', accessAll: true })
    .returning({ id: warehouses.id, name: warehouses.name });
  const catalog = await db
    .insert(items)
    .values(
      Array.from({ length: SALES.catalogItems }, (_, i) => ({
        tenantId: business.tenantId,
        warehouseId: warehouse!.id,
        name: `Bench product ${String(i + 1).padStart(3, '0')}`,
        priceKobo: 50_000 + i * 2_500,
      })),
    )
    .returning({ id: items.id, priceKobo: items.priceKobo });
  const today = businessDate();
  const restock = await request(bench, business, {
    method: 'POST',
    url: '/api/restock/batch',
    payload: {
      supplier_name: 'Chi Distributors',
      purchase_date: today,
      warehouse_name: warehouse!.name,
      payment_status: 'paid',
      payment_method: 'cash',
      items: catalog.map((item) => ({
        item_id: item.id,
        quantity: SALES.stockPerItem,
        unit_price: (item.priceKobo * 0.7) / 100,
      })),
    },
  });
  if (restock.statusCode !== 201) throw new Error(`restock failed: ${restock.statusCode} ${restock.body}`);
  await db.execute(sql`create table bench_bare_lines (
    id serial primary key, tenant_id integer not null, item_id integer not null,
    quantity integer not null, total_kobo bigint not null, created_at timestamptz not null default now())`);

  const randoms = Array.from({ length: SALES.clients }, (_, client) => prng(1_000 + client));
  /** Three different items of the client's pool, 1 to 4 of each. */
  const pick = (client: number) => {
    const random = randoms[client]!;
    const offsets = new Set<number>();
    while (offsets.size < SALES.lines) offsets.add(Math.floor(random() * SALES.poolItems));
    return [...offsets].map((offset) => ({
      item: catalog[(client * SALES.poolStep + offset) % catalog.length]!,
      quantity: 1 + Math.floor(random() * 4),
    }));
  };
  const failures: string[] = [];
  let sequence = 0;
  const sale = async (client: number) => {
    const n = sequence++;
    const res = await request(bench, business, {
      method: 'POST',
      url: '/api/sales/batch',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        sale_date: today,
        warehouse_name: warehouse!.name,
        customer_name: `Customer ${(n * 7919) % 2_000}`,
        ...(n % 4 === 0 ? { customer_phone: `080${String((n * 7919) % 2_000).padStart(8, '0')}` } : {}),
        items: pick(client).map((line) => ({
          item_id: line.item.id,
          quantity: line.quantity,
          unit_price: line.item.priceKobo / 100,
        })),
        apply_vat: true,
        vat_rate: 7.5,
        discount_type: 'none',
        discount_value: 0,
        payment_method: n % 3 === 0 ? 'transfer' : 'cash',
        payment_status: 'paid',
        invoice_override: true,
      },
    });
    if (res.statusCode !== 201) failures.push(`${res.statusCode} ${res.body}`);
  };
  const bare = async (client: number) => {
    const lines = pick(client);
    await db.transaction(async (tx) => {
      for (const line of lines) {
        await tx.execute(sql`insert into bench_bare_lines (tenant_id, item_id, quantity, total_kobo)
          values (${business.tenantId}, ${line.item.id}, ${line.quantity}, ${line.quantity * line.item.priceKobo})`);
      }
    });
  };

  await throughput(SALES.clients, SALES.warmupSeconds, sale);
  await throughput(SALES.clients, SALES.warmupSeconds, bare);
  // Short slices, alternated, so a busy moment on the machine hits both sides alike; medians decide.
  const slices: { sales: number; bare: number }[] = [];
  for (let i = 0; i < SALES.slices; i++) {
    slices.push({
      sales: await throughput(SALES.clients, SALES.sliceSeconds, sale),
      bare: await throughput(SALES.clients, SALES.sliceSeconds, bare),
    });
  }
  const salesPerSecond = median(slices.map((s) => s.sales));
  const barePerSecond = median(slices.map((s) => s.bare));

  // Every unit sold left the stock once: lines = ledger stock-outs = report rollup = stock taken off.
  const [check] = await rows<Record<string, string>>(
    db,
    sql`select
      (select count(*) from sales where tenant_id = ${business.tenantId}) as sales,
      (select coalesce(sum(quantity), 0) from ${saleLines} where tenant_id = ${business.tenantId}) as sold,
      (select coalesce(sum(quantity), 0) from ${stockEntries}
        where tenant_id = ${business.tenantId} and kind = 'stock_out') as stock_out,
      (select coalesce(sum(quantity), 0) from ${salesItemDaily} where tenant_id = ${business.tenantId}) as rollup,
      (select ${SALES.catalogItems * SALES.stockPerItem} - coalesce(sum(on_hand), 0) from ${items}
        where tenant_id = ${business.tenantId}) as taken`,
  );
  const [plan] = await db
    .select({ count: tenants.transactionCount })
    .from(tenants)
    .where(eq(tenants.id, business.tenantId));
  const sold = Number(check!.sold);
  const consistent =
    sold > 0 &&
    Number(check!.stock_out) === sold &&
    Number(check!.rollup) === sold &&
    Number(check!.taken) === sold &&
    Number(check!.sales) === sequence - failures.length;
  log(
    `${salesPerSecond.toFixed(0)} sales/s through POST /api/sales/batch, ${barePerSecond.toFixed(0)} bare 3-INSERT transactions/s ` +
      `(${SALES.clients} clients; medians of ${SALES.slices} alternating ${SALES.sliceSeconds}-s slices; ` +
      `${fmt(Number(check!.sales))} sales, ${fmt(sold)} units, ${plan!.count} counted on the plan, ${failures.length} failed)`,
  );
  if (failures.length > 0) log(`first failure: ${failures[0]!.slice(0, 300)}`);
  return {
    clients: SALES.clients,
    linesPerSale: SALES.lines,
    slices: slices.map((s) => ({ sales: round(s.sales, 1), bare: round(s.bare, 1) })),
    salesPerSecond: round(salesPerSecond, 1),
    bareTransactionsPerSecond: round(barePerSecond, 1),
    ratio: round(salesPerSecond / barePerSecond),
    salesRecorded: Number(check!.sales),
    failed: failures.length,
    consistent,
  };
}

/**
 * A year of sales for `business` with SQL alone: `lines` sale lines, three to a sale, over 500 items of
 * one warehouse, spread evenly over the 365 days up to today (ids grow with the date, as they would),
 * ~2,000 customers (regulars buy more), mixed payment methods (some partial, some on credit); the
 * rollups rebuilt from them, and a few purchases per item for the cost.
 */
async function seedSalesYear(db: Database, business: TBusiness, lines: number) {
  const t = business.tenantId;
  const today = businessDate();
  const first = shiftDate(today, -(REPORT.days - 1));
  const saleCount = Math.ceil(lines / REPORT.linesPerSale);
  const [warehouse] = await db
    .insert(warehouses)
    .values({ tenantId: t, name: 'Main Shop', accessAll: true })
    .returning({ id: warehouses.id });
  const w = warehouse!.id;
  await db.execute(sql`
    insert into ${items} (tenant_id, warehouse_id, name, price_kobo, on_hand)
    select ${t}, ${w}, 'Product ' || lpad(i::text, 3, '0'), 50000 + i * 1250, 1000
    from generate_series(0, ${REPORT.items - 1}) i`);
  // The lines once, in a scratch table; sales, lines and the rollup are all read from it.
  await db.execute(sql`
    create unlogged table bench_seed_lines as
    select n, n / ${REPORT.linesPerSale} as s, it.id as item_id, it.name as item_name, x.q,
      it.price_kobo as price, x.q * it.price_kobo as total,
      (${first}::date + ((n / ${REPORT.linesPerSale}) * ${REPORT.days} / ${saleCount})::int) as sale_date
    from generate_series(0, ${lines - 1}) n
    cross join lateral (select
      (((n / ${REPORT.linesPerSale}) * 37 + (n % ${REPORT.linesPerSale}) * 167) % ${REPORT.items}) as idx,
      1 + ((n / ${REPORT.linesPerSale}) + 2 * (n % ${REPORT.linesPerSale})) % 4 as q) x
    join (select id, name, price_kobo, (row_number() over (order by id) - 1) as idx
          from ${items} where tenant_id = ${t}) it on it.idx = x.idx`);
  const [sequence] = await rows<{ base: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('sales', 'id')) as base`,
  );
  const base = Number(sequence!.base);
  await db.execute(sql`
    insert into sales (id, tenant_id, number, warehouse_id, sale_date, customer_name, customer_phone,
      subtotal_kobo, vat_rate, vat_kobo, discount_type, discount_value, discount_kobo, grand_total_kobo,
      amount_paid_kobo, payment_status, payment_method, due_date, user_id, employee_name, created_at)
    select ${base} + s, ${t}, s + 1, ${w}, sale_date, 'Customer ' || lpad(c::text, 4, '0'),
      '080' || lpad(c::text, 8, '0'), subtotal, 7.5, vat, 'none', 0, 0, subtotal + vat,
      case kind when 18 then (subtotal + vat) / 2 when 19 then 0 else subtotal + vat end,
      case kind when 18 then 'partial' when 19 then 'credit' else 'paid' end,
      case when kind < 10 or kind = 18 then 'cash' when kind < 15 then 'transfer'
           when kind < 17 then 'card' when kind = 17 then 'cheque' else 'none' end,
      case when kind >= 18 then sale_date + 30 end,
      ${business.userId}, ${business.name}, sale_date + time '09:00' + (s % 600) * interval '1 minute'
    from (
      select s, min(sale_date) as sale_date, sum(total) as subtotal, round(sum(total) * 0.075)::bigint as vat,
        (s % 20)::int as kind,
        floor(${REPORT.customers} * power(((s::bigint * 7919) % 10007) / 10007.0, 2))::int as c
      from bench_seed_lines group by s
    ) sale order by s`);
  await db.execute(sql`select setval(pg_get_serial_sequence('sales', 'id'), ${base + saleCount})`);
  await db.execute(
    sql`insert into document_counters (tenant_id, kind, last) values (${t}, 'sale', ${saleCount})`,
  );
  await db.execute(sql`
    insert into ${saleLines} (tenant_id, sale_id, item_id, item_name, quantity, unit_price_kobo, total_kobo)
    select ${t}, ${base} + s, item_id, item_name, q, price, total from bench_seed_lines order by n`);
  await db.execute(sql`
    with seed as (
      select i.id as item_id, p.q, p.unit, k from ${items} i cross join generate_series(0, ${REPORT.purchasesPerItem - 1}) k
      cross join lateral (select 200 + (i.id * 13 + k * 7) % 800 as q,
        (i.price_kobo * (65 + (i.id + k) % 10) / 100)::bigint as unit) p
      where i.tenant_id = ${t}),
    headers as (
      insert into purchases (tenant_id, warehouse_id, supplier_name, total_kobo, amount_paid_kobo, purchase_date,
        payment_status, payment_method, user_id)
      select ${t}, ${w}, 'Chi Distributors', q * unit, q * unit,
        ${first}::date + k * ${Math.floor(REPORT.days / REPORT.purchasesPerItem)}, 'paid', 'cash', ${business.userId}
      from seed order by item_id, k
      returning id)
    insert into purchase_lines (tenant_id, purchase_id, item_id, quantity, unit_price_kobo, total_kobo, amount_paid_kobo)
    select ${t}, h.id, s.item_id, s.q, s.unit, s.q * s.unit, s.q * s.unit
    from (select id, row_number() over (order by id) as n from headers) h
    join (select *, row_number() over (order by item_id, k) as n from seed) s on s.n = h.n`);
  await db.execute(sql`drop table bench_seed_lines`);
  // The rollups the write path would have kept, computed as the app computes them.
  await rebuildSalesRollups(db, t);
  await db.execute(sql`vacuum analyze sales, sale_lines, sales_daily, sales_customer_monthly, sales_item_daily,
    sales_item_monthly, purchases, purchase_lines, items`);
  return { saleCount, warehouseId: w };
}

/** (g) The year's sales report against a bare count of the business's lines. */
export async function benchReport(bench: TBench, lines: number) {
  const { db } = bench;
  const business = await proBusiness(bench, 'Bench Report');
  const seedStarted = performance.now();
  const { saleCount } = await seedSalesYear(db, business, lines);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const [counts] = await rows<Record<string, string>>(
    db,
    sql`select (select count(*) from ${saleLines} where tenant_id = ${business.tenantId}) as lines,
      (select count(*) from ${salesItemDaily} where tenant_id = ${business.tenantId}) as rollup,
      (select count(distinct customer_name) from sales where tenant_id = ${business.tenantId}) as customers,
      (select coalesce(sum(grand_total_kobo), 0) from sales where tenant_id = ${business.tenantId}) as total`,
  );
  log(
    `loaded ${fmt(Number(counts!.lines))} sale lines in ${fmt(saleCount)} sales over ${REPORT.days} days ` +
      `(${fmt(Number(counts!.rollup))} rollup rows, ${fmt(Number(counts!.customers))} customers) in ${seedSeconds.toFixed(1)} s`,
  );

  const today = businessDate();
  const start = shiftDate(today, -REPORT.days);
  const url = `/api/sales/reports/summary?start_date=${start}&end_date=${today}&limit=${REPORT.limit}`;
  type TReport = {
    totals: { total_sales: number; sales_count: number };
    timeseries: unknown[];
    top_products: unknown[];
    top_customers: unknown[];
  };
  let report: TReport | null = null;
  const appCall = async () => {
    const res = await request(bench, business, { method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`report answered ${res.statusCode} ${res.body}`);
    report = res.json<TReport>();
  };
  const bareCall = () =>
    db.execute(sql`select count(*) from sale_lines where tenant_id = ${business.tenantId}`);
  // The report's three queries on their own, to tell which one costs what.
  const repo = createSalesReportRepository(db);
  const scope = { tenantId: business.tenantId, warehouseIds: null };
  const plan = planRange(start, today, today);
  const parts = {
    daysAndMethods: () => repo.daysAndMethods(scope, start, today),
    topCustomers: () => repo.topCustomers(scope, plan, REPORT.limit),
    itemsSold: () => repo.itemsSold(scope, plan, today),
  };
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  for (let i = 0; i < REPORT.warmups; i++) {
    await appCall();
    await bareCall();
  }
  const app: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < REPORT.runs; i++) {
    app.push(await time(appCall));
    bare.push(await time(bareCall));
  }
  const partsMs: Record<string, number> = {};
  for (const [name, fn] of Object.entries(parts)) {
    await fn();
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await time(fn));
    partsMs[name] = round(median(runs), 1);
  }
  const appMs = median(app);
  const bareMs = median(bare);
  const answer = report as TReport | null;
  const correct =
    answer !== null &&
    answer.totals.sales_count === saleCount &&
    Math.round(answer.totals.total_sales * 100) === Number(counts!.total) &&
    answer.timeseries.length === REPORT.days &&
    answer.top_products.length === REPORT.limit &&
    answer.top_customers.length === REPORT.limit;
  log(
    `report ${appMs.toFixed(1)} ms, bare count(*) ${bareMs.toFixed(1)} ms (medians of ${REPORT.runs}); ` +
      `its queries alone: ${Object.entries(partsMs)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', ')}`,
  );
  return {
    lines: Number(counts!.lines),
    sales: saleCount,
    days: REPORT.days,
    items: REPORT.items,
    rollupRows: Number(counts!.rollup),
    customers: Number(counts!.customers),
    seedSeconds: round(seedSeconds, 1),
    correct,
    appMs: round(appMs, 1),
    bareMs: round(bareMs, 1),
    ratio: round(appMs / bareMs),
    appRunsMs: app.map((n) => round(n, 1)),
    bareRunsMs: bare.map((n) => round(n, 1)),
    queriesMs: partsMs,
  };
}

/** The parts this file measures; `sales-bench.ts <results.json> [part,part]` runs only those named. */
export const SALES_PARTS = ['sales', 'report'] as const;
type TSalesPart = (typeof SALES_PARTS)[number];

async function benchOn(label: string, open: () => Promise<DatabaseHandle>, parts: ReadonlySet<TSalesPart>) {
  console.log(`  on ${label}:`);
  const started = performance.now();
  const database = await open();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-sales-'));
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: randomBytes(24).toString('hex'),
    }),
    database,
    serveWebApp: false,
  });
  try {
    await app.ready();
    const bench = { app, db: database.db };
    const salesRate = parts.has('sales') ? await benchSalesRate(bench) : undefined;
    const report = parts.has('report') ? await benchReport(bench, REPORT.lines) : undefined;
    // The machine may be shared: the load average says how much the figures can be trusted.
    const loadAverage = os.loadavg().map((n) => round(n, 1));
    log(`load average ${loadAverage.join(', ')} on ${os.cpus().length} CPUs`);
    return { salesRate, report, loadAverage, seconds: round((performance.now() - started) / 1000, 1) };
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: sales-bench.ts <results.json> [sales,report]');
  const parts = new Set(
    (process.argv[3]?.split(',') ?? SALES_PARTS).map((part) => {
      if (!SALES_PARTS.includes(part as TSalesPart)) throw new Error(`unknown sales part: ${part}`);
      return part as TSalesPart;
    }),
  );
  const results: Record<string, Awaited<ReturnType<typeof benchOn>>> = {};
  results.pglite = await benchOn('PGlite (in memory)', () => openDatabase({ pgliteDir: null }), parts);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const database = await createDatabase(baseUrl);
    try {
      results.postgres = await benchOn(
        'PostgreSQL (fresh database)',
        () => openDatabase({ url: database.url }),
        parts,
      );
    } finally {
      await database.drop();
    }
  }
  await writeFile(out, JSON.stringify({ sales: SALES, report: REPORT, results }, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
