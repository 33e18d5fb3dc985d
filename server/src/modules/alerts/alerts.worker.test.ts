import { businessDayStart } from '@app/domain/dates/business-date';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../platform/db/schema/index.ts';
import { salesApi, saleRequest, today } from '../../test/sales-fixtures.ts';
import {
  call,
  createStockFixture,
  createTestApp,
  daysAgo,
  makePro,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import { DAILY_SUMMARY_EMAIL_KIND, LOW_STOCK_EMAIL_KIND } from './alert-emails.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post } = salesApi(() => t);
const HOUR = 60 * 60 * 1000;
/** An instant on a business date at a Lagos hour. */
const at = (date: string, hours: number) => new Date(businessDayStart(date).getTime() + hours * HOUR);
const run = (now: Date) => t.app.alerts.runAlertsOnce(now);

async function tenantOf(md: TSession): Promise<number> {
  return (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json().tenant_id;
}

async function emailsOf(md: TSession, kind: string) {
  return t.database.db
    .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject, text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.tenantId, await tenantOf(md)), eq(outboxEmails.kind, kind)))
    .orderBy(asc(outboxEmails.id));
}

/** A Pro business with an item of 10 in stock (reorder level 5) bought three days ago. */
async function proBusiness(options: { pro?: boolean } = {}) {
  const business = await registerBusiness(t.app);
  if (options.pro !== false) await makePro(t, business.md);
  const stock = await createStockFixture(t.app, business.md, {
    quantity: 10,
    reorderLevel: 5,
    unitPrice: 1500,
    date: daysAgo(3),
  });
  return { ...business, ...stock };
}

