/**
 * The stock part of `npm run bench`, run by bench/run.ts as a child process; it loads the server's
 * build (server/dist, as `npm start` runs it) in-process:
 *   (d) the daily log for a date on a business with 5,000 items and a year of movement, through the
 *       repository call GET /api/inventory/daily-logs makes, against one indexed SELECT of the same rows;
 *   (e) restock batches (3 lines each) through the real restock service on a pro-plan business,
 *       against plain INSERTs of the same purchases and ledger rows, one transaction per batch;
 *   (e2) warehouse transfers through the movements service against bare INSERTs of their two ledger rows.
 * Each runs on an in-memory PGlite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database
 * that is dropped after. Writes its figures as JSON to the file named by the first argument.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { businessDate } from '@app/domain/dates/business-date';
import { ZRestockBatchRequestSchema } from '@app/domain/schemas/stock';
import { eq, sql } from 'drizzle-orm';
import { createInventoryRepository } from '../server/dist/modules/inventory/inventory.repository.js';
import { createRestockService } from '../server/dist/modules/restock/restock.service.js';
import type { TActor } from '../server/dist/platform/auth/access.js';
import { openDatabase, type Database } from '../server/dist/platform/db/client.js';
import {
  items,
  purchaseLines,
  purchases,
  stockDaily,
  stockEntries,
  tenants,
  users,
  warehouses,
} from '../server/dist/platform/db/schema/index.js';
import { benchWarehouseTransfers } from './movements-bench.ts';
import { createDatabase, log, median, prng, round, shiftDate } from './support.ts';

export const DAILY = {
  items: 5_000,
  warehouses: 2,
  days: 365,
  movementDays: 60,
  warmups: 3,
  runs: 9,
  chunkRows: 5_000,
};
export const BATCH = { lines: 3, poolItems: 60, warmupSeconds: 1, sliceSeconds: 1, slices: 6 };

const PRODUCTS = ['Rice 50kg', 'Peak Milk 400g', 'Indomie Chicken', 'Golden Penny Semovita', 'Dangote Sugar'];

export async function createTenant(db: Database, name: string, pro: boolean) {
  const [tenant] = await db
    .insert(tenants)
    .values({
      name,
      ...(pro ? { plan: 'pro' as const, planExpiresAt: new Date(Date.now() + 30 * 86_400_000) } : {}),
    })
    .returning({ id: tenants.id });
  const [user] = await db
    .insert(users)
    .values({
      tenantId: tenant!.id,
      role: 'md',
      name,
      email: `md-${randomBytes(4).toString('hex')}@bench.example`,
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: users.id, email: users.email });
  return { tenantId: tenant!.id, userId: user!.id, email: user!.email, name };
}

/** Runs `fn` over `rows` in chunks (multi-row INSERTs stay under PostgreSQL's 65,535 parameters). */
async function inChunks<T>(rows: T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await fn(rows.slice(start, start + size));
}

type TDailyRow = typeof stockDaily.$inferInsert;

/**
 * 5,000 items in 2 warehouses, each with ~60 days of movement spread over the 365 days up to `date`:
 * a first delivery on its first day, then deliveries, stock-outs (never more than on hand) and the odd
 * return; stock_daily holds each day's figures and the running closing balance, items.on_hand the last.
 * Returns each item's latest (item_id, business_date) on or before `date`: the rows the daily log shows.
 */
