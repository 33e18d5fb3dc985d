/**
 * Records have public ids a device can make (UUIDv7) beside their numeric keys: a sale, proforma or customer
 * named by the device keeps that id; one the server names gets a UUIDv7; reusing an id answers 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleRequest, salesApi } from '../../test/sales-fixtures.ts';
import { createTestApp, registerBusiness, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, proShop } = salesApi(() => t);
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('public ids', () => {
  it('keeps the id a device gave a sale, makes a UUIDv7 otherwise, and refuses an id used twice', async () => {
    const shop = await proShop(20);
    const named = '01936b2e-8f00-7a4c-9d10-5b2f3c4d5e6f';
    const first = await post(shop.md, '/api/sales/batch', saleRequest(shop, { public_id: named }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().sale).toMatchObject({ public_id: named, sale_number: 1 });
    const unnamed = await post(shop.md, '/api/sales/batch', saleRequest(shop));
    expect(unnamed.json().sale.public_id).toMatch(UUID_V7);

    const twice = await post(shop.md, '/api/sales/batch', saleRequest(shop, { public_id: named }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'A sale with this public_id already exists' });
    expect((await get(shop.md, '/api/sales?limit=50')).json()).toHaveLength(2);
    const bad = await post(shop.md, '/api/sales/batch', saleRequest(shop, { public_id: 'not-a-uuid' }));
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().detail)).toContain('public_id must be a UUID');

    // Another business may use the same id for its own sale.
    const other = await proShop(20);
    expect(
      (await post(other.md, '/api/sales/batch', saleRequest(other, { public_id: named }))).statusCode,
    ).toBe(201);
  });

  it('does the same for proformas and customers, and lists carry the ids', async () => {
    const shop = await proShop(20);
    const proformaId = '01936b2e-8f00-7a4c-9d10-000000000001';
    const proforma = {
      public_id: proformaId,
      customer_name: 'Chidi',
      warehouse_name: shop.warehouse,
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: 100, warehouse_name: shop.warehouse }],
    };
    const created = await post(shop.md, '/api/sales/proforma', proforma);
    expect(created.json().proforma.public_id).toBe(proformaId);
    expect((await post(shop.md, '/api/sales/proforma', proforma)).statusCode).toBe(409);
    expect((await get(shop.md, '/api/sales/proforma/all')).json()[0].public_id).toBe(proformaId);

    const customerId = '01936b2e-8f00-7a4c-9d10-000000000002';
    const customer = await post(shop.md, '/api/customers', {
      public_id: customerId,
      name: 'Ada',
      phone: '0803111',
    });
    expect(customer.json()).toMatchObject({ public_id: customerId, name: 'Ada' });
    const reused = await post(shop.md, '/api/customers', {
      public_id: customerId,
      name: 'Bola',
      phone: '0803222',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toBe('A customer with this public_id already exists');
    const samePhone = await post(shop.md, '/api/customers', { name: 'Bola', phone: '0803111' });
    expect(samePhone.json().detail).toBe('A customer with this phone already exists');
    const listed = (await get(shop.md, '/api/customers')).json().customers;
    expect(listed.map((c: { public_id: string }) => c.public_id)).toEqual([customerId]);
    const { md } = await registerBusiness(t.app);
    expect((await get(md, '/api/restock/?limit=5')).json()).toEqual([]);
    expect((await get(shop.md, '/api/restock/?limit=5')).json()[0].public_id).toMatch(UUID_V7);
  });
});
