/**
 * Prices staff cannot bend (issue 17 §4): selling below an item's price and giving a discount each need a key
 * of their own; with it an employee still never goes below the item's minimum price nor past the business's
 * maximum discount; the MD is held by neither. Overrides show in the sale's audit entry and the sales report.
 * A credit or part-paid sale names a real customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_NAME_REQUIRED } from '@app/domain/schemas/sales';
import { saleRequest, salesApi, today } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  multipartBody,
  PNG_BYTES,
  type TSession,
  type TTestApp,
  createTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, proShop } = salesApi(() => t);
const put = (session: TSession, url: string, payload: object) =>
  call(t.app, session, { method: 'PUT', url, payload });

const SELLER = ['sales.page.access', 'sales.create.access', 'sales.invoice_override.access'];

/** A pro shop whose item sells at ₦1,500 (floor ₦1,200), and an employee of it with `keys` and its warehouse. */
async function shopWith(keys: readonly string[]) {
  const shop = await proShop(50, 1500);
  const floor = await post(shop.md, '/api/restock/price-bulk-update', {
    warehouse_name: shop.warehouse,
    updates: [{ item_id: shop.itemId, new_price: 1500, new_min_price: 1200 }],
  });
  expect(floor.statusCode, floor.body).toBe(200);
  const clerk = await createEmployee(t.app, shop.md, [...SELLER, ...keys]);
  const granted = await post(shop.md, `/api/settings/employee-warehouses/${clerk.employeeId}`, [
    { warehouse_id: shop.warehouseId, can_access: true },
  ]);
  expect(granted.statusCode, granted.body).toBe(200);
  return { ...shop, clerk: clerk.session };
}

type TShop = Awaited<ReturnType<typeof shopWith>>;

/** A sale of 2 units at `price`, with `extra` fields (a discount). */
const sellAt = (shop: TShop, who: TSession, price: number, extra: Record<string, unknown> = {}) =>
  post(
    who,
    '/api/sales/batch',
    saleRequest(shop, {
      items: [
        {
          item_id: shop.itemId,
          item_name: shop.item,
          quantity: 2,
          unit_price: price,
          warehouse_name: shop.warehouse,
        },
      ],
      apply_vat: false,
      ...extra,
    }),
  );

describe('selling below the item’s price', () => {
  it('is refused without its key, with the price in naira; at or above the price needs nothing', async () => {
    const shop = await shopWith([]);
    const refused = await sellAt(shop, shop.clerk, 0.01);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      `Item 1: You do not have permission to sell ${shop.item} below its price of ₦1,500.00 (₦0.01 entered)`,
    );
    expect((await sellAt(shop, shop.clerk, 1500)).statusCode).toBe(201);
    expect((await sellAt(shop, shop.clerk, 1600)).statusCode).toBe(201);
  });

  it('with the key is allowed down to the item’s floor and refused below it', async () => {
    const shop = await shopWith(['sales.price_override.access']);
    expect((await sellAt(shop, shop.clerk, 1200)).statusCode).toBe(201);
    const below = await sellAt(shop, shop.clerk, 1199.99);
    expect(below.statusCode).toBe(400);
    expect(below.json().detail).toBe(
      `Item 1: ${shop.item} cannot be sold below its minimum price of ₦1,200.00 (₦1,199.99 entered)`,
    );
  });

  it('does not refuse a resend answered by its Idempotency-Key after the floor was raised', async () => {
    const shop = await shopWith(['sales.price_override.access']);
    const body = saleRequest(shop, {
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: 1300, warehouse_name: shop.warehouse }],
      apply_vat: false,
    });
    const key = { 'idempotency-key': `resend-${shop.itemId}` };
    const first = await post(shop.clerk, '/api/sales/batch', body, key);
    expect(first.statusCode).toBe(201);
    const raised = await post(shop.md, '/api/restock/price-bulk-update', {
      warehouse_name: shop.warehouse,
      updates: [{ item_id: shop.itemId, new_price: 1500, new_min_price: 1400 }],
    });
    expect(raised.statusCode).toBe(200);
    const resent = await post(shop.clerk, '/api/sales/batch', body, key);
    expect(resent.statusCode).toBe(201);
    expect(resent.json().sale_id).toBe(first.json().sale_id);
    const fresh = await post(shop.clerk, '/api/sales/batch', body, {
      'idempotency-key': `new-${shop.itemId}`,
    });
    expect(fresh.statusCode).toBe(400);
  });

  it('is the MD’s, below the floor too', async () => {
    const shop = await shopWith([]);
    expect((await sellAt(shop, shop.md, 0.01)).statusCode).toBe(201);
  });

  it('is checked on a proforma and on converting one, with the converter’s keys', async () => {
    const shop = await shopWith([]);
    const quote = {
      customer_name: 'Ada Obi',
      customer_phone: '08031234567',
      warehouse_name: shop.warehouse,
      apply_vat: false,
      items: [{ item_id: shop.itemId, item_name: shop.item, quantity: 1, unit_price: 1000 }],
    };
    const refused = await post(shop.clerk, '/api/sales/proforma', quote);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('Proforma item 1: You do not have permission to sell');
    const byMd = await post(shop.md, '/api/sales/proforma', quote);
    expect(byMd.statusCode).toBe(201);
    const id = byMd.json().proforma_id;
    await call(t.app, shop.md, {
      method: 'POST',
      url: `/api/sales/proforma/${id}/upload-invoice`,
      ...multipartBody('invoice_file', 'po.png', PNG_BYTES),
    });
    const converting = await post(shop.clerk, `/api/sales/proforma/${id}/convert`);
    expect(converting.statusCode).toBe(403);
    expect(converting.json().detail).toContain('below its price of ₦1,500.00 (₦1,000.00 entered)');
    expect((await post(shop.md, `/api/sales/proforma/${id}/convert`)).statusCode).toBe(201);
  });
});

