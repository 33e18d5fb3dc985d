/**
 * The plan features of spec 1 §9 as the server gives them: the screens of specs 2 and 3 (reports, exports,
 * e-mailed receipts) on every plan, the logo on printed documents only on Pro Yearly. Bank linking and alerts
 * are refused on free in their own modules' tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleRequest, today } from '../../test/sales-fixtures.ts';
import {
  call,
  createStockFixture,
  createTestApp,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (md: TSession, url: string) => call(t.app, md, { method: 'GET', url });
const post = (md: TSession, url: string, payload: object) =>
  call(t.app, md, { method: 'POST', url, payload });

/** A business with its logo, one item and one sale today to Ada Obi. */
async function shop() {
  const { md } = await registerBusiness(t.app);
  const logo = await call(t.app, md, {
    method: 'POST',
    url: '/api/sales/company/logo',
    ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
  });
  expect(logo.statusCode).toBe(201);
  const stock = await createStockFixture(t.app, md, { quantity: 10 });
  expect((await post(md, '/api/sales/batch', saleRequest(stock))).statusCode).toBe(201);
  return { md, stock };
}

const OPEN_ON_EVERY_PLAN = [
  `/api/sales/reports/summary?start_date=${today}&end_date=${today}`,
  `/api/inventory/reports/summary?period=Weekly&start_date=${today}&end_date=${today}`,
  '/api/restock/summary',
  '/api/customers/export',
  '/api/requisitions/export?format=csv',
  '/api/b2b/movements/export',
];

const receiptPdf = async (md: TSession) => {
  const res = await post(md, '/api/sales/receipt/pdf', { customer_name: 'Ada Obi', date_raw: today });
  expect(res.statusCode, res.body).toBe(200);
  return Buffer.from(res.json().pdf_base64, 'base64').toString('latin1');
};
const emailReceipt = (md: TSession) =>
  post(md, '/api/sales/receipt/email', {
    customer_email: 'ada@example.com',
    customer_name: 'Ada Obi',
    sale_date: today,
    pdf_format: 'A4',
  });

describe('plan features (spec 1 §9)', () => {
  it('gives a free business its reports, exports and e-mailed receipts, and prints receipts without the logo', async () => {
    const { md } = await shop();
    for (const url of OPEN_ON_EVERY_PLAN) expect([url, (await get(md, url)).statusCode]).toEqual([url, 200]);
    expect((await emailReceipt(md)).statusCode).toBe(202);
    expect(await receiptPdf(md)).not.toContain('/Subtype /Image');
  });

  it('prints the logo on receipts only on Pro Yearly, and not after it expires', async () => {
    const { md } = await shop();
    await makePro(t, md, 30, 'monthly_pro');
    expect(await receiptPdf(md)).not.toContain('/Subtype /Image');
    await makePro(t, md, 365, 'yearly');
    expect(await receiptPdf(md)).toContain('/Subtype /Image');
    await makePro(t, md, -1, 'yearly');
    expect(await receiptPdf(md)).not.toContain('/Subtype /Image');
  });
});
