/**
 * A return recorded offline (issue 16 §3) reaches the server with its Idempotency-Key and `recorded_at`:
 * the server keeps that time as the return's creation time, and a resend with the same key (its first answer
 * was lost) moves the stock once. A return has no public id: being recorded once rests on the key.
 */
import { businessDate } from '@app/domain/dates/business-date';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockReturns } from '../../platform/db/schema/index.ts';
import {
  call,
  createStockFixture,
  createTestApp,
  makePro,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

describe('a return recorded offline', () => {
  it('keeps its offline time, is recorded once for a resent key, and refuses a time ahead', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const at = new Date(Date.now() - 3 * HOUR).toISOString();
    // Bought the day the return happened offline: in Lagos' first hours, three hours ago was yesterday.
    const rice = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Rice',
      quantity: 5,
      date: businessDate(new Date(at)),
    });
    expect(
      (await call(t.app, md, { method: 'PUT', url: '/api/settings/access-code', payload: { code: '4321' } }))
        .statusCode,
    ).toBe(200);
    const body = {
      item_id: rice.itemId,
      return_quantity: 2,
      selected_date: businessDate(new Date(at)),
      access_code: '4321',
      recorded_at: at,
    };
    const headers = { 'idempotency-key': 'offline-return-1' };
    const first = await call(t.app, md, {
      method: 'POST',
      url: '/api/inventory/return-item',
      payload: body,
      headers,
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(t.app, md, {
      method: 'POST',
      url: '/api/inventory/return-item',
      payload: body,
      headers,
    });
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.db
      .select({ createdAt: stockReturns.createdAt, quantity: stockReturns.quantity })
      .from(stockReturns)
      .where(eq(stockReturns.itemId, rice.itemId));
    expect(rows.map((row) => [row.createdAt.toISOString(), row.quantity])).toEqual([[at, 2]]);
    const items = await call(t.app, md, {
      method: 'GET',
      url: '/api/sales/inventory-items?warehouse_name=Main',
    });
    expect(items.json().Rice.closing_balance).toBe(7);

    const ahead = await call(t.app, md, {
      method: 'POST',
      url: '/api/inventory/return-item',
      payload: { ...body, recorded_at: new Date(Date.now() + HOUR).toISOString() },
    });
    expect(ahead.statusCode, ahead.body).toBe(201);
    const [latest] = await t.database.db
      .select({ createdAt: stockReturns.createdAt })
      .from(stockReturns)
      .where(eq(stockReturns.itemId, rice.itemId))
      .orderBy(desc(stockReturns.id))
      .limit(1);
    expect(latest!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
