import { businessDate } from '@app/domain/dates/business-date';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, sales, stockEntries } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  daysAgo,
  makePro,
  multipartBody,
  PNG_BYTES,
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
const post = (session: TSession, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, session, { method: 'POST', url, payload: payload as object, headers });
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });
const del = (session: TSession, url: string) => call(t.app, session, { method: 'DELETE', url });

async function proShop(quantity = 20, unitPrice = 1500) {
  const { md } = await registerBusiness(t.app);
  await makePro(t, md);
  const stock = await createStockFixture(t.app, md, { quantity, unitPrice });
  return { md, ...stock };
}

const sale = (
  fixture: { warehouse: string; itemId: number; item: string },
  overrides: Record<string, unknown> = {},
) => ({
  sale_date: today,
  customer_name: 'Ada Obi',
  customer_phone: '08031234567',
  items: [
    {
      item_id: fixture.itemId,
      item_name: fixture.item,
      quantity: 2,
      unit_price: 2000,
      warehouse_name: fixture.warehouse,
    },
  ],
  payment_method: 'cash',
  payment_status: 'paid',
  invoice_override: true,
  ...overrides,
});

async function onHand(itemId: number) {
  const [row] = await t.database.db.select({ onHand: items.onHand }).from(items).where(eq(items.id, itemId));
  return row!.onHand;
}

