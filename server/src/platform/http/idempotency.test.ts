/**
 * One Idempotency-Key API for every record-creating call, on both paths (the sale's hot statements and
 * the ordinary transaction): an identical retry gets the first answer and records nothing; the same key
 * on another request is refused and records nothing; a key older than IDEMPOTENCY_KEY_HOURS is free again,
 * and the sweeper forgets it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { saleRequest, salesApi } from '../../test/sales-fixtures.ts';
import { createTestApp, type TSession, type TTestApp } from '../../test/test-app.ts';
import { KEY_REUSED } from './idempotency.ts';

let test: TTestApp;
const { post, proShop } = salesApi(() => test);

beforeAll(async () => {
  test = await createTestApp({ config: { idempotencyKeyHours: 1 } });
});
afterAll(() => test.close());

const count = async (table: 'sales' | 'purchases', tenantOf: TSession) => {
  const [row] = await rowsOf<{ n: number }>(
    test.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = (select tenant_id from users where id = ${tenantOf.userId})`,
  );
  return row!.n;
};

const ageKey = (key: string, hours: number) =>
  test.database.db.execute(
    sql`update idempotency_keys set created_at = now() - make_interval(hours => ${hours}) where key = ${key}`,
  );

const restockBody = (shop: Awaited<ReturnType<typeof proShop>>, quantity: number) => ({
  supplier_name: 'Chi Distributors',
  purchase_date: saleRequest(shop).sale_date,
  warehouse_name: shop.warehouse,
  payment_status: 'paid',
  payment_method: 'cash',
  items: [{ item_id: shop.itemId, quantity, unit_price: 100 }],
});

describe('Idempotency-Key', () => {
  it('answers an identical retry with the first answer, on the sale path and the ordinary one', async () => {
    const shop = await proShop();
    const key = { 'idempotency-key': `sale-${shop.itemId}` };
    const first = await post(shop.md, '/api/sales/batch', saleRequest(shop), key);
    const again = await post(shop.md, '/api/sales/batch', { ...saleRequest(shop) }, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await count('sales', shop.md)).toBe(1);

    const restockKey = { 'idempotency-key': `restock-${shop.itemId}` };
    const bought = await post(shop.md, '/api/restock/batch', restockBody(shop, 5), restockKey);
    const boughtAgain = await post(shop.md, '/api/restock/batch', restockBody(shop, 5), restockKey);
    expect(boughtAgain.json()).toEqual(bought.json());
    expect(await count('purchases', shop.md)).toBe(2);
  });

  it('refuses the same key on another request, and records nothing for it', async () => {
    const shop = await proShop();
    const key = { 'idempotency-key': `other-${shop.itemId}` };
    expect((await post(shop.md, '/api/sales/batch', saleRequest(shop), key)).statusCode).toBe(201);
    const changed = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_name: 'Bayo' }),
      key,
    );
    expect([changed.statusCode, changed.json().detail]).toEqual([409, KEY_REUSED]);
    expect(await count('sales', shop.md)).toBe(1);

    const restockKey = { 'idempotency-key': `other-restock-${shop.itemId}` };
    expect((await post(shop.md, '/api/restock/batch', restockBody(shop, 5), restockKey)).statusCode).toBe(
      201,
    );
    const more = await post(shop.md, '/api/restock/batch', restockBody(shop, 6), restockKey);
    expect([more.statusCode, more.json().detail]).toEqual([409, KEY_REUSED]);
    const elsewhere = await post(shop.md, '/api/sales/batch', saleRequest(shop), restockKey);
    expect([elsewhere.statusCode, elsewhere.json().detail]).toEqual([409, KEY_REUSED]);
    expect(await count('purchases', shop.md)).toBe(2);
    expect(await count('sales', shop.md)).toBe(1);
  });

  it('keeps an answer for the configured hours only: an older key records anew, and the sweeper forgets it', async () => {
    const shop = await proShop();
    const key = `old-${shop.itemId}`;
    const first = await post(shop.md, '/api/sales/batch', saleRequest(shop), { 'idempotency-key': key });
    await ageKey(key, 2);
    const later = await post(shop.md, '/api/sales/batch', saleRequest(shop), { 'idempotency-key': key });
    expect(later.statusCode).toBe(201);
    expect(later.json().sale_id).not.toBe(first.json().sale_id);
    expect(await count('sales', shop.md)).toBe(2);

    const restockKey = `old-restock-${shop.itemId}`;
    await post(shop.md, '/api/restock/batch', restockBody(shop, 5), { 'idempotency-key': restockKey });
    await ageKey(restockKey, 2);
    const rebought = await post(shop.md, '/api/restock/batch', restockBody(shop, 7), {
      'idempotency-key': restockKey,
    });
    expect(rebought.statusCode).toBe(201);
    expect(await count('purchases', shop.md)).toBe(3);

    await ageKey(key, 3);
    const fresh = `fresh-${shop.itemId}`;
    await post(shop.md, '/api/sales/batch', saleRequest(shop), { 'idempotency-key': fresh });
    expect(await test.app.keySweeper.sweep()).toBeGreaterThanOrEqual(1);
    const kept = await rowsOf<{ key: string }>(
      test.database.db,
      sql`select key from idempotency_keys where key in (${key}, ${fresh})`,
    );
    expect(kept.map((row) => row.key)).toEqual([fresh]);
  });
});
