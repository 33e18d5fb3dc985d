/**
 * Stock through the calls a shop makes, against a model: restocks, sales (today and backdated), sale
 * deletions and purchase deletions in random order, on random days of the last week. The server accepts
 * exactly what keeps every day's balance at zero or more, and every day's open and closing balance read
 * back through the daily log agree with the model.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStockFixture,
  createTestApp,
  daysAgo,
  makePro,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import { salesApi } from '../../test/sales-fixtures.ts';

let test: TTestApp;
const { post, get, del } = salesApi(() => test);

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const DAYS_BACK = 4;
const DAYS = Array.from({ length: DAYS_BACK + 1 }, (_, back) => daysAgo(DAYS_BACK - back));
const ITEMS = 2;
const OPENING_STOCK = 3;

type TOp =
  | { kind: 'restock'; item: number; quantity: number; back: number }
  | { kind: 'sell'; item: number; quantity: number; back: number }
  | { kind: 'deleteSale'; pick: number }
  | { kind: 'deletePurchase'; pick: number };

const back = fc.integer({ min: 0, max: DAYS_BACK });
const item = fc.integer({ min: 0, max: ITEMS - 1 });
const opArb: fc.Arbitrary<TOp> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('restock' as const),
      item,
      quantity: fc.integer({ min: 1, max: 6 }),
      back,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      item,
      quantity: fc.integer({ min: 1, max: 6 }),
      back,
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('deleteSale' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deletePurchase' as const), pick: fc.nat() }), weight: 1 },
);

/** The model: every accepted movement of an item, by day. */
type TMovement = { item: number; day: string; delta: number };

const closingOn = (movements: TMovement[], itemIndex: number, day: string) =>
  movements.filter((m) => m.item === itemIndex && m.day <= day).reduce((sum, m) => sum + m.delta, 0);

/** A movement is allowed when no day from its own on ends below zero. */
const allowed = (movements: TMovement[], change: TMovement) =>
  DAYS.filter((day) => day >= change.day).every(
    (day) => closingOn([...movements, change], change.item, day) >= 0,
  );

type TShop = { md: TSession; warehouse: string; itemIds: number[] };

async function openShop(): Promise<TShop> {
  const { md } = await registerBusiness(test.app);
  await makePro(test, md);
  const first = await createStockFixture(test.app, md, { quantity: OPENING_STOCK, date: DAYS[0] });
  const second = await createStockFixture(test.app, md, {
    warehouse: first.warehouse,
    quantity: OPENING_STOCK,
    date: DAYS[0],
  });
  return { md, warehouse: first.warehouse, itemIds: [first.itemId, second.itemId] };
}

async function run(shop: TShop, ops: TOp[]) {
  const movements: TMovement[] = shop.itemIds.map((_, index) => ({
    item: index,
    day: DAYS[0]!,
    delta: OPENING_STOCK,
  }));
  const sales: { id: number; movement: TMovement }[] = [];
  const purchases: { id: number; movement: TMovement }[] = [];
  for (const op of ops) {
    if (op.kind === 'restock') {
      const movement = { item: op.item, day: DAYS[DAYS_BACK - op.back]!, delta: op.quantity };
      const res = await post(shop.md, '/api/restock/batch', {
        supplier_name: 'Chi Distributors',
        purchase_date: movement.day,
        warehouse_name: shop.warehouse,
        payment_status: 'paid',
        payment_method: 'cash',
        items: [{ item_id: shop.itemIds[op.item], quantity: op.quantity, unit_price: 100 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      purchases.push({ id: res.json().purchase_ids[0], movement });
      movements.push(movement);
    } else if (op.kind === 'sell') {
      const movement = { item: op.item, day: DAYS[DAYS_BACK - op.back]!, delta: -op.quantity };
      const res = await post(shop.md, '/api/sales/batch', {
        sale_date: movement.day,
        warehouse_name: shop.warehouse,
        customer_name: 'Ada Obi',
        items: [{ item_id: shop.itemIds[op.item], quantity: op.quantity, unit_price: 250 }],
        payment_method: 'cash',
        payment_status: 'paid',
        invoice_override: true,
      });
      const accept = allowed(movements, movement);
      expect(res.statusCode, `${JSON.stringify(op)}: ${res.body}`).toBe(accept ? 201 : 409);
      if (!accept) continue;
      sales.push({ id: res.json().sale_id, movement });
      movements.push(movement);
    } else if (op.kind === 'deleteSale') {
      if (sales.length === 0) continue;
      const [sale] = sales.splice(op.pick % sales.length, 1);
      const res = await del(shop.md, `/api/sales/${sale!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      movements.push({ ...sale!.movement, delta: -sale!.movement.delta });
    } else {
      if (purchases.length === 0) continue;
      const index = op.pick % purchases.length;
      const purchase = purchases[index]!;
      const reversal = { ...purchase.movement, delta: -purchase.movement.delta };
      const res = await del(
        shop.md,
        `/api/restock/delete-by-id-date?purchase_id=${purchase.id}&purchase_date=${purchase.movement.day}`,
      );
      const accept = allowed(movements, reversal);
      expect(res.statusCode, `delete purchase ${JSON.stringify(purchase)}: ${res.body}`).toBe(
        accept ? 200 : 409,
      );
      if (!accept) continue;
      purchases.splice(index, 1);
      movements.push(reversal);
    }
  }
  return movements;
}

async function expectDailyLogs(shop: TShop, movements: TMovement[]) {
  for (const [dayIndex, day] of DAYS.entries()) {
    const res = await get(
      shop.md,
      `/api/inventory/daily-logs?selected_date=${day}&warehouse_name=${encodeURIComponent(shop.warehouse)}&page_size=50`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { item_id: number; open_balance: number; closing_balance: number }[];
    const read = shop.itemIds.map((id) => rows.find((row) => row.item_id === id));
    const expected = shop.itemIds.map((_, index) => ({
      open_balance: dayIndex === 0 ? 0 : closingOn(movements, index, DAYS[dayIndex - 1]!),
      closing_balance: closingOn(movements, index, day),
    }));
    expect(
      read.map((row) => ({ open_balance: row?.open_balance, closing_balance: row?.closing_balance })),
      day,
    ).toEqual(expected);
  }
}

describe('stock through sales and restocks, today and backdated', () => {
  it('accepts exactly what keeps every day at zero or more, and the daily log follows the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
        const shop = await openShop();
        const movements = await run(shop, ops);
        await expectDailyLogs(shop, movements);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('refuses a backdated sale that a later day already needs, and takes a backdated one that fits', async () => {
    const shop = await openShop();
    const movements = await run(shop, [
      { kind: 'sell', item: 0, quantity: 3, back: 0 },
      { kind: 'restock', item: 0, quantity: 2, back: 2 },
      { kind: 'sell', item: 0, quantity: 3, back: 3 },
      { kind: 'sell', item: 0, quantity: 2, back: 3 },
    ]);
    expect(movements.filter((m) => m.item === 0 && m.delta < 0).map((m) => [m.day, m.delta])).toEqual([
      [DAYS[4], -3],
      [DAYS[1], -2],
    ]);
    await expectDailyLogs(shop, movements);
  });
});