export async function seedYear(db: Database, tenantId: number, date: string) {
  const random = prng(20261122);
  const warehouseRows = await db
    .insert(warehouses)
    .values(
      Array.from({ length: DAILY.warehouses }, (_, i) => ({
        tenantId,
        name: `Depot ${i + 1}`,
        accessAll: true,
      })),
    )
    .returning({ id: warehouses.id });
  const first = shiftDate(date, -(DAILY.days - 1));

  const plans = Array.from({ length: DAILY.items }, (_, index) => {
    const offsets = new Set<number>([Math.floor(random() * 30)]);
    while (offsets.size < DAILY.movementDays) offsets.add(Math.floor(random() * DAILY.days));
    let closing = 0;
    const days = [...offsets]
      .sort((a, b) => a - b)
      .map((offset, n) => {
        const supplied = n === 0 || random() < 0.35 ? 10 + Math.floor(random() * 90) : 0;
        const returned = random() < 0.05 ? 1 + Math.floor(random() * 3) : 0;
        const stockOut = Math.min(closing + supplied + returned, Math.floor(random() * 30));
        closing += supplied + returned - stockOut;
        return { businessDate: shiftDate(first, offset), supplied, returned, stockOut, closing };
      });
    return {
      name: `${PRODUCTS[index % PRODUCTS.length]} #${String(index + 1).padStart(5, '0')}`,
      warehouseId: warehouseRows[index % warehouseRows.length]!.id,
      reorderLevel: 10 + (index % 20),
      days,
    };
  });

  const itemIds: number[] = [];
  await inChunks(plans, 1_000, async (chunk) => {
    const inserted = await db
      .insert(items)
      .values(
        chunk.map((plan, i) => ({
          tenantId,
          warehouseId: plan.warehouseId,
          name: plan.name,
          priceKobo: 150_000 + i * 100,
          reorderLevel: plan.reorderLevel,
          onHand: plan.days.at(-1)!.closing,
          lastMovementDate: plan.days.at(-1)!.businessDate,
          firstMovementDate: plan.days[0]!.businessDate,
        })),
      )
      .returning({ id: items.id });
    itemIds.push(...inserted.map((row) => row.id));
  });

  const daily: TDailyRow[] = plans.flatMap((plan, index) =>
    plan.days.map((day) => ({ tenantId, itemId: itemIds[index]!, ...day })),
  );
  await inChunks(daily, DAILY.chunkRows, (chunk) => db.insert(stockDaily).values(chunk));
  await db.execute(sql`analyze ${items}`);
  await db.execute(sql`analyze ${stockDaily}`);

  const latest = plans.map((plan, index) => {
    const day = plan.days.filter((d) => d.businessDate <= date).at(-1)!;
    return { itemId: itemIds[index]!, businessDate: day.businessDate, closing: day.closing };
  });
  return {
    warehouseIds: warehouseRows.map((w) => w.id),
    dailyRows: daily.length,
    movingOnDate: daily.filter((row) => row.businessDate === date).length,
    latest,
  };
}

/** (d) The daily log against one indexed SELECT of the same 5,000 rows by primary key. */
export async function benchDailyLogs(db: Database) {
  const date = businessDate();
  const { tenantId } = await createTenant(db, `Bench Daily ${randomBytes(3).toString('hex')}`, false);
  const seedStarted = performance.now();
  const seeded = await seedYear(db, tenantId, date);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(
    `seeded ${DAILY.items.toLocaleString('en-US')} items × ${DAILY.movementDays} movement days over ${DAILY.days} days = ` +
      `${seeded.dailyRows.toLocaleString('en-US')} stock_daily rows in ${seedSeconds.toFixed(1)} s ` +
      `(${seeded.movingOnDate} items move on ${date})`,
  );

  const repo = createInventoryRepository(db);
  const appCall = () => repo.dailyLogs(tenantId, seeded.warehouseIds, date, null);
  const keys = {
    itemIds: `{${seeded.latest.map((k) => k.itemId).join(',')}}`,
    dates: `{${seeded.latest.map((k) => k.businessDate).join(',')}}`,
  };
  const bareCall = async () => {
    const result = await db.execute(sql`
      select d.item_id, d.business_date, d.supplied, d.returned, d.stock_out, d.closing
      from unnest(${keys.itemIds}::int[], ${keys.dates}::date[]) as k(item_id, business_date)
      cross join lateral (select * from ${stockDaily} s
        where s.item_id = k.item_id and s.business_date = k.business_date limit 1) d`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  };

  // The two must return the same rows: one per item, with the same closing balance.
  const [appRows, bareRows] = [(await appCall()).rows, await bareCall()];
  const expected = new Map(seeded.latest.map((k) => [k.itemId, k.closing]));
  const bareClosing = new Map(bareRows.map((row) => [Number(row.item_id), Number(row.closing)]));
  const same =
    appRows.length === DAILY.items &&
    bareRows.length === DAILY.items &&
    appRows.every(
      (row) =>
        expected.get(row.item_id) === row.closing_balance &&
        bareClosing.get(row.item_id) === row.closing_balance,
    );

  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  for (let i = 0; i < DAILY.warmups; i++) {
    await appCall();
    await bareCall();
  }
  const app: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < DAILY.runs; i++) {
    app.push(await time(appCall));
    bare.push(await time(bareCall));
  }
  const appMs = median(app);
  const bareMs = median(bare);
  log(`daily log ${appMs.toFixed(1)} ms, bare SELECT ${bareMs.toFixed(1)} ms (medians of ${DAILY.runs})`);
  return {
    date,
    items: DAILY.items,
    warehouses: DAILY.warehouses,
    days: DAILY.days,
    movementDaysPerItem: DAILY.movementDays,
    stockDailyRows: seeded.dailyRows,
    itemsMovingOnDate: seeded.movingOnDate,
    seedSeconds: round(seedSeconds, 1),
    rowsReturned: appRows.length,
    sameRows: same,
    appMs: round(appMs),
    bareMs: round(bareMs),
    ratio: round(appMs / bareMs),
    appRunsMs: app.map((n) => round(n)),
    bareRunsMs: bare.map((n) => round(n)),
  };
}

