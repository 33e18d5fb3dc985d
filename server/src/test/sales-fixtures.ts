/** What the sales, report and proforma tests share: their calls, a pro shop with stock, a sale request. */
import { businessDate } from '@app/domain/dates/business-date';
import { eq } from 'drizzle-orm';
import { items } from '../platform/db/schema/index.ts';
import {
  call,
  createStockFixture,
  makePro,
  registerBusiness,
  type TSession,
  type TTestApp,
} from './test-app.ts';

export const today = businessDate();

/** The calls on the test app that `test` answers (the app is created in beforeAll, after this runs). */
export function salesApi(test: () => TTestApp) {
  const post = (session: TSession, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    call(test().app, session, { method: 'POST', url, payload: payload as object, headers });
  const get = (session: TSession, url: string) => call(test().app, session, { method: 'GET', url });
  const del = (session: TSession, url: string) => call(test().app, session, { method: 'DELETE', url });

  /** A business on the pro plan with one item in stock. */
  async function proShop(quantity = 20, unitPrice = 1500) {
    const { md } = await registerBusiness(test().app);
    await makePro(test(), md);
    const stock = await createStockFixture(test().app, md, { quantity, unitPrice });
    return { md, ...stock };
  }

  async function onHand(itemId: number) {
    const [row] = await test()
      .database.db.select({ onHand: items.onHand })
      .from(items)
      .where(eq(items.id, itemId));
    return row!.onHand;
  }

  return { post, get, del, proShop, onHand };
}

/** A paid sale batch of two of the shop's item to Ada Obi, with `overrides`. */
export const saleRequest = (
  fixture: { warehouse: string; itemId: number; item: string },
  overrides: Record<string, unknown> = {},
) => ({
  sale_date: today,
  customer_name: 'Ada Obi',
  customer_phone: '08031234567',
  items: [
    {
      item_id: fixture.itemId,
      item_name: fixture.item,
      quantity: 2,
      unit_price: 2000,
      warehouse_name: fixture.warehouse,
    },
  ],
  payment_method: 'cash',
  payment_status: 'paid',
  invoice_override: true,
  ...overrides,
});