describe('a discount', () => {
  it('is refused without its key, whether a percentage or a fixed amount', async () => {
    const shop = await shopWith(['sales.price_override.access']);
    const percent = await sellAt(shop, shop.clerk, 1500, {
      discount_type: 'percentage',
      discount_value: 100,
    });
    expect(percent.statusCode).toBe(403);
    expect(percent.json().detail).toBe(
      'You do not have permission to give discounts (₦3,000.00 entered). Remove the discount or ask the MD.',
    );
    const fixed = await sellAt(shop, shop.clerk, 1500, { discount_type: 'fixed', discount_value: 0.01 });
    expect(fixed.statusCode).toBe(403);
    const none = await sellAt(shop, shop.clerk, 1500, { discount_type: 'percentage', discount_value: 0 });
    expect(none.statusCode).toBe(201);
  });

  it('with the key stays within the business’s maximum, which only the MD sets; the MD is not held by it', async () => {
    const shop = await shopWith(['sales.discount.access']);
    expect((await get(shop.md, '/api/settings/price-limits')).json()).toEqual({ max_discount_percent: null });
    // No maximum set: the key alone allows any discount.
    expect(
      (await sellAt(shop, shop.clerk, 1500, { discount_type: 'percentage', discount_value: 50 })).statusCode,
    ).toBe(201);
    expect(
      (await put(shop.clerk, '/api/settings/price-limits', { max_discount_percent: 100 })).statusCode,
    ).toBe(403);
    expect((await put(shop.md, '/api/settings/price-limits', { max_discount_percent: 101 })).statusCode).toBe(
      422,
    );
    const set = await put(shop.md, '/api/settings/price-limits', { max_discount_percent: 10 });
    expect(set.json()).toEqual({ max_discount_percent: 10 });
    expect((await get(shop.clerk, '/api/settings/price-limits')).json()).toEqual({
      max_discount_percent: 10,
    });

    expect(
      (await sellAt(shop, shop.clerk, 1500, { discount_type: 'percentage', discount_value: 10 })).statusCode,
    ).toBe(201);
    // 2 × ₦1,500 + 7.5 % VAT = ₦3,225.00; 10 % of it is ₦322.50.
    expect(
      (
        await sellAt(shop, shop.clerk, 1500, {
          apply_vat: true,
          discount_type: 'fixed',
          discount_value: 322.5,
        })
      ).statusCode,
    ).toBe(201);
    const over = await sellAt(shop, shop.clerk, 1500, {
      apply_vat: true,
      discount_type: 'fixed',
      discount_value: 322.51,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(
      'The discount of ₦322.51 is above this business’s maximum discount of 10% (₦322.50 on this sale)',
    );
    expect(
      (await sellAt(shop, shop.md, 1500, { discount_type: 'percentage', discount_value: 60 })).statusCode,
    ).toBe(201);
  });
});

describe('overrides', () => {
  it('are named in the sale’s audit entry (its author is the entry’s user) and counted in the sales report', async () => {
    const shop = await shopWith(['sales.price_override.access', 'sales.discount.access']);
    const sold = await sellAt(shop, shop.clerk, 1300, { discount_type: 'fixed', discount_value: 100 });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().sale_id;
    const entries = (await get(shop.md, `/api/audit?kind=sale.created&record_id=${saleId}`)).json().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0].user_id).toBe(shop.clerk.userId);
    expect(entries[0].after.price_overrides).toEqual({
      lines: [
        {
          line: 1,
          item_id: shop.itemId,
          item_name: shop.item,
          quantity: 2,
          item_price: 1500,
          unit_price: 1300,
          below_price_total: 400,
        },
      ],
      below_price_lines: 1,
      below_price_total: 400,
      discount: 100,
    });
    // A sale at the price leaves no overrides.
    const plain = await sellAt(shop, shop.md, 1500);
    const plainEntry = (
      await get(shop.md, `/api/audit?kind=sale.created&record_id=${plain.json().sale_id}`)
    ).json().entries[0];
    expect(plainEntry.after.price_overrides).toBeUndefined();
    // The MD's own discount counts too.
    expect(
      (await sellAt(shop, shop.md, 1500, { discount_type: 'percentage', discount_value: 10 })).statusCode,
    ).toBe(201);

    const report = (
      await get(shop.md, `/api/sales/reports/summary?start_date=${today}&end_date=${today}`)
    ).json();
    expect(report.price_overrides).toMatchObject({
      sales_count: 2,
      below_price_lines: 1,
      below_price_total: 400,
      discounted_sales: 2,
      discount_total: 400,
    });
    expect(report.price_overrides.by_employee).toHaveLength(2);
    expect(report.price_overrides.by_employee[0]).toMatchObject({
      sales_count: 1,
      below_price_total: 400,
      discount_total: 100,
    });

    // A deleted sale's overrides leave the report.
    expect((await call(t.app, shop.md, { method: 'DELETE', url: `/api/sales/${saleId}` })).statusCode).toBe(
      200,
    );
    const after = (
      await get(shop.md, `/api/sales/reports/summary?start_date=${today}&end_date=${today}`)
    ).json();
    expect(after.price_overrides).toMatchObject({
      sales_count: 1,
      below_price_total: 0,
      discount_total: 300,
    });
  });
});

