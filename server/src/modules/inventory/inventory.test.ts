import { businessDate } from '@app/domain/dates/business-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });
const send = (
  session: TSession,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => call(t.app, session, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function shop() {
  const business = await registerBusiness(t.app);
  await makePro(t, business.md);
  return business.md;
}

describe('daily logs', () => {
  it('has a row for every item with history up to the date, with open and closing balances', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Rice',
      quantity: 10,
      date: daysAgo(5),
    });
    await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Beans', quantity: 4, date: daysAgo(1) });
    const logsFor = async (date: string) =>
      (await get(md, `/api/inventory/daily-logs?selected_date=${date}`)).json();

    expect(await logsFor(daysAgo(6))).toEqual([]);
    expect(await logsFor(daysAgo(5))).toEqual([
      expect.objectContaining({
        log_date: daysAgo(5),
        item_name: 'Rice',
        open_balance: 0,
        supplied_quantity: 10,
        closing_balance: 10,
      }),
    ]);
    const later = await logsFor(daysAgo(3));
    expect(later).toEqual([
      expect.objectContaining({
        item_name: 'Rice',
        open_balance: 10,
        supplied_quantity: 0,
        closing_balance: 10,
      }),
    ]);
    expect((await logsFor(today)).map((r: { item_name: string }) => r.item_name)).toEqual(['Beans', 'Rice']);

    const paged = await get(md, `/api/inventory/daily-logs?selected_date=${today}&page=2&page_size=1`);
    expect(paged.headers['x-total-count']).toBe('2');
    expect(paged.json().map((r: { item_name: string }) => r.item_name)).toEqual(['Rice']);
    expect(rice.itemId).toBeGreaterThan(0);
  });

  it('pages by keyset on request: the items after the last one shown, in the same order, uncounted', async () => {
    const md = await shop();
    for (const [warehouse, item] of [
      ['Main', 'Rice'],
      ['Annex', 'Rice'],
      ['Main', 'Beans'],
      ['Main', 'Garri'],
      ['Annex', 'Yam'],
    ])
      await createStockFixture(t.app, md, { warehouse, item });
    const names = (rows: { item_name: string; warehouse_name: string }[]) =>
      rows.map((row) => `${row.item_name} @ ${row.warehouse_name}`);
    const all = (await get(md, `/api/inventory/daily-logs?selected_date=${today}`)).json();
    expect(names(all)).toEqual([
      'Beans @ Main',
      'Garri @ Main',
      'Rice @ Annex',
      'Rice @ Main',
      'Yam @ Annex',
    ]);

    const first = await get(md, `/api/inventory/daily-logs?selected_date=${today}&page_size=2&count=false`);
    expect(first.headers['x-total-count']).toBeUndefined();
    const seen = [...first.json()];
    let after = first.headers['x-next-after'] as string;
    for (let page = 0; after && page < 5; page++) {
      const next = await get(
        md,
        `/api/inventory/daily-logs?selected_date=${today}&page_size=2&after=${after}`,
      );
      seen.push(...next.json());
      after = next.headers['x-next-after'] as string;
    }
    expect(names(seen)).toEqual(names(all));
    const stranger = await shop();
    await createStockFixture(t.app, stranger, { warehouse: 'Main', item: 'Zobo' });
    const foreign = await get(
      stranger,
      `/api/inventory/daily-logs?selected_date=${today}&after=${all[0].item_id}`,
    );
    expect(foreign.json()).toEqual([]);
  });

  it('lists and counts an item on the days from its first movement, a backdated restock included', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Rice', quantity: 5 });
    const counted = async (date: string) =>
      (await get(md, `/api/inventory/daily-logs?selected_date=${date}&page=1&page_size=20`)).headers[
        'x-total-count'
      ];
    expect(await counted(today)).toBe('1');
    expect(await counted(daysAgo(3))).toBe('0');
    const backdated = await call(t.app, md, {
      method: 'POST',
      url: '/api/restock/batch',
      payload: {
        supplier_name: 'S',
        purchase_date: daysAgo(3),
        warehouse_name: 'Main',
        payment_status: 'paid',
        payment_method: 'cash',
        items: [{ item_id: rice.itemId, quantity: 2, unit_price: 100 }],
      },
    });
    expect(backdated.statusCode, backdated.body).toBe(201);
    expect(await counted(daysAgo(3))).toBe('1');
    expect(await counted(daysAgo(4))).toBe('0');
    const rows = (await get(md, `/api/inventory/daily-logs?selected_date=${daysAgo(3)}&page=1`)).json();
    expect(rows).toEqual([expect.objectContaining({ item_name: 'Rice', closing_balance: 2 })]);
  });

  it('lets employees read only today', async () => {
    const md = await shop();
    await createStockFixture(t.app, md, { warehouse: 'Open', item: 'Rice' });
    await send(
      md,
      'PUT',
      `/api/warehouses/${(await get(md, '/api/warehouses')).json()[0].warehouse_id}/access`,
      { access_all: true },
    );
    const { session } = await createEmployee(t.app, md, ['inventory.page.access']);
    expect((await get(session, `/api/inventory/daily-logs?selected_date=${today}`)).json()).toHaveLength(1);
    expect((await get(session, `/api/inventory/daily-logs?selected_date=${daysAgo(1)}`)).statusCode).toBe(
      403,
    );
  });

  it('rejects bad dates', async () => {
    const md = await shop();
    for (const date of ['2026-13-01', 'today', '']) {
      expect((await get(md, `/api/inventory/daily-logs?selected_date=${date}`)).statusCode).toBe(422);
    }
  });
});

