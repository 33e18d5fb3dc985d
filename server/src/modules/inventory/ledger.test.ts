import { balanceDelta, type TStockKind } from '@app/domain/stock/ledger';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { items, stockDaily, stockEntries, tenants, warehouses } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { createLedger } from './ledger.repository.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const DATES = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-09'];

async function setupItems(count: number) {
  const db = database.db;
  const [tenant] = await db
    .insert(tenants)
    .values({ name: `Ledger ${Math.random()}` })
    .returning();
  const [warehouse] = await db.insert(warehouses).values({ tenantId: tenant!.id, name: 'Main' }).returning();
  const rows = await db
    .insert(items)
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenantId: tenant!.id,
        warehouseId: warehouse!.id,
        name: `Item ${i}`,
        priceKobo: 1000,
      })),
    )
    .returning();
  return { tenantId: tenant!.id, itemIds: rows.map((r) => r.id) };
}

type TOp = { item: number; date: string; kind: TStockKind; quantity: number };

const opArb = fc.record({
  item: fc.integer({ min: 0, max: 1 }),
  date: fc.constantFrom(...DATES),
  kind: fc.constantFrom<TStockKind>('supplied', 'stock_out', 'stock_out', 'returned'),
  quantity: fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 20 }), weight: 4 },
    { arbitrary: fc.integer({ min: -10, max: -1 }), weight: 1 },
  ),
});

/** The model: per item, the list of accepted (date, kind, quantity). */
function wouldAccept(history: TOp[], op: TOp): boolean {
  const sameDayKind = history
    .filter((h) => h.date === op.date && h.kind === op.kind)
    .reduce((s, h) => s + h.quantity, 0);
  if (op.quantity < 0 && sameDayKind + op.quantity < 0) return false;
  const all = [...history, op];
  return DATES.every(
    (date) =>
      all.filter((h) => h.date <= date).reduce((s, h) => s + balanceDelta(h.kind, h.quantity), 0) >= 0,
  );
}

async function checkInvariants(tenantId: number, itemIds: number[]) {
  const db = database.db;
  for (const itemId of itemIds) {
    const entries = await db.select().from(stockEntries).where(eq(stockEntries.itemId, itemId));
    const days = await db
      .select()
      .from(stockDaily)
      .where(eq(stockDaily.itemId, itemId))
      .orderBy(asc(stockDaily.businessDate));
    let previousClosing = 0;
    for (const day of days) {
      const onDay = entries.filter((e) => e.businessDate === day.businessDate);
      const sum = (kind: TStockKind) =>
        onDay.filter((e) => e.kind === kind).reduce((s, e) => s + e.quantity, 0);
      expect([day.supplied, day.returned, day.stockOut]).toEqual([
        sum('supplied'),
        sum('returned'),
        sum('stock_out'),
      ]);
      expect(day.closing).toBe(previousClosing + day.supplied + day.returned - day.stockOut);
      expect(day.closing).toBeGreaterThanOrEqual(0);
      expect(Math.min(day.supplied, day.returned, day.stockOut)).toBeGreaterThanOrEqual(0);
      previousClosing = day.closing;
    }
    const [item] = await db.select().from(items).where(eq(items.id, itemId));
    expect(item!.onHand).toBe(previousClosing);
    expect(item!.tenantId).toBe(tenantId);
  }
}

