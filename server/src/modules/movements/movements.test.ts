import { businessDate } from '@app/domain/dates/business-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZMovementItemSchema } from '@app/domain/schemas/movements';
import type { z } from 'zod';
import { stockEntries } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  daysAgo,
  makePro,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = businessDate();
const post = (session: TSession, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t.app, session, { method: 'POST', url, payload: payload as object, headers });
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });

/** Two warehouses: Lekki with 10 bags of rice (barcode 6001), Ikeja empty but for a bag of beans. */
async function shop(quantity = 10, date = today) {
  const { md } = await registerBusiness(t.app);
  await makePro(t, md);
  const rice = await createStockFixture(t.app, md, { warehouse: 'Lekki', item: 'Rice 50kg', quantity, date });
  await call(t.app, md, {
    method: 'POST',
    url: '/api/restock/price-bulk-update',
    payload: {
      warehouse_name: 'Lekki',
      updates: [{ item_id: rice.itemId, new_price: 52_000, new_barcode: '6001' }],
    },
  });
  const beans = await createStockFixture(t.app, md, {
    warehouse: 'Ikeja',
    item: 'Beans 50kg',
    quantity: 1,
    date,
  });
  return { md, rice, beans };
}

const transfer = (overrides: Record<string, unknown> = {}) => ({
  transfer_type: 'warehouse_transfer',
  source_warehouse: 'Lekki',
  destination_warehouse: 'Ikeja',
  item_name: 'Rice 50kg',
  quantity: 3,
  issued_by: 'Bola',
  received_by: 'Tunde',
  notes: 'Weekend stock',
  ...overrides,
});

type TMovementItem = z.infer<typeof ZMovementItemSchema>;

async function itemsOf(md: TSession, warehouse: string) {
  const res = await get(md, `/api/b2b/inventory/${encodeURIComponent(warehouse)}`);
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as TMovementItem[]).map((item) => [item.item_name, item]));
}

const dailyLog = async (md: TSession, date: string, warehouse: string) =>
  (await get(md, `/api/inventory/daily-logs?selected_date=${date}&warehouse_name=${warehouse}`)).json() as {
    item_name: string;
    supplied_quantity: number;
    stock_out: number;
    closing_balance: number;
  }[];