const sell = async (
  shop: { md: TSession; warehouse: string; itemId: number; item: string },
  quantity: number,
  date = today,
) => {
  const request = saleRequest(shop, { sale_date: date });
  const res = await post(shop.md, '/api/sales/batch', {
    ...request,
    items: [{ ...request.items[0], quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
};

const addOfficer = async (md: TSession, name: string, email: string) => {
  const res = await post(md, '/api/settings/inventory-officers', {
    officer_name: name,
    officer_email: email,
  });
  expect(res.statusCode).toBe(201);
};

describe('low-stock alerts', () => {
  it('e-mail the MD and each officer once when a sale takes an item to its level today, and not for an item above it', async () => {
    const shop = await proBusiness();
    await addOfficer(shop.md, 'Bola', 'bola@example.com');
    await addOfficer(shop.md, 'Chike', 'chike@example.com');
    await addOfficer(shop.md, 'The MD again', shop.email.toUpperCase());
    const plenty = await createStockFixture(t.app, shop.md, { warehouse: shop.warehouse, quantity: 50 });
    await sell(shop, 5);
    await sell({ ...plenty, md: shop.md }, 2);

    await run(new Date());
    const sent = await emailsOf(shop.md, LOW_STOCK_EMAIL_KIND);
    expect(sent.map((email) => email.to).sort()).toEqual(
      [shop.email, 'bola@example.com', 'chike@example.com'].sort(),
    );
    expect(sent[0]!.subject).toBe(`Low stock: ${shop.item} (5 units left)`);
    expect(sent[0]!.text).toContain(`${shop.item} in ${shop.warehouse} is down to 5 units`);
    expect(sent[0]!.text).toContain('at or below its reorder level of 5');
    expect(sent.some((email) => email.subject.includes(plenty.item))).toBe(false);

    await run(new Date());
    await sell(shop, 1);
    await run(new Date());
    expect(await emailsOf(shop.md, LOW_STOCK_EMAIL_KIND)).toHaveLength(3);
  });

  it('go out once when two runs happen at the same time', async () => {
    // A database of this business alone, so both runs find the item before either claims it.
    const shared = t;
    t = await createTestApp();
    try {
      const shop = await proBusiness();
      await addOfficer(shop.md, 'Bola', 'bola@example.com');
      await sell(shop, 6);
      const now = new Date();
      const [first, second] = await Promise.all([run(now), run(now)]);
      expect(first.lowStock + second.lowStock).toBe(1);
      expect(await emailsOf(shop.md, LOW_STOCK_EMAIL_KIND)).toHaveLength(2);
    } finally {
      await t.close();
      t = shared;
    }
  });

  it('go out again the next day when the item, still low, moves again; not on a day it did not move', async () => {
    const shop = await proBusiness();
    await sell(shop, 6, daysAgo(1));
    await run(at(daysAgo(1), 12));
    expect(await emailsOf(shop.md, LOW_STOCK_EMAIL_KIND)).toHaveLength(1);

    await run(at(today, 0.5));
    expect(await emailsOf(shop.md, LOW_STOCK_EMAIL_KIND)).toHaveLength(1);

    await sell(shop, 1);
    await run(new Date());
    const sent = await emailsOf(shop.md, LOW_STOCK_EMAIL_KIND);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe(`Low stock: ${shop.item} (3 units left)`);
  });

  it('are not sent when the MD turned them off, nor on the free plan or an expired Pro plan', async () => {
    const off = await proBusiness();
    const saved = await call(t.app, off.md, {
      method: 'PUT',
      url: '/api/settings/alerts',
      payload: { low_stock_enabled: false, daily_summary_enabled: true, daily_summary_hour: 20 },
    });
    expect(saved.statusCode).toBe(200);
    await sell(off, 8);
    const free = await proBusiness({ pro: false });
    await sell(free, 8);
    const expired = await proBusiness();
    await sell(expired, 8);
    await makePro(t, expired.md, -1);
    await run(new Date());
    expect(await emailsOf(off.md, LOW_STOCK_EMAIL_KIND)).toHaveLength(0);
    expect(await emailsOf(free.md, LOW_STOCK_EMAIL_KIND)).toHaveLength(0);
    expect(await emailsOf(expired.md, LOW_STOCK_EMAIL_KIND)).toHaveLength(0);
    await run(at(today, 23.5));
    expect(await emailsOf(free.md, DAILY_SUMMARY_EMAIL_KIND)).toHaveLength(0);
  });
});

describe('the daily summary', () => {
  it('goes to the MD once a day at or after the set hour, with the day’s figures in naira', async () => {
    const shop = await proBusiness();
    const saved = await call(t.app, shop.md, {
      method: 'PUT',
      url: '/api/settings/alerts',
      payload: { low_stock_enabled: true, daily_summary_enabled: true, daily_summary_hour: 10 },
    });
    expect(saved.statusCode).toBe(200);
    await sell(shop, 2);
    const credit = saleRequest(shop, {
      payment_status: 'credit',
      payment_method: 'none',
      due_date: today,
      customer_name: 'Chidi Eze',
    });
    const onCredit = await post(shop.md, '/api/sales/batch', {
      ...credit,
      items: [{ ...credit.items[0], quantity: 1, unit_price: 1000 }],
    });
    expect(onCredit.statusCode, onCredit.body).toBe(201);
    const expense = await post(shop.md, '/api/expenses/json', {
      vendor_name: 'Ikeja Electric',
      total_amount: 900,
      expense_date: today,
      payment_status: 'credit',
      payment_method: 'cash',
      due_date: today,
    });
    expect(expense.statusCode, expense.body).toBe(201);
    await sell(shop, 3);

    await run(at(today, 9.99));
    expect(await emailsOf(shop.md, DAILY_SUMMARY_EMAIL_KIND)).toHaveLength(0);

    await run(at(today, 10));
    await run(at(today, 15));
    const sent = await emailsOf(shop.md, DAILY_SUMMARY_EMAIL_KIND);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(shop.email);
    expect(sent[0]!.subject).toMatch(new RegExp(`^Daily summary for ${shop.name}, `));
    const text = sent[0]!.text;
    // 2 × ₦2,000 and 3 × ₦2,000 paid, 1 × ₦1,000 on credit, each with 7.5% VAT.
    expect(text).toContain('Sales: ₦11,825.00 (3 sales)');
    expect(text).toContain('  Paid: ₦10,750.00');
    expect(text).toContain('  On credit: ₦1,075.00');
    expect(text).toContain('Expenses: ₦900.00 (1 expense)');
    expect(text).toContain('  From customers (sales): ₦1,075.00 (1 sale)');
    // The stock bought on credit, due today: 10 × ₦1,500.
    expect(text).toContain('  To suppliers (restock): ₦15,000.00 (1 purchase)');
    expect(text).toContain('  Expenses: ₦900.00 (1 expense)');
    expect(text).toContain('Low-stock items (1):');
    expect(text).toContain(`  ${shop.item} (${shop.warehouse}): 4 units left, reorder level 5`);
  });

  it('is not sent when turned off', async () => {
    const shop = await proBusiness();
    await call(t.app, shop.md, {
      method: 'PUT',
      url: '/api/settings/alerts',
      payload: { low_stock_enabled: true, daily_summary_enabled: false, daily_summary_hour: 0 },
    });
    await run(at(today, 23.5));
    expect(await emailsOf(shop.md, DAILY_SUMMARY_EMAIL_KIND)).toHaveLength(0);
  });
});
