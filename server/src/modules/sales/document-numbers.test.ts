/**
 * What a business shows its customers is numbered by the business: its sales and proformas count from 1
 * with no gaps (a refused or failed attempt takes no number), concurrent sales get distinct consecutive
 * numbers, and receipts, proforma PDFs and a conversion's invoice number print them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleRequest, salesApi } from '../../test/sales-fixtures.ts';
import { createTestApp, registerBusiness, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, del, proShop } = salesApi(() => t);

/** A sale of `quantity` of the shop's item at ₦100. */
const oneItem = (shop: { warehouse: string; itemId: number; item: string }, quantity: number) =>
  saleRequest(shop, {
    items: [{ item_id: shop.itemId, quantity, unit_price: 100, warehouse_name: shop.warehouse }],
  });

describe('document numbers', () => {
  it('count from 1 in each business, and a refused sale takes no number', async () => {
    const first = await proShop(5);
    const second = await proShop(5);
    const numbers = async (shop: typeof first, count: number) => {
      const taken: number[] = [];
      for (let n = 0; n < count; n++) {
        const res = await post(shop.md, '/api/sales/batch', oneItem(shop, 1));
        expect(res.statusCode, res.body).toBe(201);
        taken.push(res.json().sale.sale_number);
      }
      return taken;
    };
    expect(await numbers(first, 2)).toEqual([1, 2]);
    expect(await numbers(second, 1)).toEqual([1]);
    const tooMany = await post(first.md, '/api/sales/batch', oneItem(first, 99));
    expect(tooMany.statusCode).toBe(409);
    expect(await numbers(first, 1)).toEqual([3]);
    const listed = (await get(first.md, '/api/sales?limit=50')).json() as {
      sale_id: number;
      sale_number: number;
    }[];
    expect(listed.map((row) => row.sale_number).sort()).toEqual([1, 2, 3]);
    // Deleting names the sale by the number its customer saw, not by the record's key.
    const [only] = (await get(second.md, '/api/sales?limit=50')).json() as typeof listed;
    expect(only!.sale_id).not.toBe(1);
    const removed = await del(second.md, `/api/sales/${only!.sale_id}`);
    expect(removed.json().message).toBe('Sale #1 deleted; its items are back in stock');
  });

  it('gives concurrent sales of one business distinct consecutive numbers, and a replay keeps its number', async () => {
    const shop = await proShop(100);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        post(shop.md, '/api/sales/batch', oneItem(shop, 1), {
          'idempotency-key': `numbers-${shop.itemId}-${n}`,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(201));
    const numbers = answers.map((res) => res.json().sale.sale_number as number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
    const replay = await post(shop.md, '/api/sales/batch', oneItem(shop, 1), {
      'idempotency-key': `numbers-${shop.itemId}-0`,
    });
    expect(replay.json().sale.sale_number).toBe(numbers[0]);
  });

  it('numbers proformas by business, and receipts print the business’s sale number', async () => {
    await registerBusiness(t.app);
    const shop = await proShop(10);
    const proforma = await post(shop.md, '/api/sales/proforma', {
      customer_name: 'Ada Obi',
      warehouse_name: shop.warehouse,
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: 100 }],
    });
    expect(proforma.statusCode, proforma.body).toBe(201);
    expect(proforma.json().proforma.proforma_number).toBe(1);
    const sale = await post(shop.md, '/api/sales/batch', saleRequest(shop));
    const pdf = await post(shop.md, '/api/sales/receipt/pdf', {
      customer_name: 'Ada Obi',
      date_raw: sale.json().sale.sale_date,
      pdf_format: 'A4',
      sale_id: sale.json().sale_id,
    });
    expect(pdf.json().filename).toBe('receipt_1.pdf');
  });
});
