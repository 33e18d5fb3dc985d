/** Issue 17 §4: an item's minimum price, set on Add New Item and changed (or cleared) with Update Prices. */
import { describe, expect, it } from 'vitest';
import { MIN_PRICE_ABOVE_PRICE } from '@app/domain/schemas/stock';
import {
  newItemInitialValues,
  priceUpdatePayload,
  ZNewItemFormSchema,
  ZPriceFormSchema,
} from './restock-forms';

const row = { item_id: 1, item_name: 'Rice', current_price: 1500, new_price: 1500, new_barcode: '' };

describe('the minimum price', () => {
  it('is sent with a new item when typed, and never above its price', () => {
    const values = {
      ...newItemInitialValues('2026-11-20', 'Main'),
      item_name: 'Rice',
      unit_price: 1500,
      supplier_name: 'Depot',
    };
    expect(ZNewItemFormSchema.parse(values).min_price).toBe(null);
    expect(ZNewItemFormSchema.parse({ ...values, min_price: 1200 }).min_price).toBe(1200);
    const above = ZNewItemFormSchema.safeParse({ ...values, min_price: 1600 });
    expect(above.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['min_price', MIN_PRICE_ABOVE_PRICE],
    ]);
  });

  it('is sent with a price update only when changed: a new floor, or null to clear it', () => {
    const payload = (patch: object) =>
      priceUpdatePayload({ warehouse_name: 'Main', updates: [{ ...row, ...patch }] }).updates[0];
    expect(payload({ current_min_price: 1200, new_min_price: 1200 })).not.toHaveProperty('new_min_price');
    expect(payload({ current_min_price: 1200, new_min_price: 1000 })).toMatchObject({ new_min_price: 1000 });
    expect(payload({ current_min_price: 1200, new_min_price: '' })).toMatchObject({ new_min_price: null });
    expect(payload({ current_min_price: null, new_min_price: '' })).not.toHaveProperty('new_min_price');
    const above = ZPriceFormSchema.safeParse({
      warehouse_name: 'Main',
      updates: [{ ...row, current_min_price: null, new_min_price: 1600 }],
    });
    expect(above.error?.issues.map((issue) => issue.message)).toEqual([MIN_PRICE_ABOVE_PRICE]);
  });
});