describe('recording a sale', () => {
  it('prices on the server (VAT then a percentage discount), takes the stock out and keeps a partial balance', async () => {
    const shop = await proShop();
    const res = await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, {
        items: [
          {
            item_id: shop.itemId,
            quantity: 3,
            unit_price: 1000.5,
            total_amount: 1,
            warehouse_name: shop.warehouse,
          },
        ],
        apply_vat: true,
        vat_rate: 0,
        discount_type: 'percentage',
        discount_value: 10,
        payment_status: 'partial',
        partial_payment_amount: 1000,
        partial_payment_note: 'Balance Friday',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // 3 × 1000.50 = 3001.50; VAT 7.5 % = 225.1125 → 225.11; 3226.61 − 10 % (322.661 → 322.66) = 2903.95
    expect(body.sale).toMatchObject({
      subtotal: 3001.5,
      vat_rate: 7.5,
      vat_amount: 225.11,
      discount_amount: 322.66,
      grand_total: 2903.95,
      amount_paid: 1000,
      outstanding: 1903.95,
      payment_status: 'partial',
      employee_name: expect.any(String),
    });
    expect(body.sale.notes).toContain('Balance Friday');
    expect(await onHand(shop.itemId)).toBe(17);

    const rows = (await get(shop.md, '/api/sales?limit=500')).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      sale_id: body.sale_id,
      item_name: shop.item,
      quantity: 3,
      unit_price: 1000.5,
    });

    const pending = (await get(shop.md, '/api/sales/pending')).json();
    expect(pending.map((s: { sale_id: number }) => s.sale_id)).toEqual([body.sale_id]);

    const tooMuch = await post(shop.md, `/api/sales/${body.sale_id}/payments`, {
      amount: 2000,
      payment_method: 'transfer',
      payment_date: today,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toContain('more than the outstanding ₦1,903.95');

    const paid = await post(shop.md, `/api/sales/${body.sale_id}/payments`, {
      amount: 1903.95,
      payment_method: 'transfer',
      payment_date: today,
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().sale).toMatchObject({ payment_status: 'paid', outstanding: 0, amount_paid: 2903.95 });
    expect((await get(shop.md, '/api/sales/pending')).json()).toEqual([]);

    const stats = (await get(shop.md, '/api/dashboard/dashboard-stats')).json();
    expect(stats).toMatchObject({ total_sales: 2903.95, active_customers: 1 });
    const customers = (await get(shop.md, '/api/sales/customers')).json();
    expect(customers).toEqual([{ name: 'Ada Obi', phone: '08031234567' }]);
  });

  it('refuses bad input with the numbered messages and records nothing', async () => {
    const shop = await proShop();
    const res = await post(shop.md, '/api/sales/batch', {
      sale_date: today,
      customer_name: ' ',
      items: [
        { item_id: shop.itemId, quantity: 0, unit_price: 100, warehouse_name: shop.warehouse },
        { item_id: null, quantity: 1, unit_price: 100 },
        { item_id: shop.itemId, quantity: 1, unit_price: 0 },
      ],
      payment_status: 'credit',
    });
    expect(res.statusCode).toBe(422);
    const messages = res.json().detail.map((issue: { msg: string }) => issue.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Customer name is required',
        'Item 1: Quantity must be greater than 0',
        'Item 2: Please select an item',
        'Item 3: Unit price must be greater than 0',
        'Please choose a due date for a credit sale',
      ]),
    );
    const empty = await post(shop.md, '/api/sales/batch', sale(shop, { items: [] }));
    expect(empty.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(
      'At least one item is required',
    );
    const noWarehouse = await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, { items: [{ item_id: shop.itemId, quantity: 1, unit_price: 5 }] }),
    );
    expect(noWarehouse.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(
      'Please select a warehouse first.',
    );

    const other = await createStockFixture(t.app, shop.md);
    const wrongWarehouse = await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, {
        items: [
          {
            item_id: other.itemId,
            item_name: other.item,
            quantity: 1,
            unit_price: 5,
            warehouse_name: shop.warehouse,
          },
        ],
      }),
    );
    expect(wrongWarehouse.statusCode).toBe(404);
    expect(wrongWarehouse.json().detail).toBe(`Item 1: ${other.item} is not in ${shop.warehouse}`);

    const tooMany = await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, {
        items: [{ item_id: shop.itemId, quantity: 21, unit_price: 5, warehouse_name: shop.warehouse }],
      }),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(`Insufficient stock for ${shop.item}: 20 left`);

    const future = await post(shop.md, '/api/sales/batch', sale(shop, { sale_date: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    const partialTooBig = await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, { payment_status: 'partial', partial_payment_amount: 5000 }),
    );
    expect(partialTooBig.statusCode).toBe(400);
    expect(partialTooBig.json().detail).toBe('Partial payment amount must be less than total amount');

    expect(await onHand(shop.itemId)).toBe(20);
    expect((await get(shop.md, '/api/sales')).json()).toEqual([]);
  });

  it('needs an invoice and the backdate permission from an employee, and a file of the same business', async () => {
    const shop = await proShop();
    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access', 'sales.create.access']);
    const noInvoice = await post(clerk.session, '/api/sales/batch', sale(shop));
    expect(noInvoice.statusCode).toBe(400);
    expect(noInvoice.json().detail).toContain('Invoice upload is compulsory');

    const upload = multipartBody('invoice_file', 'invoice.png', PNG_BYTES);
    const uploaded = await call(t.app, clerk.session, {
      method: 'POST',
      url: '/api/sales/upload-invoice',
      ...upload,
    });
    expect(uploaded.statusCode).toBe(201);
    const invoice = uploaded.json().invoice_file_url as string;
    const notTheirs = await post(
      clerk.session,
      '/api/sales/batch',
      sale(shop, { invoice_file_url: invoice }),
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().detail).toBe('Warehouse not found');
    await call(t.app, shop.md, {
      method: 'PUT',
      url: `/api/warehouses/${shop.warehouseId}/access`,
      payload: { access_all: true },
    });

    const backdated = await post(
      clerk.session,
      '/api/sales/batch',
      sale(shop, { sale_date: daysAgo(1), invoice_file_url: invoice }),
    );
    expect(backdated.statusCode).toBe(403);
    expect(backdated.json().detail).toContain('You do not have permission to backdate sales');

    const forged = await post(
      clerk.session,
      '/api/sales/batch',
      sale(shop, { invoice_file_url: '/api/files/00000000-0000-0000-0000-000000000000' }),
    );
    expect(forged.statusCode).toBe(400);

    const ok = await post(clerk.session, '/api/sales/batch', sale(shop, { invoice_file_url: invoice }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().sale.invoice_file_url).toBe(invoice);

    const text = multipartBody('invoice_file', 'notes.txt', Buffer.from('hello'));
    const refused = await call(t.app, clerk.session, {
      method: 'POST',
      url: '/api/sales/upload-invoice',
      ...text,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().detail).toBe('Invalid file type. Please upload PNG, JPG, or PDF');
  });

  it('records one sale for replays of the same Idempotency-Key', async () => {
    const shop = await proShop();
    const headers = { 'idempotency-key': 'sale-retry-1' };
    const lost = sale(shop, { items: [{ item_id: shop.itemId, quantity: 2, unit_price: 2000 }] });
    const unknown = await post(shop.md, '/api/sales/batch', { ...lost, warehouse_name: 'Nowhere' }, headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Warehouse not found');
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(shop.md, '/api/sales/batch', sale(shop), headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().sale_id)).size).toBe(1);
    expect(await onHand(shop.itemId)).toBe(18);
    expect((await get(shop.md, '/api/sales')).json()).toHaveLength(1);
  });

  it('sells exactly the last 10 units to 50 simultaneous sales, and the ledger balances', async () => {
    const shop = await proShop(10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          shop.md,
          '/api/sales/batch',
          sale(shop, {
            customer_name: `Buyer ${i}`,
            items: [{ item_id: shop.itemId, quantity: 1, unit_price: 100, warehouse_name: shop.warehouse }],
          }),
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await onHand(shop.itemId)).toBe(0);
    const [ledger] = await t.database.db
      .select({
        total: sql<string>`sum(case when ${stockEntries.kind} = 'stock_out' then -${stockEntries.quantity} else ${stockEntries.quantity} end)`,
      })
      .from(stockEntries)
      .where(eq(stockEntries.itemId, shop.itemId));
    expect(Number(ledger!.total)).toBe(0);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(eq(sales.warehouseId, shop.warehouseId)));
    expect(count!.n).toBe(10);
  });

  it('counts one transaction per sale: past the free limit 403 "limit exceeded" and nothing recorded', async () => {
    const { md } = await registerBusiness(t.app);
    const shop = { md, ...(await createStockFixture(t.app, md, { quantity: 50 })) };
    const answers = [];
    for (let i = 0; i < 10; i += 1)
      answers.push(
        (
          await post(
            md,
            '/api/sales/batch',
            sale(shop, {
              items: [{ item_id: shop.itemId, quantity: 1, unit_price: 10, warehouse_name: shop.warehouse }],
            }),
          )
        ).statusCode,
      );
    // The restock of the fixture was the first transaction.
    expect(answers.filter((s) => s === 201)).toHaveLength(9);
    expect(answers.at(-1)).toBe(403);
    const refused = await post(md, '/api/sales/batch', sale(shop));
    expect(refused.json().detail).toContain('limit exceeded');
    expect(await onHand(shop.itemId)).toBe(41);
  });
});

