import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStart } from '@app/domain/dates/months';
import { saleRequest, salesApi, today } from '../../test/sales-fixtures.ts';
import {
  createEmployee,
  createStockFixture,
  createTestApp,
  daysAgo,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, del, proShop } = salesApi(() => t);

/** The text of a PDF, as pdftotext reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'report-receipt-')), 'receipt.pdf');
  writeFileSync(file, pdf);
  return (await promisify(execFile)('pdftotext', ['-layout', file, '-'])).stdout;
}

describe('the sales report', () => {
  it('lists a product kept in two warehouses once, and not an item whose only sale was deleted', async () => {
    const shop = await proShop(10, 100);
    const elsewhere = await createStockFixture(t.app, shop.md, {
      item: shop.item,
      quantity: 10,
      unitPrice: 100,
    });
    const beans = await createStockFixture(t.app, shop.md, { warehouse: shop.warehouse, item: 'Beans 10kg' });
    const sell = (fixture: typeof shop | typeof elsewhere, itemId: number, quantity: number) =>
      post(
        shop.md,
        '/api/sales/batch',
        saleRequest(fixture, {
          apply_vat: false,
          items: [{ item_id: itemId, quantity, unit_price: 500, warehouse_name: fixture.warehouse }],
        }),
      );
    await sell(shop, shop.itemId, 2);
    await sell(elsewhere, elsewhere.itemId, 3);
    const deleted = (await sell(shop, beans.itemId, 1)).json();
    expect((await del(shop.md, `/api/sales/${deleted.sale_id}`)).statusCode).toBe(200);

    const report = (
      await get(shop.md, `/api/sales/reports/summary?start_date=${today}&end_date=${today}&limit=10`)
    ).json();
    expect(report.top_products).toEqual([{ item_name: shop.item, quantity_sold: 5, total_sales: 2500 }]);
  });

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
      saleRequest(shop, {
        apply_vat: false,
        items: [{ item_id: shop.itemId, quantity: 4, unit_price: 500, warehouse_name: shop.warehouse }],
      }),
    );
    await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
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
    // From the 1st of a month the report reads whole months from the monthly rollups alone (planRange).
    for (const start of [monthStart(today), `${today.slice(0, 4)}-01-01`]) {
      const months = await get(
        shop.md,
        `/api/sales/reports/summary?start_date=${start}&end_date=${today}&limit=10`,
      );
      expect(months.statusCode, months.body).toBe(200);
      expect(months.json().top_products).toEqual(report.top_products);
      expect(months.json().top_customers).toEqual(report.top_customers);
      expect(months.json().totals).toEqual(report.totals);
    }

    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access']);
    expect(
      (await get(clerk.session, `/api/sales/reports/summary?start_date=${today}&end_date=${today}`))
        .statusCode,
    ).toBe(403);
  });

  it('counts the business’s expenses only for those who may see them', async () => {
    const shop = await proShop(10, 100);
    await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        apply_vat: false,
        items: [{ item_id: shop.itemId, quantity: 4, unit_price: 500, warehouse_name: shop.warehouse }],
      }),
    );
    const bill = await post(shop.md, '/api/expenses/json', {
      vendor_name: 'Ikeja Electric',
      total_amount: 1_500,
      expense_date: today,
      payment_status: 'paid',
      payment_method: 'transfer',
    });
    expect(bill.statusCode, bill.body).toBe(201);
    const totals = async (session: typeof shop.md) =>
      (await get(session, `/api/sales/reports/summary?start_date=${today}&end_date=${today}`)).json().totals;

    expect(await totals(shop.md)).toMatchObject({
      total_sales: 2000,
      total_expenses: 1500,
      expenses_paid: 1500,
      profit: 500,
      expenses_included: true,
    });
    const seller = await createEmployee(t.app, shop.md, ['sales.page.access', 'sales.report_tab.access']);
    const sellers = await totals(seller.session);
    expect(sellers).toMatchObject({ total_expenses: 0, expenses_paid: 0, expenses_included: false });
    expect(sellers.profit).toBe(sellers.total_sales);
    const accountant = await createEmployee(t.app, shop.md, [
      'sales.report_tab.access',
      'expenses.page.access',
    ]);
    expect(await totals(accountant.session)).toMatchObject({ total_expenses: 1500, expenses_included: true });
  });

  it('counts the money received by the method and date of each payment, later payments included', async () => {
    const shop = await proShop(20, 100);
    const stocked = await post(shop.md, '/api/restock/batch', {
      supplier_name: 'Dangote Depot',
      purchase_date: daysAgo(3),
      warehouse_name: shop.warehouse,
      payment_status: 'paid',
      payment_method: 'cash',
      items: [{ item_id: shop.itemId, quantity: 10, unit_price: 100 }],
    });
    expect(stocked.statusCode).toBe(201);
    const sell = (overrides: Record<string, unknown>) =>
      post(
        shop.md,
        '/api/sales/batch',
        saleRequest(shop, {
          sale_date: daysAgo(2),
          apply_vat: false,
          items: [{ item_id: shop.itemId, quantity: 2, unit_price: 500, warehouse_name: shop.warehouse }],
          ...overrides,
        }),
      );
    const credit = (
      await sell({
        customer_name: 'Bola Ade',
        payment_status: 'credit',
        payment_method: 'none',
        due_date: today,
      })
    ).json();
    expect(credit.sale_id, JSON.stringify(credit)).toBeTypeOf('number');
    const partial = (
      await sell({ payment_status: 'partial', partial_payment_amount: 400, due_date: today })
    ).json();
    const pay = (saleId: number, amount: number, date: string) =>
      post(shop.md, `/api/sales/${saleId}/payments`, {
        amount,
        payment_method: 'transfer',
        payment_date: date,
      });
    const paid = await pay(credit.sale_id, 1000, daysAgo(1));
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await pay(partial.sale_id, 600, today)).statusCode).toBe(201);

    const report = async (start: string, end: string) =>
      (await get(shop.md, `/api/sales/reports/summary?start_date=${start}&end_date=${end}&limit=10`)).json();
    expect((await report(daysAgo(2), today)).payment_method_summary).toEqual([
      { payment_method: 'transfer', total_sales: 1600, count: 2 },
      { payment_method: 'cash', total_sales: 400, count: 1 },
    ]);
    expect((await report(daysAgo(2), daysAgo(1))).payment_method_summary).toEqual([
      { payment_method: 'transfer', total_sales: 1000, count: 1 },
      { payment_method: 'cash', total_sales: 400, count: 1 },
    ]);

    const listed = (await get(shop.md, '/api/sales?limit=50')).json() as {
      sale_id: number;
      payment_method: string;
      payment_status: string;
    }[];
    expect(listed.find((row) => row.sale_id === credit.sale_id)).toMatchObject({
      payment_method: 'transfer',
      payment_status: 'paid',
    });
    const receipt = await post(shop.md, '/api/sales/receipt/pdf', {
      customer_name: 'Bola Ade',
      date_raw: daysAgo(2),
      pdf_format: 'thermal',
      sale_id: credit.sale_id,
    });
    expect(receipt.statusCode).toBe(200);
    const text = await pdfText(Buffer.from(receipt.json().pdf_base64, 'base64'));
    expect(text).toMatch(/Transfer · Paid/);
    expect(text).not.toMatch(/Not paid/);
    // Part paid in cash at the counter, the balance by transfer: the receipt and the list name both.
    expect(listed.find((row) => row.sale_id === partial.sale_id)).toMatchObject({
      payment_method: 'cash',
      payment_methods: ['cash', 'transfer'],
    });
    const split = await post(shop.md, '/api/sales/receipt/pdf', {
      customer_name: partial.sale.customer_name,
      date_raw: daysAgo(2),
      pdf_format: 'thermal',
      sale_id: partial.sale_id,
    });
    expect(split.statusCode).toBe(200);
    expect(await pdfText(Buffer.from(split.json().pdf_base64, 'base64'))).toMatch(/Cash \+ Transfer · Paid/);
  });

  it('counts a customer once however the name was cased, and ranks customers by what they spent', async () => {
    const shop = await proShop(20, 100);
    const sellTo = (customerName: string, quantity: number) =>
      post(
        shop.md,
        '/api/sales/batch',
        saleRequest(shop, {
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