describe('low stock, returns and corrections', () => {
  it('lists items at or below their reorder level, and a return with the access code lifts them', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Rice',
      quantity: 5,
      reorderLevel: 5,
    });
    await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Beans', quantity: 50, reorderLevel: 5 });
    expect((await get(md, '/api/inventory/low-stock')).json()).toEqual([
      {
        item_id: rice.itemId,
        item_name: 'Rice',
        warehouse_name: 'Main',
        closing_balance: 5,
        reorder_level: 5,
      },
    ]);

    const body = { item_id: rice.itemId, return_quantity: 2, selected_date: today, access_code: '4321' };
    const noCode = await send(md, 'POST', '/api/inventory/return-item', body);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().detail).toMatch(/No access code is set/);
    expect((await send(md, 'PUT', '/api/settings/access-code', { code: '4321' })).statusCode).toBe(200);
    const wrong = await send(md, 'POST', '/api/inventory/return-item', { ...body, access_code: '0000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'Invalid access code' });
    const ok = await send(md, 'POST', '/api/inventory/return-item', body);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ success: true, return_quantity: 2 });
    expect((await get(md, '/api/inventory/low-stock')).json()).toEqual([]);
    const [log] = (await get(md, `/api/inventory/daily-logs?selected_date=${today}`))
      .json()
      .filter((r: { item_name: string }) => r.item_name === 'Rice');
    expect(log).toMatchObject({ supplied_quantity: 5, return_quantity: 2, closing_balance: 7 });
    for (const bad of [
      { return_quantity: -1 },
      { return_quantity: 1.5 },
      { item_id: 'abc' },
      { selected_date: '2026-02-31' },
    ]) {
      expect((await send(md, 'POST', '/api/inventory/return-item', { ...body, ...bad })).statusCode).toBe(
        422,
      );
    }
    expect(
      (await send(md, 'POST', '/api/inventory/return-item', { ...body, selected_date: '2999-01-01' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a return that would take the stock past 1,000,000,000 units, and keeps the stock', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Rice', quantity: 5 });
    expect((await send(md, 'PUT', '/api/settings/access-code', { code: '4321' })).statusCode).toBe(200);
    const returned = () =>
      send(md, 'POST', '/api/inventory/return-item', {
        item_id: rice.itemId,
        return_quantity: 100_000_000,
        selected_date: today,
        access_code: '4321',
      });
    for (let call = 0; call < 9; call += 1) expect((await returned()).statusCode).toBe(201);
    const refused = await returned();
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { detail: 'Rice cannot hold more than 1,000,000,000 units on a day: check the quantity' },
    ]);
    const [log] = (await get(md, `/api/inventory/daily-logs?selected_date=${today}`))
      .json()
      .filter((r: { item_name: string }) => r.item_name === 'Rice');
    expect(log).toMatchObject({ return_quantity: 900_000_000, closing_balance: 900_000_005 });
  });

  it('dates a return: an employee today (or the day it was recorded offline), nobody before the first stock', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Rice', date: daysAgo(3) });
    await send(md, 'PUT', `/api/warehouses/${rice.warehouseId}/access`, { access_all: true });
    expect((await send(md, 'PUT', '/api/settings/access-code', { code: '4321' })).statusCode).toBe(200);
    const { session } = await createEmployee(t.app, md, ['inventory.page.access', 'inventory.update.access']);
    const returned = (who: typeof md, date: string, extra: Record<string, unknown> = {}) =>
      send(who, 'POST', '/api/inventory/return-item', {
        item_id: rice.itemId,
        return_quantity: 1,
        selected_date: date,
        access_code: '4321',
        ...extra,
      });
    const yesterday = await returned(session, daysAgo(1));
    expect([yesterday.statusCode, yesterday.json().detail]).toEqual([
      403,
      'Employees can record returns for today only',
    ]);
    expect((await returned(session, today)).statusCode).toBe(201);
    const offline = new Date(`${daysAgo(1)}T12:00:00+01:00`).toISOString();
    expect((await returned(session, daysAgo(1), { recorded_at: offline })).statusCode).toBe(201);
    const early = await returned(md, daysAgo(4));
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toMatch(
      /^Rice has no stock history before \d{1,2} \w{3} \d{4}: a return cannot be dated earlier$/,
    );
    expect((await returned(md, daysAgo(3))).statusCode).toBe(201);
    const log = (await get(md, `/api/inventory/daily-logs?selected_date=${today}`)).json();
    expect(log.find((r: { item_name: string }) => r.item_name === 'Rice')).toMatchObject({
      closing_balance: 23,
    });
  });

  it('generates a 6-digit access code that is stored hashed and works once shown', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md);
    expect((await get(md, '/api/settings/access-code')).json()).toMatchObject({ is_set: false });
    const { access_code } = (await send(md, 'PUT', '/api/settings/access-code/generate')).json();
    expect(access_code).toMatch(/^\d{6}$/);
    expect((await get(md, '/api/settings/access-code')).json()).toMatchObject({ is_set: true });
    const res = await send(md, 'POST', '/api/inventory/return-item', {
      item_id: rice.itemId,
      return_quantity: 1,
      selected_date: today,
      access_code,
    });
    expect(res.statusCode).toBe(201);
    expect((await send(md, 'PUT', '/api/settings/access-code', { code: '12' })).statusCode).toBe(422);
    for (const code of ['', '   ']) {
      const empty = await send(md, 'PUT', '/api/settings/access-code', { code });
      expect([empty.statusCode, JSON.stringify(empty.json().detail)]).toEqual([
        422,
        expect.stringContaining('Please enter an access code'),
      ]);
    }
  });

  it('corrects a past day and every later day follows; refuses what would go below zero', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Rice',
      quantity: 10,
      date: daysAgo(4),
    });
    await send(md, 'PATCH', `/api/inventory/update/${rice.itemId}`, {
      log_date: daysAgo(4),
      stock_out: 3,
      notes: 'Counted shelf',
    });
    const edit = await send(md, 'PATCH', `/api/inventory/update/${rice.itemId}`, {
      log_date: daysAgo(4),
      supplied_quantity: 12,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().log).toMatchObject({ supplied_quantity: 12, stock_out: 3, closing_balance: 9 });
    expect((await get(md, `/api/inventory/daily-logs?selected_date=${daysAgo(2)}`)).json()[0]).toMatchObject({
      open_balance: 9,
      closing_balance: 9,
    });
    expect((await get(md, '/api/inventory/items-map')).json().Rice.closing_balance).toBe(9);

    const below = await send(md, 'PATCH', `/api/inventory/update/${rice.itemId}`, {
      log_date: daysAgo(4),
      supplied_quantity: 1,
    });
    expect(below.statusCode).toBe(409);
    const noHistory = await send(md, 'PATCH', `/api/inventory/update/${rice.itemId}`, {
      log_date: daysAgo(2),
      stock_out: 1,
    });
    expect(noHistory.statusCode).toBe(400);
    const tooOld = await send(md, 'PATCH', `/api/inventory/update/${rice.itemId}`, {
      log_date: daysAgo(40),
      stock_out: 1,
    });
    expect(tooOld.statusCode).toBe(400);
    const twoFields = await send(md, 'PATCH', `/api/inventory/update/${rice.itemId}`, {
      log_date: daysAgo(4),
      stock_out: 1,
      supplied_quantity: 2,
    });
    expect(twoFields.statusCode).toBe(422);
    const zero = await send(md, 'PATCH', `/api/inventory/update/${rice.itemId}`, {
      log_date: daysAgo(4),
      stock_out: 0,
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().detail.map((issue: { msg: string }) => issue.msg)).toEqual([
      'Please enter a valid quantity',
    ]);

    const history = (await get(md, `/api/inventory/items/${rice.itemId}/history?days=30`)).json();
    expect(history).toEqual([
      expect.objectContaining({ log_date: daysAgo(4), supplied_quantity: 12, stock_out: 3 }),
    ]);
    const adjustments = (await get(md, '/api/inventory/adjustments?limit=5')).json();
    expect(
      adjustments.map((a: { field: string; old_value: number; new_value: number }) => [
        a.field,
        a.old_value,
        a.new_value,
      ]),
    ).toEqual([
      ['supplied_quantity', 10, 12],
      ['stock_out', 0, 3],
    ]);
  });

  it('deletes an item from every list but keeps its history', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Rice', date: daysAgo(2) });
    const { session } = await createEmployee(t.app, md, ['inventory.page.access']);
    expect((await send(session, 'DELETE', `/api/inventory/item/${rice.itemId}`)).statusCode).toBe(403);
    expect((await send(md, 'DELETE', `/api/inventory/item/${rice.itemId}`)).json()).toEqual({
      msg: 'Rice deleted',
    });
    expect((await get(md, '/api/inventory/items-map')).json()).toEqual({});
    expect((await get(md, `/api/inventory/daily-logs?selected_date=${today}`)).json()).toEqual([]);
    expect((await send(md, 'DELETE', `/api/inventory/item/${rice.itemId}`)).statusCode).toBe(404);
    expect((await get(md, '/api/restock/')).json()).toHaveLength(1);
    // The days before it was deleted still show it, as Restock still shows its purchase.
    const names = (rows: { item_name: string }[]) => rows.map((row) => row.item_name);
    expect(names((await get(md, `/api/inventory/daily-logs?selected_date=${daysAgo(1)}`)).json())).toEqual([
      'Rice',
    ]);
    const filtered = (
      await get(md, `/api/inventory/filter?start_date=${daysAgo(3)}&end_date=${today}`)
    ).json();
    expect(filtered).toEqual([expect.objectContaining({ item_name: 'Rice', supplied_quantity: 20 })]);
    const report = (
      await get(md, `/api/inventory/reports/summary?period=Yearly&start_date=${daysAgo(3)}&end_date=${today}`)
    ).json();
    expect(report).toEqual([expect.objectContaining({ item_name: 'Rice', total_stock_in: 20 })]);
  });
});

