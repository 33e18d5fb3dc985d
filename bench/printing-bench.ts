/**
 * The printing and processes parts of `npm run bench` (issue 17 §2 and §6), run from bench/run.ts against the
 * built server (server/dist/main.js as `npm start` runs it) in child processes:
 *   printing: the health check (GET /api/, one request after another) for a few seconds at rest, then for as
 *     long again while one business prints thermal receipts of 1,800 lines from 4 clients at once (each client
 *     prints again as soon as it has its answer; a 429 is counted and retried after 100 ms): its median and
 *     p99 against the < 100 ms target. On the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
 *   processes (TEST_DATABASE_URL only): 3-line sales POSTed by 16 clients to one server process, then to two
 *     processes on the same PostgreSQL (the clients send each request to the next process in turn, as a
 *     round-robin balancer would), alternated for a few rounds; sales per second of each and their ratio.
 * The load is generated on the same machine, so it takes its share of the cores.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { businessDate } from '@app/domain/dates/business-date';
import pg from 'pg';
import { startServer } from '../e2e/support/server.mjs';
import { createDatabase, log, median, round } from './support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(ROOT, 'server/dist/main.js');
const PASSWORD = 'bench-password-1';

export const PRINTING = {
  /** The tester's receipt: 9 sales of 200 lines (the free plan's 10 transactions: 1 restock and 9 sales). */
  sales: 9,
  linesPerSale: 200,
  printers: 4,
  seconds: 8,
  targetP99Ms: 100,
};
export const PROCESSES = { clients: 16, items: 60, linesPerSale: 3, warmupSeconds: 3, seconds: 8, rounds: 2 };

type TRunning = Awaited<ReturnType<typeof startServer>>;

async function builtServer(env: Record<string, string | undefined>): Promise<TRunning & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-printing-'));
  const server = await startServer({
    args: [MAIN],
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      JWT_SECRET: 'b'.repeat(40),
      DATABASE_URL: undefined,
      ...env,
    },
  });
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A business and its MD's token; `makePro` (PostgreSQL) lifts the free plan's 10 transactions. */
async function business(api: string, makePro?: () => Promise<void>) {
  const username = `Bench Printing ${randomUUID().slice(0, 8)}`;
  await json(`${api}/auth/register`, {
    method: 'POST',
    body: JSON.stringify({
      username,
      email: `${randomUUID()}@bench.example`,
      password: PASSWORD,
      accepted_terms: true,
    }),
  });
  await makePro?.();
  const login = await fetch(`${api}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  return ((await login.json()) as { access_token: string }).access_token;
}

async function newItem(
  api: string,
  token: string,
  name: string,
  quantity: number,
  warehouse: string,
  first: boolean,
) {
  const body = await json(`${api}/restock/new-item`, {
    method: 'POST',
    token,
    body: JSON.stringify({
      item_name: name,
      supplied_quantity: quantity,
      reorder_level: 1,
      unit_price: 1500,
      supplier_name: 'Dangote Depot',
      purchase_date: businessDate(),
      payment_status: 'paid',
      payment_method: 'cash',
      ...(first ? { new_warehouse_name: warehouse } : { warehouse_name: warehouse }),
    }),
  });
  return body.item_id as number;
}

/** Sequential GET /api/ for `seconds`: every request's latency in ms. */
async function healthLatencies(url: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${url}/api/`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`health check answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};
const summary = (latencies: number[]) => ({
  requests: latencies.length,
  medianMs: round(median(latencies), 1),
  p99Ms: round(p99(latencies), 1),
  maxMs: round(Math.max(...latencies), 1),
});

async function printingOn(label: string, databaseUrl?: string) {
  const database = databaseUrl ? await createDatabase(databaseUrl) : null;
  const server = await builtServer(database ? { DATABASE_URL: database.url } : {});
  try {
    const api = `${server.url}/api`;
    const token = await business(api);
    const warehouse = 'Main Shop';
    const itemId = await newItem(
      api,
      token,
      'Rice 50kg',
      PRINTING.sales * PRINTING.linesPerSale,
      warehouse,
      true,
    );
    const customer = 'Bulk Buyer Ventures';
    for (let sale = 0; sale < PRINTING.sales; sale++) {
      await json(`${api}/sales/batch`, {
        method: 'POST',
        token,
        body: JSON.stringify({
          sale_date: businessDate(),
          customer_name: customer,
          warehouse_name: warehouse,
          items: Array.from({ length: PRINTING.linesPerSale }, (_, n) => ({
            item_id: itemId,
            quantity: 1,
            unit_price: 1000 + n,
          })),
          payment_method: 'cash',
          payment_status: 'paid',
          invoice_override: true,
        }),
      });
    }
    const print = () =>
      fetch(`${api}/sales/receipt/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ customer_name: customer, date_raw: businessDate(), pdf_format: 'thermal' }),
      });
    // One receipt first: its time alone, and the worker threads started.
    const started = performance.now();
    const first = await print();
    const pdfBytes = Buffer.from(
      ((await first.json()) as { pdf_base64: string }).pdf_base64,
      'base64',
    ).length;
    if (!first.ok) throw new Error(`receipt answered ${first.status}`);
    const aloneMs = performance.now() - started;

    await healthLatencies(server.url, 1);
    const rest = await healthLatencies(server.url, PRINTING.seconds);
    let printing = true;
    const answers = { printed: 0, refused: 0, other: 0 };
    const printers = Array.from({ length: PRINTING.printers }, async () => {
      while (printing) {
        const res = await print();
        await res.arrayBuffer();
        if (res.status === 200) answers.printed += 1;
        else if (res.status === 429) {
          answers.refused += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        } else answers.other += 1;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = await healthLatencies(server.url, PRINTING.seconds);
    printing = false;
    await Promise.all(printers);
    const result = {
      lines: PRINTING.sales * PRINTING.linesPerSale,
      pdfBytes,
      receiptAloneMs: round(aloneMs, 0),
      atRest: summary(rest),
      whilePrinting: summary(busy),
      receipts: { ...answers, perSecond: round(answers.printed / (PRINTING.seconds + 0.5), 2) },
    };
    log(
      `${label}: health at rest median ${result.atRest.medianMs} ms, p99 ${result.atRest.p99Ms} ms; while printing median ${result.whilePrinting.medianMs} ms, p99 ${result.whilePrinting.p99Ms} ms (${answers.printed} receipts, ${answers.refused} × 429, ${answers.other} other)`,
    );
    return result;
  } finally {
    await server.stop();
    await database?.drop();
  }
}

/** Health-check latency at rest and while one business prints large thermal receipts. */
export async function benchPrinting() {
  const results: Record<string, Awaited<ReturnType<typeof printingOn>>> = {};
  results.pglite = await printingOn('PGlite');
  if (process.env.TEST_DATABASE_URL)
    results.postgres = await printingOn('PostgreSQL', process.env.TEST_DATABASE_URL);
  return { printing: PRINTING, results };
}

/** `clients` loops POSTing 3-line sales for `seconds`, each request to the next of `apis`: 201s per second. */
async function salesLoad(
  apis: string[],
  token: string,
  warehouse: string,
  itemIds: number[],
  seconds: number,
) {
  let next = 0;
  let created = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PROCESSES.clients }, async (_, client) => {
      let n = client;
      while (performance.now() < until) {
        const api = apis[next++ % apis.length]!;
        n += PROCESSES.clients;
        const res = await fetch(`${api}/sales/batch`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            sale_date: businessDate(),
            customer_name: 'Walk-in',
            warehouse_name: warehouse,
            items: Array.from({ length: PROCESSES.linesPerSale }, (_, line) => ({
              item_id: itemIds[(n * 7 + line * 13) % itemIds.length]!,
              quantity: 1,
              unit_price: 2000,
            })),
            payment_method: 'cash',
            payment_status: 'paid',
            invoice_override: true,
          }),
        });
        await res.arrayBuffer();
        if (res.status === 201) created += 1;
        else failed += 1;
      }
    }),
  );
  return { perSecond: created / ((performance.now() - started) / 1000), created, failed };
}

