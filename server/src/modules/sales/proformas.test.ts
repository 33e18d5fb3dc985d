import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proformas } from '../../platform/db/schema/index.ts';
import { salesApi } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  createTestApp,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, del, proShop, onHand } = salesApi(() => t);

describe('proforma invoices', () => {
  it('records a proforma once for a repeated Idempotency-Key, and refuses the key for another proforma', async () => {
    const shop = await proShop();
    const body = (quantity: number) => ({
      customer_name: 'Chidi Eze',
      items: [{ item_id: shop.itemId, quantity, unit_price: 1000, warehouse_name: shop.warehouse }],
    });
    const headers = { 'idempotency-key': 'proforma-retry-1' };
    const first = await post(shop.md, '/api/sales/proforma', body(2), headers);
    const again = await post(shop.md, '/api/sales/proforma', body(2), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await post(shop.md, '/api/sales/proforma', body(3), headers);
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    expect((await get(shop.md, '/api/sales/proforma/all')).json()).toHaveLength(1);
  });

  it('creates, uploads the invoice, converts once into a sale that takes the stock, and refuses a second conversion', async () => {
    const shop = await proShop();
    const created = await post(shop.md, '/api/sales/proforma', {
      customer_name: 'Chidi Eze',
      customer_phone: '08030000003',
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
    // A converted proforma is the quote its sale came from: it stays, and says which sale.
    const saleNumber = converted.json().sale_number;
    const refused = await del(shop.md, `/api/sales/proforma/${proforma.proforma_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `This proforma was converted into sale #${saleNumber} and cannot be deleted.`,
    });
    const kept = (await get(shop.md, '/api/sales/proforma/all')).json();
    expect(kept[0]).toMatchObject({
      proforma_id: proforma.proforma_id,
      status: 'converted',
      sale_number: saleNumber,
    });
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
    expect((await del(shop.md, `/api/sales/proforma/${created.proforma_id}`)).statusCode).toBe(404);

    // The list pages by keyset on request: limit, then before = X-Next-Before.
    const made: number[] = [];
    for (const customer of ['A', 'B', 'C']) {
      const answer = await post(shop.md, '/api/sales/proforma', {
        customer_name: customer,
        warehouse_name: shop.warehouse,
        items: [{ item_id: shop.itemId, quantity: 1, unit_price: 10 }],
      });
      made.push(answer.json().proforma_id);
    }
    const ids = (res: { json: () => { proforma_id: number }[] }) => res.json().map((p) => p.proforma_id);
    const first = await get(shop.md, '/api/sales/proforma/all?limit=2');
    expect(ids(first)).toEqual([made[2], made[1]]);
    expect(first.headers['x-next-before']).toBe(String(made[1]));
    const rest = await get(shop.md, `/api/sales/proforma/all?limit=2&before=${made[1]}`);
    expect(ids(rest)).toEqual([made[0]]);
    expect(rest.headers['x-next-before']).toBe('');
    const documented = await get(shop.md, '/api/sales/proforma/all');
    expect(ids(documented)).toEqual([made[2], made[1], made[0]]);
    expect(documented.headers['x-next-before']).toBeUndefined();
    expect((await get(shop.md, '/api/sales/proforma/all?limit=2001')).statusCode).toBe(422);
    // A money document is never removed: it stays, marked deleted by the MD.
    const [kept] = await t.database.db.select().from(proformas).where(eq(proformas.id, created.proforma_id));
    expect(kept).toMatchObject({ deletedBy: shop.md.userId });
    expect(kept!.deletedAt).toBeInstanceOf(Date);
  });
});