describe('a warehouse transfer', () => {
  it('moves the source item out and the destination item in, made like the source under its new name', async () => {
    const { md } = await shop();
    const res = await post(md, '/api/b2b/transfer/warehouse', transfer({ item_name_to: 'Rice (bag)' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      msg: 'Transferred 3 units of Rice 50kg → Rice (bag)',
      movement: {
        transfer_type: 'warehouse_transfer',
        item_name_from: 'Rice 50kg',
        item_name_to: 'Rice (bag)',
        from_store: 'Lekki',
        to_store: 'Ikeja',
        quantity: 3,
        issued_by: 'Bola',
        received_by: 'Tunde',
        movement_date: today,
        status: 'completed',
      },
    });
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']).toMatchObject({ closing_balance: 7 });
    expect((await itemsOf(md, 'Ikeja'))['Rice (bag)']).toMatchObject({
      closing_balance: 3,
      price: 52_000,
      barcode: '6001',
    });
    expect((await dailyLog(md, today, 'Lekki')).find((r) => r.item_name === 'Rice 50kg')).toMatchObject({
      stock_out: 3,
      closing_balance: 7,
    });
    expect((await dailyLog(md, today, 'Ikeja')).find((r) => r.item_name === 'Rice (bag)')).toMatchObject({
      supplied_quantity: 3,
      closing_balance: 3,
    });
    const scan = await get(md, '/api/sales/barcode/item?barcode=6001&warehouse_name=Ikeja');
    expect(scan.json()).toMatchObject({ item_name: 'Rice (bag)', warehouse_name: 'Ikeja' });
    const history = await get(md, '/api/b2b/movements');
    expect(history.headers['x-total-count']).toBe('1');
  });

  it('refuses a new name at a destination that holds the same barcode under another name, and moves nothing', async () => {
    const { md } = await shop();
    expect((await post(md, '/api/b2b/transfer/warehouse', transfer({ quantity: 1 }))).statusCode).toBe(201);
    const renamed = await post(md, '/api/b2b/transfer/warehouse', transfer({ item_name_to: 'Rice Bag' }));
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().detail).toBe(
      'Ikeja already has Rice 50kg with barcode 6001: transfer to Rice 50kg instead',
    );
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']).toMatchObject({ closing_balance: 9 });
    const ikeja = await itemsOf(md, 'Ikeja');
    expect(ikeja['Rice 50kg']).toMatchObject({ closing_balance: 1 });
    expect(ikeja['Rice Bag']).toBeUndefined();
  });

  it('adds to the destination’s item of the same name, on a past day too, and the later days follow', async () => {
    const { md } = await shop(10, daysAgo(5));
    await post(md, '/api/b2b/transfer/warehouse', transfer({ quantity: 2, movement_date: daysAgo(3) }));
    await post(md, '/api/b2b/transfer/warehouse', transfer({ quantity: 1 }));
    expect((await itemsOf(md, 'Ikeja'))['Rice 50kg']).toMatchObject({ closing_balance: 3 });
    const threeDaysAgo = await dailyLog(md, daysAgo(3), 'Lekki');
    expect(threeDaysAgo.find((r) => r.item_name === 'Rice 50kg')).toMatchObject({
      stock_out: 2,
      closing_balance: 8,
    });
    expect((await dailyLog(md, today, 'Lekki')).find((r) => r.item_name === 'Rice 50kg')).toMatchObject({
      closing_balance: 7,
    });
  });

  it.each([
    [{ destination_warehouse: 'lekki' }, 'Source and destination warehouses must be different'],
    [{ received_by: '' }, 'Please fill all required fields'],
    [{ item_name: null }, 'Please fill all required fields'],
    [{ quantity: 0 }, 'Please fill all required fields'],
    [{ quantity: -2 }, 'Please fill all required fields'],
  ])('refuses %j with 422 "%s" and moves nothing', async (overrides, message) => {
    const { md } = await shop();
    const res = await post(md, '/api/b2b/transfer/warehouse', transfer(overrides));
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(message);
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']!.closing_balance).toBe(10);
  });

  it('moves the item named by id into its own name there, whatever item_name says', async () => {
    const { md, rice } = await shop();
    const res = await post(
      md,
      '/api/b2b/transfer/warehouse',
      transfer({ item_id: rice.itemId, item_name: 'Beans 50kg', quantity: 2 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().msg).toBe('Transferred 2 units of Rice 50kg → Rice 50kg');
    const ikeja = await itemsOf(md, 'Ikeja');
    expect(ikeja['Beans 50kg']!.closing_balance).toBe(1);
    expect(ikeja['Rice 50kg']!.closing_balance).toBe(2);
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']!.closing_balance).toBe(8);
  });

  it('refuses more than is on hand with 409, and neither item nor movement is recorded', async () => {
    const { md } = await shop();
    const res = await post(
      md,
      '/api/b2b/transfer/warehouse',
      transfer({ quantity: 11, item_name_to: 'New Rice' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Insufficient stock for Rice 50kg: 10 left');
    expect(await itemsOf(md, 'Ikeja')).not.toHaveProperty('New Rice');
    expect((await get(md, '/api/b2b/movements')).json()).toEqual([]);
  });

  it('moves exactly 10 of 10 units when 30 transfers of one arrive at once, and the ledger balances', async () => {
    const { md, rice } = await shop();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => post(md, '/api/b2b/transfer/warehouse', transfer({ quantity: 1 }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    const lekki = await itemsOf(md, 'Lekki');
    const ikeja = await itemsOf(md, 'Ikeja');
    expect([lekki['Rice 50kg']!.closing_balance, ikeja['Rice 50kg']!.closing_balance]).toEqual([0, 10]);
    const entries = await t.database.db
      .select()
      .from(stockEntries)
      .where(eq(stockEntries.sourceType, 'movement'));
    const mine = entries.filter((e) => e.itemId === rice.itemId || e.itemId === ikeja['Rice 50kg']!.item_id);
    expect(mine.reduce((sum, e) => sum + (e.kind === 'supplied' ? e.quantity : -e.quantity), 0)).toBe(0);
  });

  it('runs opposite transfers at once without a deadlock', async () => {
    const { md } = await shop();
    await post(md, '/api/b2b/transfer/warehouse', transfer({ quantity: 5 }));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        post(
          md,
          '/api/b2b/transfer/warehouse',
          n % 2 === 0
            ? transfer({ quantity: 1 })
            : transfer({ quantity: 1, source_warehouse: 'Ikeja', destination_warehouse: 'Lekki' }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']!.closing_balance).toBe(5);
  });

  it('names its item by id; its answer, its row in the history and its audit entry agree; a public_id twice is 409', async () => {
    const { md, rice } = await shop();
    const publicId = '0192f5c4-7d2e-7a31-9b5e-3c1d2e4f5a6b';
    const res = await post(
      md,
      '/api/b2b/transfer/warehouse',
      transfer({ item_name: undefined, item_id: rice.itemId, public_id: publicId }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { movement } = res.json() as { movement: Record<string, unknown> };
    expect(movement).toMatchObject({
      public_id: publicId,
      item_name_from: 'Rice 50kg',
      item_name_to: 'Rice 50kg',
    });
    const history = (await get(md, '/api/b2b/movements')).json() as Record<string, unknown>[];
    expect(history).toEqual([movement]);
    const audit = (await get(md, '/api/audit?kind=movement.recorded')).json() as {
      entries: { record_id: string; after: unknown }[];
    };
    expect(audit.entries).toEqual([
      expect.objectContaining({ record_id: String(movement.movement_id), after: movement }),
    ]);
    const entries = await t.database.db
      .select()
      .from(stockEntries)
      .where(eq(stockEntries.sourceId, movement.movement_id as number));
    expect(entries.filter((e) => e.sourceType === 'movement').map((e) => [e.kind, e.quantity])).toEqual(
      expect.arrayContaining([
        ['stock_out', 3],
        ['supplied', 3],
      ]),
    );
    const again = await post(md, '/api/b2b/transfer/warehouse', transfer({ public_id: publicId }));
    expect(again.statusCode).toBe(409);
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']!.closing_balance).toBe(7);
  });

  it('records once for a retried Idempotency-Key', async () => {
    const { md } = await shop();
    const headers = { 'idempotency-key': 'transfer-1' };
    await post(md, '/api/b2b/transfer/warehouse', transfer(), headers);
    const again = await post(md, '/api/b2b/transfer/warehouse', transfer(), headers);
    expect(again.statusCode).toBe(201);
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']!.closing_balance).toBe(7);
  });

  it('lets an employee move stock only between warehouses open to them', async () => {
    const { md, rice } = await shop();
    await call(t.app, md, {
      method: 'PUT',
      url: `/api/warehouses/${rice.warehouseId}/access`,
      payload: { access_all: true },
    });
    const clerk = await createEmployee(t.app, md, ['stock_movement.page.access']);
    expect((await get(clerk.session, '/api/b2b/warehouses')).json()).toEqual(['Lekki']);
    const res = await post(clerk.session, '/api/b2b/transfer/warehouse', transfer());
    expect(res.statusCode).toBe(404);
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']!.closing_balance).toBe(10);
    const stranger = await createEmployee(t.app, md, ['sales.page.access']);
    expect((await get(stranger.session, '/api/b2b/movements')).statusCode).toBe(403);
  });
});

describe('a customer sale and a write-off', () => {
  it('take the stock out; a write-off needs notes of 5 characters; the history filters and exports', async () => {
    const { md } = await shop();
    const sale = await post(md, '/api/b2b/transfer/customer', {
      transfer_type: 'customer_sale',
      source_warehouse: 'Lekki',
      item_name: 'Rice 50kg',
      quantity: 4,
      issued_by: 'Bola',
      customer_name: '=cmd|"/c calc"!A1',
    });
    expect(sale.json()).toMatchObject({
      msg: 'Sold 4 units successfully',
      movement: { to_store: null, quantity: 4 },
    });
    const short = await post(md, '/api/b2b/transfer/stockout', {
      source_warehouse: 'Lekki',
      item_name: 'Rice 50kg',
      quantity: 1,
      issued_by: 'Bola',
      notes: 'wet',
    });
    expect(short.statusCode).toBe(422);
    expect(JSON.stringify(short.json().detail)).toContain(
      'Please fill all required fields (notes must be at least 5 characters)',
    );
    const none = await post(md, '/api/b2b/transfer/stockout', {
      source_warehouse: 'Lekki',
      item_name: 'Rice 50kg',
      quantity: 0,
      issued_by: 'Bola',
      notes: 'Wet bag',
    });
    expect([none.statusCode, JSON.stringify(none.json().detail)]).toEqual([
      422,
      expect.stringContaining('Please fill all required fields (notes must be at least 5 characters)'),
    ]);
    const noQuantity = await post(md, '/api/b2b/transfer/customer', {
      source_warehouse: 'Lekki',
      item_name: 'Rice 50kg',
      quantity: 0,
      issued_by: 'Bola',
    });
    expect([noQuantity.statusCode, JSON.stringify(noQuantity.json().detail)]).toEqual([
      422,
      expect.stringContaining('Please fill all required fields'),
    ]);
    const writeOff = await post(md, '/api/b2b/transfer/stockout', {
      source_warehouse: 'Lekki',
      item_name: 'Rice 50kg',
      quantity: 1,
      issued_by: 'Bola',
      notes: 'Wet bag',
    });
    expect(writeOff.json().msg).toBe('Written off 1 units');
    expect((await itemsOf(md, 'Lekki'))['Rice 50kg']!.closing_balance).toBe(5);
    expect((await dailyLog(md, today, 'Lekki')).find((r) => r.item_name === 'Rice 50kg')).toMatchObject({
      stock_out: 5,
    });

    const stockouts = await get(md, '/api/b2b/movements?transfer_type=stockout');
    expect(stockouts.json()).toHaveLength(1);
    expect((await get(md, '/api/b2b/movements?search=calc')).json()).toHaveLength(1);
    const csv = await get(md, '/api/b2b/movements/export');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="stock_movements_${today}.csv"`);
    expect(csv.body).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(csv.body).toContain('Write-off,Rice 50kg');
  });
});