/** Sales per second on one server process and on two, on one PostgreSQL database. */
export async function benchProcesses() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const database = await createDatabase(base);
  const servers: (TRunning & { dataDir: string })[] = [];
  try {
    servers.push(await builtServer({ DATABASE_URL: database.url }));
    servers.push(await builtServer({ DATABASE_URL: database.url }));
    const apis = servers.map((server) => `${server.url}/api`);
    // The database is the bench's own: its one business goes on the pro plan (no transaction limit).
    const token = await business(apis[0]!, async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(
        `update tenants set plan = 'pro', plan_key = 'yearly', plan_expires_at = now() + interval '30 days'`,
      );
      await client.end();
    });
    const warehouse = 'Main Shop';
    const itemIds: number[] = [];
    for (let item = 0; item < PROCESSES.items; item++)
      itemIds.push(await newItem(apis[0]!, token, `Item ${item}`, 1_000_000, warehouse, item === 0));
    await salesLoad(apis, token, warehouse, itemIds, PROCESSES.warmupSeconds);
    const rounds: { one: number; two: number; failed: number }[] = [];
    for (let round = 0; round < PROCESSES.rounds; round++) {
      const one = await salesLoad(apis.slice(0, 1), token, warehouse, itemIds, PROCESSES.seconds);
      const two = await salesLoad(apis, token, warehouse, itemIds, PROCESSES.seconds);
      rounds.push({ one: one.perSecond, two: two.perSecond, failed: one.failed + two.failed });
      log(
        `round ${round + 1}: one process ${round2(one.perSecond)} sales/s, two processes ${round2(two.perSecond)} sales/s (${one.failed + two.failed} failed)`,
      );
    }
    const one = median(rounds.map((r) => r.one));
    const two = median(rounds.map((r) => r.two));
    return {
      processes: PROCESSES,
      cores: os.availableParallelism(),
      oneProcessSalesPerSecond: round(one, 1),
      twoProcessesSalesPerSecond: round(two, 1),
      ratio: round(two / one, 2),
      failed: rounds.reduce((sum, r) => sum + r.failed, 0),
      rounds,
    };
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

const round2 = (n: number) => round(n, 1);