describe('the stock ledger', () => {
  it('keeps closing = open + supplied + returned − stock out, open = previous closing, on hand = last closing, nothing below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40 }), async (ops) => {
        const { tenantId, itemIds } = await setupItems(2);
        const accepted: TOp[][] = [[], []];
        for (const op of ops) {
          const expected = wouldAccept(accepted[op.item]!, op);
          const outcome = await database.db
            .transaction((tx) =>
              createLedger(tx).post({
                tenantId,
                itemId: itemIds[op.item]!,
                businessDate: op.date,
                kind: op.kind,
                quantity: op.quantity,
                sourceType: 'test',
                sourceId: null,
                userId: null,
              }),
            )
            .then(() => true)
            .catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'conflict') return false;
              throw error;
            });
          expect(outcome, JSON.stringify(op)).toBe(expected);
          if (outcome) accepted[op.item]!.push(op);
        }
        await checkInvariants(tenantId, itemIds);
      }),
      { numRuns: 40 },
    );
  });

  it('posts several entries at once all or nothing, with the same invariants', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 12 }),
        async (batches) => {
          const { tenantId, itemIds } = await setupItems(2);
          const accepted: TOp[][] = [[], []];
          for (const batch of batches) {
            const trial: TOp[][] = accepted.map((ops) => [...ops]);
            const expected = batch.every((op) => {
              const ok = wouldAccept(trial[op.item]!, op);
              if (ok) trial[op.item]!.push(op);
              return ok;
            });
            const outcome = await database.db
              .transaction((tx) =>
                createLedger(tx).postAll(
                  batch.map((op) => ({
                    tenantId,
                    itemId: itemIds[op.item]!,
                    businessDate: op.date,
                    kind: op.kind,
                    quantity: op.quantity,
                    sourceType: 'test',
                    sourceId: null,
                    userId: null,
                  })),
                ),
              )
              .then(() => true)
              .catch((error: unknown) => {
                if (error instanceof AppError && error.code === 'conflict') return false;
                throw error;
              });
            expect(outcome, JSON.stringify(batch)).toBe(expected);
            if (outcome) for (const op of batch) accepted[op.item]!.push(op);
          }
          await checkInvariants(tenantId, itemIds);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses a backdated stock out that a later day has already used', async () => {
    const { tenantId, itemIds } = await setupItems(1);
    const post = (businessDate: string, kind: TStockKind, quantity: number) =>
      database.db.transaction((tx) =>
        createLedger(tx).post({
          tenantId,
          itemId: itemIds[0]!,
          businessDate,
          kind,
          quantity,
          sourceType: 'test',
          sourceId: null,
          userId: null,
        }),
      );
    await post('2026-11-01', 'supplied', 5);
    await post('2026-11-03', 'stock_out', 5);
    // The 2nd had 5; the 3rd, which sold them, is the day that runs short, and the refusal names it.
    await expect(post('2026-11-02', 'stock_out', 3)).rejects.toMatchObject({
      code: 'conflict',
      detail: 'Insufficient stock for Item 0: 0 left on 3 Nov 2026',
    });
    await post('2026-11-02', 'returned', 2);
    await post('2026-11-02', 'stock_out', 2);
    await checkInvariants(tenantId, itemIds);
  });

  it('refuses an entry for another business’s item', async () => {
    const mine = await setupItems(1);
    const theirs = await setupItems(1);
    const attempt = database.db.transaction((tx) =>
      createLedger(tx).post({
        tenantId: mine.tenantId,
        itemId: theirs.itemIds[0]!,
        businessDate: DATES[0]!,
        kind: 'supplied',
        quantity: 5,
        sourceType: 'test',
        sourceId: null,
        userId: null,
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('concurrent stock-outs', () => {
  it('never take an item below zero and lose no update', async () => {
    const { tenantId, itemIds } = await setupItems(1);
    const itemId = itemIds[0]!;
    const post = (kind: TStockKind, quantity: number) =>
      database.db.transaction((tx) =>
        createLedger(tx).post({
          tenantId,
          itemId,
          businessDate: DATES[0]!,
          kind,
          quantity,
          sourceType: 'test',
          sourceId: null,
          userId: null,
        }),
      );
    await post('supplied', 10);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => post('stock_out', 1)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(
      outcomes
        .filter((o) => o.status === 'rejected')
        .every((o) => (o as PromiseRejectedResult).reason.code === 'conflict'),
    ).toBe(true);
    const [item] = await database.db.select().from(items).where(eq(items.id, itemId));
    expect(item!.onHand).toBe(0);
    const [day] = await database.db.select().from(stockDaily).where(eq(stockDaily.itemId, itemId));
    expect(day).toMatchObject({ supplied: 10, stockOut: 10, closing: 0 });
  });
});

describe('movements between two warehouses', () => {
  it('post both ways at once without a deadlock: each movement locks its items in one order', async () => {
    const { tenantId, itemIds } = await setupItems(2);
    const [rice, beans] = itemIds as [number, number];
    const db = database.db;
    const [second] = await db.insert(warehouses).values({ tenantId, name: 'Annex' }).returning();
    await db.update(items).set({ warehouseId: second!.id }).where(eq(items.id, beans));
    const entry = (itemId: number, kind: TStockKind) => ({
      tenantId,
      itemId,
      businessDate: DATES[0]!,
      kind,
      quantity: 1,
      sourceType: 'test_movement',
      sourceId: null,
      userId: null,
    });
    await db.transaction((tx) =>
      createLedger(tx).postAll(
        [entry(rice, 'supplied'), entry(beans, 'supplied')].map((e) => ({ ...e, quantity: 50 })),
      ),
    );
    // Each movement names its source first: half go rice → beans, half beans → rice.
    const move = (from: number, to: number) =>
      db.transaction((tx) => createLedger(tx).postAll([entry(from, 'stock_out'), entry(to, 'supplied')]));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? move(rice, beans) : move(beans, rice))),
    );
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    const balances = await db
      .select({ id: items.id, onHand: items.onHand })
      .from(items)
      .where(eq(items.tenantId, tenantId));
    expect(balances.map((b) => b.onHand)).toEqual([50, 50]);
    await checkInvariants(tenantId, itemIds);
  });
});