/** (e) Restock batches through the service against plain INSERTs of the same rows. */
export async function benchRestockBatch(db: Database) {
  const owner = await createTenant(db, `Bench Restock ${randomBytes(3).toString('hex')}`, true);
  const [warehouse] = await db
    .insert(warehouses)
    .values({ tenantId: owner.tenantId, name: 'Bench Depot', accessAll: true })
    .returning({ id: warehouses.id, name: warehouses.name });
  const pool = await db
    .insert(items)
    .values(
      Array.from({ length: BATCH.poolItems }, (_, i) => ({
        tenantId: owner.tenantId,
        warehouseId: warehouse!.id,
        name: `${PRODUCTS[i % PRODUCTS.length]} lot ${i + 1}`,
        priceKobo: 300_000,
      })),
    )
    .returning({ id: items.id });
  const actor: TActor = {
    userId: owner.userId,
    tenantId: owner.tenantId,
    role: 'md',
    username: owner.name,
    email: owner.email,
    tenantName: owner.name,
    sessionId: randomUUID(),
    permissions: [],
    permissionCodes: [],
  };
  const service = createRestockService({ db });
  const date = businessDate();
  let sequence = 0;
  const lines = () => {
    const start = (sequence++ * BATCH.lines) % pool.length;
    return Array.from({ length: BATCH.lines }, (_, i) => ({
      itemId: pool[(start + i) % pool.length]!.id,
      quantity: 1 + ((sequence + i) % 20),
      unitPrice: 2500.5,
    }));
  };

  const viaService = async () => {
    const input = ZRestockBatchRequestSchema.parse({
      supplier_name: 'Chi Distributors',
      purchase_date: date,
      warehouse_name: warehouse!.name,
      payment_status: 'paid',
      payment_method: 'cash',
      items: lines().map((line) => ({
        item_id: line.itemId,
        quantity: line.quantity,
        unit_price: line.unitPrice,
      })),
    });
    const result = await service.batch(actor, input, null);
    if (result.status !== 201) throw new Error(`restock batch answered ${result.status}`);
  };
  const bare = async () => {
    const batch = lines();
    await db.transaction(async (tx) => {
      const [header] = await tx
        .insert(purchases)
        .values({
          tenantId: owner.tenantId,
          warehouseId: warehouse!.id,
          supplierName: 'Chi Distributors',
          totalKobo: batch.reduce((sum, line) => sum + line.quantity * 250_050, 0),
          amountPaidKobo: batch.reduce((sum, line) => sum + line.quantity * 250_050, 0),
          purchaseDate: date,
          paymentStatus: 'paid',
          paymentMethod: 'cash',
          userId: owner.userId,
        })
        .returning({ id: purchases.id });
      const ids: number[] = [];
      for (const line of batch) {
        const totalKobo = line.quantity * 250_050;
        const [row] = await tx
          .insert(purchaseLines)
          .values({
            tenantId: owner.tenantId,
            purchaseId: header!.id,
            itemId: line.itemId,
            quantity: line.quantity,
            unitPriceKobo: 250_050,
            totalKobo,
            amountPaidKobo: totalKobo,
          })
          .returning({ id: purchaseLines.id });
        ids.push(row!.id);
      }
      for (const [index, line] of batch.entries()) {
        await tx.insert(stockEntries).values({
          tenantId: owner.tenantId,
          itemId: line.itemId,
          businessDate: date,
          kind: 'supplied',
          quantity: line.quantity,
          sourceType: 'bench_bare',
          sourceId: ids[index]!,
          userId: owner.userId,
        });
      }
    });
  };

  /** Batches completed one after another for `seconds`, as purchases (lines) per second. */
  const rate = async (fn: () => Promise<void>, seconds: number) => {
    const started = performance.now();
    const until = started + seconds * 1000;
    let batches = 0;
    while (performance.now() < until) {
      await fn();
      batches++;
    }
    return (batches * BATCH.lines) / ((performance.now() - started) / 1000);
  };

  await rate(viaService, BATCH.warmupSeconds);
  await rate(bare, BATCH.warmupSeconds);
  // Short slices, alternated, so a busy moment on the machine hits both sides alike; medians decide.
  const slices: { service: number; bare: number }[] = [];
  for (let i = 0; i < BATCH.slices; i++) {
    slices.push({
      service: await rate(viaService, BATCH.sliceSeconds),
      bare: await rate(bare, BATCH.sliceSeconds),
    });
  }
  const servicePerSecond = median(slices.map((r) => r.service));
  const barePerSecond = median(slices.map((r) => r.bare));

  // What the service recorded must add up: on hand = the daily closing = the ledger's purchases
  // (every batch is dated today, so each item has one daily row; the bare rows are told apart by source).
  const [check] = (
    (await db.execute(sql`
      select
        (select coalesce(sum(on_hand), 0) from ${items} where tenant_id = ${owner.tenantId}) as on_hand,
        (select coalesce(sum(closing), 0) from ${stockDaily} where tenant_id = ${owner.tenantId}) as closing,
        (select coalesce(sum(quantity), 0) from ${stockEntries}
          where tenant_id = ${owner.tenantId} and source_type = 'purchase') as supplied`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows;
  const [tenant] = await db
    .select({ count: tenants.transactionCount })
    .from(tenants)
    .where(eq(tenants.id, owner.tenantId));
  const consistent =
    Number(check!.supplied) > 0 &&
    Number(check!.on_hand) === Number(check!.closing) &&
    Number(check!.on_hand) === Number(check!.supplied);
  log(
    `restock ${servicePerSecond.toFixed(0)} purchases/s through the service, ${barePerSecond.toFixed(0)} with bare INSERTs ` +
      `(${BATCH.lines} lines a batch, one at a time; medians of ${BATCH.slices} alternating ${BATCH.sliceSeconds}-s slices; ${tenant!.count} batches counted on the plan)`,
  );
  return {
    linesPerBatch: BATCH.lines,
    slices: slices.map((r) => ({ service: round(r.service, 1), bare: round(r.bare, 1) })),
    servicePurchasesPerSecond: round(servicePerSecond, 1),
    barePurchasesPerSecond: round(barePerSecond, 1),
    ratio: round(servicePerSecond / barePerSecond),
    ledgerConsistent: consistent,
  };
}

/** The parts this file measures; `stock-bench.ts <results.json> [part,part]` runs only those named. */
export const STOCK_PARTS = ['daily', 'restock', 'transfers'] as const;
type TStockPart = (typeof STOCK_PARTS)[number];

async function benchOn(
  label: string,
  open: () => Promise<{ db: Database; close: () => Promise<void> }>,
  parts: ReadonlySet<TStockPart>,
) {
  console.log(`  on ${label}:`);
  const started = performance.now();
  const handle = await open();
  try {
    const dailyLogs = parts.has('daily') ? await benchDailyLogs(handle.db) : undefined;
    const restockBatch = parts.has('restock') ? await benchRestockBatch(handle.db) : undefined;
    const transfers = parts.has('transfers')
      ? await benchWarehouseTransfers(
          handle.db,
          await createTenant(handle.db, `Bench Transfers ${randomBytes(3).toString('hex')}`, true),
        )
      : undefined;
    if (transfers)
      log(
        `transfers ${transfers.servicePerSecond} per second through the service, ${transfers.barePerSecond} with bare INSERTs of the two ledger rows`,
      );
    return { dailyLogs, restockBatch, transfers, seconds: round((performance.now() - started) / 1000, 1) };
  } finally {
    await handle.close();
  }
}

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: stock-bench.ts <results.json> [daily,restock,transfers]');
  const parts = new Set(
    (process.argv[3]?.split(',') ?? STOCK_PARTS).map((part) => {
      if (!STOCK_PARTS.includes(part as TStockPart)) throw new Error(`unknown stock part: ${part}`);
      return part as TStockPart;
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
  await writeFile(out, JSON.stringify({ daily: DAILY, batch: BATCH, results }, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