describe('seeing and deleting sales', () => {
  it('deletes a whole sale and puts its stock back on the sale date', async () => {
    const shop = await proShop();
    const created = (await post(shop.md, '/api/sales/batch', sale(shop))).json();
    expect(await onHand(shop.itemId)).toBe(18);
    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access']);
    expect((await del(clerk.session, `/api/sales/${created.sale_id}`)).statusCode).toBe(403);
    const removed = await del(shop.md, `/api/sales/${created.sale_id}`);
    expect(removed.statusCode).toBe(200);
    expect(await onHand(shop.itemId)).toBe(20);
    expect((await get(shop.md, '/api/sales')).json()).toEqual([]);
    expect((await del(shop.md, `/api/sales/${created.sale_id}`)).statusCode).toBe(404);
    const stats = (await get(shop.md, '/api/dashboard/dashboard-stats')).json();
    expect(stats.total_sales).toBe(0);
    const other = await registerBusiness(t.app);
    expect((await del(other.md, `/api/sales/${created.sale_id}`)).statusCode).toBe(404);
  });

  it('filters by type and values, keyword and dates, and lists the options', async () => {
    const shop = await proShop();
    await post(shop.md, '/api/sales/batch', sale(shop, { customer_name: 'Ada Obi', customer_phone: '0801' }));
    await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, { customer_name: 'Bola Ade', customer_phone: '0802', invoice_number: 'INV-77' }),
    );
    const options = (await get(shop.md, '/api/sales/filter-options')).json();
    expect(options).toMatchObject({
      customer_names: ['Ada Obi', 'Bola Ade'],
      customer_phones: ['0801', '0802'],
      item_names: [shop.item],
    });
    expect(options.employee_names).toHaveLength(1);
    const byCustomer = (
      await post(shop.md, '/api/sales/filter', { filter_type: 'customer_name', filter_values: ['bola ade'] })
    ).json();
    expect(byCustomer.map((r: { customer_name: string }) => r.customer_name)).toEqual(['Bola Ade']);
    const byKeyword = (await post(shop.md, '/api/sales/filter', { keyword: 'inv-7' })).json();
    expect(byKeyword).toHaveLength(1);
    const byDate = (
      await post(shop.md, '/api/sales/filter', { start_date: daysAgo(5), end_date: daysAgo(1) })
    ).json();
    expect(byDate).toEqual([]);
  });
});