describe('filter and reports', () => {
  it('filters days with movement by range, item and keyword, 20 per page', async () => {
    const md = await shop();
    await createStockFixture(t.app, md, { warehouse: 'Lekki', item: 'Rice', date: daysAgo(3) });
    await createStockFixture(t.app, md, { warehouse: 'Ikeja', item: 'Beans', date: daysAgo(1) });
    const all = (await get(md, `/api/inventory/filter?start_date=${daysAgo(7)}&end_date=${today}`)).json();
    expect(all.map((r: { item_name: string }) => r.item_name)).toEqual(['Beans', 'Rice']);
    expect(
      (await get(md, `/api/inventory/filter?start_date=${daysAgo(7)}&end_date=${today}&keyword=ikej`)).json(),
    ).toHaveLength(1);
    expect(
      (
        await get(md, `/api/inventory/filter?start_date=${daysAgo(7)}&end_date=${today}&item_name=rice`)
      ).json(),
    ).toHaveLength(1);
    expect(
      (await get(md, `/api/inventory/filter?start_date=${daysAgo(7)}&end_date=${today}&page=2`)).json(),
    ).toEqual([]);
    expect(
      (await get(md, `/api/inventory/filter?start_date=${daysAgo(7)}&end_date=${today}&keyword=%25`)).json(),
    ).toEqual([]);
  });

  it('leaves out of the filter and the history a day whose only sale was deleted', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, { warehouse: 'Lekki', item: 'Rice', date: daysAgo(3) });
    const sale = await send(md, 'POST', '/api/sales/batch', {
      sale_date: today,
      customer_name: 'Ada Obi',
      customer_phone: '08031234567',
      items: [{ item_id: rice.itemId, quantity: 1, unit_price: 5, warehouse_name: 'Lekki' }],
      payment_method: 'cash',
      payment_status: 'paid',
    });
    expect(sale.statusCode).toBe(201);
    expect((await send(md, 'DELETE', `/api/sales/${sale.json().sale_id}`)).statusCode).toBe(200);
    const days = (rows: { log_date: string }[]) => rows.map((row) => row.log_date);
    expect(
      days((await get(md, `/api/inventory/filter?start_date=${daysAgo(7)}&end_date=${today}`)).json()),
    ).toEqual([daysAgo(3)]);
    expect(days((await get(md, `/api/inventory/items/${rice.itemId}/history?days=30`)).json())).toEqual([
      daysAgo(3),
    ]);
  });

  it('sums each period: open before it, in, returned, out, closing', async () => {
    const md = await shop();
    const rice = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Rice',
      quantity: 10,
      date: '2026-09-10',
    });
    await call(t.app, md, {
      method: 'POST',
      url: '/api/restock/batch',
      payload: {
        supplier_name: 'S',
        purchase_date: '2026-10-05',
        warehouse_name: 'Main',
        items: [{ item_id: rice.itemId, quantity: 6, unit_price: 100 }],
      },
    });
    const rows = (
      await get(md, '/api/inventory/reports/summary?period=Monthly&start_date=2026-09-01&end_date=2026-10-31')
    ).json();
    expect(
      rows.map((r: Record<string, unknown>) => [
        r.period,
        r.total_open_stock,
        r.total_stock_in,
        r.total_stock_out,
        r.total_closing_stock,
      ]),
    ).toEqual([
      ['2026-09', 0, 10, 0, 10],
      ['2026-10', 10, 6, 0, 16],
    ]);
    const yearly = (
      await get(md, '/api/inventory/reports/summary?period=Yearly&start_date=2026-01-01&end_date=2026-12-31')
    ).json();
    expect(yearly).toEqual([
      expect.objectContaining({
        period: '2026',
        total_open_stock: 0,
        total_stock_in: 16,
        total_closing_stock: 16,
      }),
    ]);
    const weekly = (
      await get(md, '/api/inventory/reports/summary?period=Weekly&start_date=2026-09-01&end_date=2026-10-31')
    ).json();
    expect(weekly.map((r: { period: string }) => r.period)).toEqual(['2026-W37', '2026-W41']);
    expect(
      (await get(md, '/api/inventory/reports/summary?period=Daily&start_date=2026-09-01&end_date=2026-10-31'))
        .statusCode,
    ).toBe(422);
  });
});

