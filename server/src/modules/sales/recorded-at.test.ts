/**
 * A sale recorded offline carries `recorded_at`, when it happened on the device: the server keeps it as the
 * sale's creation time, dates it by that day without calling it a backdate, and refuses a time in the future
 * or older than an idempotency key's life.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../platform/db/schema/index.ts';
import { saleRequest, salesApi } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  daysAgo,
  makePro,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, proShop } = salesApi(() => t);
const HOUR = 60 * 60 * 1000;

async function createdAtOf(saleId: number) {
  const [row] = await t.database.db
    .select({ createdAt: sales.createdAt })
    .from(sales)
    .where(eq(sales.id, saleId));
  return row!.createdAt.toISOString();
}

describe('recorded_at', () => {
  it('keeps the offline time as the creation time, and a sale of the day it happened is no backdate', async () => {
    const { md: owner } = await registerBusiness(t.app);
    await makePro(t, owner);
    const shop = { md: owner, ...(await createStockFixture(t.app, owner, { date: daysAgo(5) })) };
    const at = new Date(Date.now() - 26 * HOUR).toISOString();
    const md = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { recorded_at: at, sale_date: daysAgo(1) }),
    );
    expect(md.statusCode, md.body).toBe(201);
    expect(md.json().sale.created_at).toBe(at);
    expect(await createdAtOf(md.json().sale_id)).toBe(at);

    const clerk = await createEmployee(t.app, shop.md, [
      'sales.page.access',
      'sales.create.access',
      'sales.invoice_override.access',
    ]);
    await call(t.app, shop.md, {
      method: 'PUT',
      url: `/api/warehouses/${shop.warehouseId}/access`,
      payload: { access_all: true },
    });
    const yesterday = saleRequest(shop, { sale_date: daysAgo(1) });
    const late = await post(clerk.session, '/api/sales/batch', { ...yesterday, recorded_at: at });
    expect(late.statusCode, late.body).toBe(201);
    // Without recorded_at the same date is a backdate, which the clerk may not do.
    const backdated = await post(clerk.session, '/api/sales/batch', yesterday);
    expect(backdated.statusCode).toBe(403);
    expect(backdated.json().detail).toContain('You do not have permission to backdate sales');
    // Nor may the sale be dated before the day it says it happened.
    const earlier = await post(clerk.session, '/api/sales/batch', {
      ...saleRequest(shop, { sale_date: daysAgo(3) }),
      recorded_at: at,
    });
    expect(earlier.statusCode).toBe(403);
  });

  it('answers a resend of an offline sale (same key, same body) from its key: one sale', async () => {
    const shop = await proShop();
    const body = saleRequest(shop, {
      public_id: '01936b2e-8f00-7a4c-9d10-00000000abcd',
      recorded_at: new Date(Date.now() - HOUR).toISOString(),
      invoice_number: 'OFF-K7Q2MX-1',
      // A walk-in without a phone: no customer-list entry.
      customer_name: 'Walk-in customer',
      customer_phone: null,
    });
    const headers = { 'idempotency-key': 'offline-resend-1' };
    const first = await post(shop.md, '/api/sales/batch', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const resent = await post(shop.md, '/api/sales/batch', body, headers);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toEqual(first.json());
  });

  it('takes a time ahead (a phone clock running fast) as now, and refuses one older than a kept key or not a date-time', async () => {
    const shop = await proShop();
    const tooOld = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { recorded_at: new Date(Date.now() - 8 * 24 * HOUR).toISOString() }),
    );
    expect([tooOld.statusCode, JSON.stringify(tooOld.json().detail)]).toEqual([
      422,
      expect.stringContaining("more than 7 days ago by the device's clock"),
    ]);
    const notATime = await post(shop.md, '/api/sales/batch', saleRequest(shop, { recorded_at: 'yesterday' }));
    expect(notATime.statusCode).toBe(422);
    expect(JSON.stringify(notATime.json().detail)).toContain('recorded_at must be an ISO date and time');
    for (const minutes of [1, 10, 60 * 24]) {
      const ahead = new Date(Date.now() + minutes * 60 * 1000).toISOString();
      const fast = await post(shop.md, '/api/sales/batch', saleRequest(shop, { recorded_at: ahead }));
      expect(fast.statusCode, fast.body).toBe(201);
      expect(Date.parse(fast.json().sale.created_at)).toBeLessThanOrEqual(Date.now());
    }
  });
});