describe('an item’s minimum price', () => {
  it('is set on a new item or with a price update, shown in the item map, and never above the price', async () => {
    const shop = await shopWith([]);
    const map = (
      await get(shop.md, `/api/restock/inventory-items?warehouse_name=${encodeURIComponent(shop.warehouse)}`)
    ).json();
    expect(map[shop.item]).toMatchObject({ price: 1500, min_price: 1200 });
    const above = await post(shop.md, '/api/restock/price-bulk-update', {
      warehouse_name: shop.warehouse,
      updates: [{ item_id: shop.itemId, new_price: 1000 }],
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().detail).toBe(
      `${shop.item}: the minimum price (₦1,200.00) cannot be above the selling price (₦1,000.00)`,
    );
    const cleared = await post(shop.md, '/api/restock/price-bulk-update', {
      warehouse_name: shop.warehouse,
      updates: [{ item_id: shop.itemId, new_price: 1000, new_min_price: null }],
    });
    expect(cleared.statusCode).toBe(200);
    const newItem = await post(shop.md, '/api/restock/new-item', {
      item_name: 'Garri 10kg',
      supplied_quantity: 5,
      unit_price: 800,
      selling_price: 1000,
      min_price: 1100,
      supplier_name: 'Depot',
      purchase_date: today,
      warehouse_name: shop.warehouse,
    });
    expect(newItem.statusCode).toBe(422);
    expect(JSON.stringify(newItem.json())).toContain('The minimum price cannot be above the selling price');
  });
});

describe('a credit or part-paid sale', () => {
  it('names a real customer, on a sale and on converting a proforma', async () => {
    const shop = await shopWith([]);
    const credit = { payment_status: 'credit', payment_method: 'none', due_date: today };
    const walkIn = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { ...credit, customer_name: 'Walk-in customer', customer_phone: null }),
    );
    expect(walkIn.statusCode).toBe(422);
    expect(walkIn.json().detail.map((issue: { msg: string }) => issue.msg)).toEqual([CREDIT_NAME_REQUIRED]);
    // The spec keeps the phone optional: a named customer without one may owe (the form asks for it).
    const partial = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        payment_status: 'partial',
        partial_payment_amount: 100,
        customer_name: 'Bola',
        customer_phone: '',
      }),
    );
    expect(partial.statusCode, partial.body).toBe(201);
    expect((await post(shop.md, '/api/sales/batch', saleRequest(shop, credit))).statusCode).toBe(201);

    const quote = await post(shop.md, '/api/sales/proforma', {
      customer_name: 'Walk-in customer',
      warehouse_name: shop.warehouse,
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: 1500 }],
    });
    const id = quote.json().proforma_id;
    await call(t.app, shop.md, {
      method: 'POST',
      url: `/api/sales/proforma/${id}/upload-invoice`,
      ...multipartBody('invoice_file', 'po.png', PNG_BYTES),
    });
    const onCredit = await post(shop.md, `/api/sales/proforma/${id}/convert`, credit);
    expect(onCredit.statusCode).toBe(400);
    expect(onCredit.json().detail).toBe(CREDIT_NAME_REQUIRED);
    expect((await post(shop.md, `/api/sales/proforma/${id}/convert`)).statusCode).toBe(201);
  });
});