describe('searching the item maps', () => {
  it('answers a page of the items whose name holds the text, any case, those starting with it first', async () => {
    const md = await shop();
    for (const item of ['Brown Rice 5kg', 'Rice 50kg', 'Basmati rice', 'Beans', '100% Juice'])
      await createStockFixture(t.app, md, { warehouse: 'Main', item });
    await createStockFixture(t.app, md, { warehouse: 'Annex', item: 'Rice 25kg' });
    const names = async (url: string) => Object.keys((await get(md, url)).json() as object);

    for (const url of [
      '/api/inventory/items-map',
      '/api/sales/inventory-items',
      '/api/restock/inventory-items',
    ]) {
      expect(await names(`${url}?warehouse_name=Main&search=RICE`)).toEqual([
        'Rice 50kg',
        'Basmati rice',
        'Brown Rice 5kg',
      ]);
    }
    expect(await names('/api/inventory/items-map?search=rice&limit=2')).toEqual(['Rice 25kg', 'Rice 50kg']);
    expect(await names('/api/inventory/items-map?search=%25')).toEqual(['100% Juice']);
    expect(await names('/api/inventory/items-map?warehouse_name=Main&search=&limit=2')).toEqual([
      '100% Juice',
      'Basmati rice',
    ]);
    expect(await names('/api/inventory/items-map?search=yam')).toEqual([]);
    expect(await names('/api/inventory/items-map')).toHaveLength(6);
    const entry = (await get(md, '/api/sales/inventory-items?search=beans')).json().Beans;
    expect(entry).toMatchObject({ closing_balance: 20, price: 1500, warehouse_name: 'Main' });
    expect(await names('/api/sales/inventory-items?warehouse_name=Main&search=&limit=2000')).toHaveLength(5);
    expect((await get(md, '/api/inventory/items-map?search=rice&limit=2001')).statusCode).toBe(422);

    const clerk = await createEmployee(t.app, md, ['sales.page.access']);
    expect(await names('/api/sales/inventory-items?search=rice')).toHaveLength(4);
    expect(Object.keys((await get(clerk.session, '/api/sales/inventory-items?search=rice')).json())).toEqual(
      [],
    );
  });
});