describe('the sales report', () => {
  it('sums sales, payment methods, days, top products and customers, and COGS at weighted average cost', async () => {
    const shop = await proShop(10, 100);
    // A second purchase at 200: average cost (10×100 + 10×200) / 20 = 150.
    const restock = await post(shop.md, '/api/restock/batch', {
      supplier_name: 'Dangote Depot',
      purchase_date: today,
      warehouse_name: shop.warehouse,
      payment_status: 'paid',
      payment_method: 'cash',
      items: [{ item_id: shop.itemId, quantity: 10, unit_price: 200 }],
    });
    expect(restock.statusCode).toBe(201);
    await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, {
        apply_vat: false,
        items: [{ item_id: shop.itemId, quantity: 4, unit_price: 500, warehouse_name: shop.warehouse }],
      }),
    );
    await post(
      shop.md,
      '/api/sales/batch',
      sale(shop, {
        customer_name: 'Bola Ade',
        apply_vat: false,
        payment_status: 'credit',
        payment_method: 'none',
        due_date: today,
        items: [{ item_id: shop.itemId, quantity: 2, unit_price: 500, warehouse_name: shop.warehouse }],
      }),
    );
    const res = await get(
      shop.md,
      `/api/sales/reports/summary?start_date=${daysAgo(30)}&end_date=${today}&limit=10`,
    );
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.totals).toMatchObject({
      total_sales: 3000,
      total_paid: 2000,
      total_credit: 1000,
      total_expenses: 0,
      profit: 3000,
      cost_of_goods_sold: 900,
      gross_profit: 2100,
      sales_count: 2,
    });
    expect(report.payment_method_summary).toEqual([
      { payment_method: 'cash', total_sales: 2000, count: 1 },
      { payment_method: 'none', total_sales: 1000, count: 1 },
    ]);
    expect(report.timeseries).toEqual([{ sale_date: today, total_sales: 3000 }]);
    expect(report.top_products).toEqual([{ item_name: shop.item, quantity_sold: 6, total_sales: 3000 }]);
    expect(report.top_customers[0]).toEqual({ customer_name: 'Ada Obi', total_spent: 2000, purchases: 1 });

    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access']);
    expect(
      (await get(clerk.session, `/api/sales/reports/summary?start_date=${today}&end_date=${today}`))
        .statusCode,
    ).toBe(403);
  });

  it('counts a customer once however the name was cased, and ranks customers by what they spent', async () => {
    const shop = await proShop(20, 100);
    const sellTo = (customerName: string, quantity: number) =>
      post(
        shop.md,
        '/api/sales/batch',
        sale(shop, {
          customer_name: customerName,
          apply_vat: false,
          items: [{ item_id: shop.itemId, quantity, unit_price: 100, warehouse_name: shop.warehouse }],
        }),
      );
    for (const [name, quantity] of [
      ['Ada Obi', 1],
      ['ADA OBI', 2],
      ['Bola Ade', 4],
      ['ada obi', 3],
      ['Chi Eze', 5],
    ] as const)
      expect((await sellTo(name, quantity)).statusCode).toBe(201);
    const res = await get(
      shop.md,
      `/api/sales/reports/summary?start_date=${today}&end_date=${today}&limit=2`,
    );
    expect(res.json().top_customers).toEqual([
      { customer_name: 'ADA OBI', total_spent: 600, purchases: 3 },
      { customer_name: 'Chi Eze', total_spent: 500, purchases: 1 },
    ]);
  });
});

