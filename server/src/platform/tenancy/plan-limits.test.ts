import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@app/domain/dates/business-date';
import {
  call,
  createStockFixture,
  createTestApp,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the free plan under simultaneous sales', () => {
  it('records exactly the transactions left, refuses the rest with 403, and never fails', async () => {
    const { md } = await registerBusiness(t.app);
    // The fixture's restock is the first of the 10 free transactions.
    const shop = await createStockFixture(t.app, md, { quantity: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, md, {
          method: 'POST',
          url: '/api/sales/batch',
          headers: { 'idempotency-key': randomUUID() },
          payload: {
            sale_date: businessDate(),
            warehouse_name: shop.warehouse,
            customer_name: `Buyer ${i}`,
            items: [{ item_id: shop.itemId, quantity: 1, unit_price: 100 }],
            payment_method: 'cash',
            payment_status: 'paid',
            invoice_override: true,
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(9).fill(201), ...Array(11).fill(403)]);
    const sales = (await call(t.app, md, { method: 'GET', url: '/api/sales' })).json();
    expect(sales).toHaveLength(9);
  });
});
