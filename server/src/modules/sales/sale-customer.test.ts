/**
 * A sale or proforma refers to its customer by id: the customer it names (of the same business), else the
 * customer its phone belongs to (added by the sale when new); a walk-in without a phone has none. The typed
 * name and phone stay on the document either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleRequest, salesApi } from '../../test/sales-fixtures.ts';
import { createTestApp, multipartBody, PNG_BYTES, call, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, del, proShop } = salesApi(() => t);

describe('the customer of a sale', () => {
  it('counts a customer a sale adds once, in the list total and the metrics, and none for a known phone', async () => {
    const shop = await proShop(20);
    const totals = async () => [
      (await get(shop.md, '/api/customers')).json().total,
      (await get(shop.md, '/api/customers/metrics')).json().total_customers,
    ];
    const sell = (phone: string | null) =>
      post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_name: 'Bola', customer_phone: phone }));
    expect((await sell('08035550000')).statusCode).toBe(201);
    expect(await totals()).toEqual([1, 1]);
    expect((await sell('08035550000')).statusCode).toBe(201);
    expect((await sell(null)).statusCode).toBe(201);
    expect(await totals()).toEqual([1, 1]);
    const refused = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        customer_phone: '08036660000',
        items: [{ item_id: shop.itemId, quantity: 500, unit_price: 1, warehouse_name: shop.warehouse }],
      }),
    );
    expect(refused.statusCode).toBe(409);
    expect(await totals()).toEqual([1, 1]);
  });

  it('takes a phone only by the customer list’s rules, so no sale adds a customer with a bad phone', async () => {
    const shop = await proShop(20);
    for (const [phone, message] of [
      ['abc', 'Phone may hold digits, spaces, +, - and brackets only'],
      ['=cmd()', 'Phone may hold digits, spaces, +, - and brackets only'],
      ['0', 'Phone number is too short (at least 5 digits)'],
    ] as const) {
      const sale = await post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_phone: phone }));
      expect([sale.statusCode, JSON.stringify(sale.json().detail)]).toEqual([
        422,
        expect.stringContaining(message),
      ]);
      const proforma = await post(
        shop.md,
        '/api/sales/proforma',
        saleRequest(shop, { customer_phone: phone }),
      );
      expect(proforma.statusCode).toBe(422);
    }
    expect((await get(shop.md, '/api/customers')).json().total).toBe(0);
    expect(
      (await post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_phone: '' }))).statusCode,
    ).toBe(201);
    expect(
      (await post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_phone: 8031234567 }))).statusCode,
    ).toBe(201);
  });

  it('is the one named, else the one its phone belongs to, else none', async () => {
    const shop = await proShop(20);
    const ada = (await post(shop.md, '/api/customers', { name: 'Ada Obi', phone: '08031110000' })).json();

    const byPhone = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_phone: '08031110000' }),
    );
    expect(byPhone.json().sale).toMatchObject({ customer_id: ada.customer_id, customer_name: 'Ada Obi' });

    const named = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_id: ada.customer_id, customer_name: 'Mrs Obi', customer_phone: null }),
    );
    expect(named.json().sale).toMatchObject({ customer_id: ada.customer_id, customer_name: 'Mrs Obi' });

    const newPhone = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_name: 'Bola', customer_phone: '08032220000' }),
    );
    const bola = (await get(shop.md, '/api/customers?search=08032220000')).json().customers[0];
    expect(bola).toMatchObject({ name: 'Bola' });
    expect(newPhone.json().sale.customer_id).toBe(bola.customer_id);

    const walkIn = await post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_phone: null }));
    expect(walkIn.json().sale.customer_id).toBeNull();

    const other = await proShop(20);
    const theirs = (await post(other.md, '/api/customers', { name: 'Chidi', phone: '08033330000' })).json();
    const foreign = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_id: theirs.customer_id }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Customer not found' });
    expect((await get(shop.md, '/api/sales?limit=50')).json()).toHaveLength(4);

    // Deleting the customer leaves the sale, its typed name and phone; only the link goes.
    expect((await del(shop.md, `/api/customers/${ada.customer_id}`)).statusCode).toBe(200);
    const kept = (await get(shop.md, '/api/sales/pending')).json();
    expect(kept).toEqual([]);
    const receipt = (
      await get(
        shop.md,
        `/api/sales/for-receipt?date=${byPhone.json().sale.sale_date}&customer_name=Ada%20Obi`,
      )
    ).json();
    expect(receipt[0]).toMatchObject({ customer_id: null, customer_phone: '08031110000' });
  });

  it('finds the customer however the phone is typed, and adds none for a number it knows', async () => {
    const shop = await proShop(20);
    const ada = (await post(shop.md, '/api/customers', { name: 'Ada Obi', phone: '0805 555 5555' })).json();
    for (const phone of ['+234 805 555 5555', '2348055555555', '08055555555']) {
      const sale = await post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_phone: phone }));
      expect(sale.json().sale, phone).toMatchObject({ customer_id: ada.customer_id, customer_phone: phone });
      const proforma = await post(
        shop.md,
        '/api/sales/proforma',
        saleRequest(shop, { customer_phone: phone }),
      );
      expect(proforma.json().proforma.customer_id, phone).toBe(ada.customer_id);
    }
    expect((await get(shop.md, '/api/customers')).json().total).toBe(1);
  });

  it('carries over from a proforma to the sale it becomes', async () => {
    const shop = await proShop(20);
    const ada = (await post(shop.md, '/api/customers', { name: 'Ada Obi', phone: '08031110000' })).json();
    const created = await post(shop.md, '/api/sales/proforma', {
      customer_id: ada.customer_id,
      customer_name: 'Ada Obi',
      warehouse_name: shop.warehouse,
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: 100, warehouse_name: shop.warehouse }],
    });
    const proforma = created.json().proforma;
    expect(proforma.customer_id).toBe(ada.customer_id);
    await call(t.app, shop.md, {
      method: 'POST',
      url: `/api/sales/proforma/${proforma.proforma_id}/upload-invoice`,
      ...multipartBody('invoice_file', 'po.png', PNG_BYTES),
    });
    const converted = await post(shop.md, `/api/sales/proforma/${proforma.proforma_id}/convert`);
    expect(converted.statusCode, converted.body).toBe(201);
    const [sale] = (
      await get(shop.md, `/api/sales/for-receipt?date=${proforma.date}&customer_name=Ada%20Obi`)
    ).json();
    expect(sale).toMatchObject({ sale_id: converted.json().sale_id, customer_id: ada.customer_id });
    const bad = await post(shop.md, '/api/sales/proforma', {
      customer_id: 999_999,
      customer_name: 'Nobody',
      warehouse_name: shop.warehouse,
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: 100, warehouse_name: shop.warehouse }],
    });
    expect(bad.statusCode).toBe(404);
  });
});