describe('proforma invoices', () => {
  it('creates, uploads the invoice, converts once into a sale that takes the stock, and refuses a second conversion', async () => {
    const shop = await proShop();
    const created = await post(shop.md, '/api/sales/proforma', {
      customer_name: 'Chidi Eze',
      customer_phone: '0803',
      apply_vat: true,
      vat_rate: 7.5,
      discount_type: 'fixed',
      discount_value: 100,
      items: [
        {
          item_id: shop.itemId,
          item_name: shop.item,
          quantity: 5,
          unit_price: 1000,
          warehouse_name: shop.warehouse,
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const proforma = created.json().proforma;
    expect(proforma).toMatchObject({
      status: 'pending',
      subtotal: 5000,
      vat_amount: 375,
      discount_amount: 100,
      grand_total: 5275,
    });
    expect(await onHand(shop.itemId)).toBe(20);

    const pending = (await get(shop.md, '/api/sales/proforma/pending?customer_name=chidi%20eze')).json();
    expect(pending.map((p: { proforma_id: number }) => p.proforma_id)).toEqual([proforma.proforma_id]);

    const withoutInvoice = await post(shop.md, `/api/sales/proforma/${proforma.proforma_id}/convert`);
    expect(withoutInvoice.statusCode).toBe(400);
    expect(withoutInvoice.json().detail).toContain('Upload invoice');

    const upload = multipartBody('invoice_file', 'po.png', PNG_BYTES);
    const uploaded = await call(t.app, shop.md, {
      method: 'POST',
      url: `/api/sales/proforma/${proforma.proforma_id}/upload-invoice`,
      ...upload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().invoice_url).toMatch(/^\/api\/files\//);
    const again = await call(t.app, shop.md, {
      method: 'POST',
      url: `/api/sales/proforma/${proforma.proforma_id}/upload-invoice`,
      ...multipartBody('invoice_file', 'po.png', PNG_BYTES),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('Invoice already uploaded');

    const converted = await post(shop.md, `/api/sales/proforma/${proforma.proforma_id}/convert`);
    expect(converted.statusCode).toBe(201);
    expect(converted.json()).toMatchObject({
      items_count: 1,
      inventory_updates: [{ item_id: shop.itemId, action: 'updated', stock_out: 5, error: null }],
    });
    expect(await onHand(shop.itemId)).toBe(15);
    const recorded = (await get(shop.md, '/api/sales')).json();
    expect(recorded[0]).toMatchObject({ sale_id: converted.json().sale_id, grand_total: 5275, quantity: 5 });

    const twice = await post(shop.md, `/api/sales/proforma/${proforma.proforma_id}/convert`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain('already been converted');
    expect(await onHand(shop.itemId)).toBe(15);

    const all = (await get(shop.md, '/api/sales/proforma/all')).json();
    expect(all[0]).toMatchObject({ status: 'converted', sale_id: converted.json().sale_id });
    expect((await del(shop.md, `/api/sales/proforma/${proforma.proforma_id}`)).statusCode).toBe(200);
    expect((await get(shop.md, '/api/sales')).json()).toHaveLength(1);
    expect(await onHand(shop.itemId)).toBe(15);
  });

  it('numbers proforma line messages, needs the delete permission, and hides other businesses', async () => {
    const shop = await proShop();
    const bad = await post(shop.md, '/api/sales/proforma', {
      customer_name: 'X',
      warehouse_name: shop.warehouse,
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: 0 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe('Proforma item 1: Unit price must be greater than 0');
    const created = (
      await post(shop.md, '/api/sales/proforma', {
        customer_name: 'X',
        warehouse_name: shop.warehouse,
        items: [{ item_id: shop.itemId, quantity: 1, unit_price: 10 }],
      })
    ).json();
    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access']);
    expect((await del(clerk.session, `/api/sales/proforma/${created.proforma_id}`)).statusCode).toBe(403);
    const other = await registerBusiness(t.app);
    expect((await post(other.md, `/api/sales/proforma/${created.proforma_id}/convert`)).statusCode).toBe(404);
    expect((await del(shop.md, `/api/sales/proforma/${created.proforma_id}`)).statusCode).toBe(200);
    expect((await get(shop.md, '/api/sales/proforma/all')).json()).toEqual([]);
  });
});

describe('receipts data', () => {
  it('answers the sales of a customer on a date', async () => {
    const shop = await proShop();
    await post(shop.md, '/api/sales/batch', sale(shop));
    await post(shop.md, '/api/sales/batch', sale(shop, { customer_name: 'Someone Else' }));
    const found = (await get(shop.md, `/api/sales/for-receipt?date=${today}&customer_name=ADA%20OBI`)).json();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ customer_name: 'Ada Obi', grand_total: 4300, items: [{ quantity: 2 }] });
  });
});
