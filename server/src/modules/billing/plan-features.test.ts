/** The plan features of spec 1 §9 as the server enforces them on the routes that give them. */
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

const ANALYTICS = 'Analytics is a Pro feature. Upgrade to Pro to use it.';
const EXPORT = 'Report export is a Pro feature. Upgrade to Pro to use it.';
const EMAIL = 'E-mail receipts is a Pro Yearly feature. Upgrade to Pro Yearly to use it.';

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

const GATED: [string, string][] = [
  [`/api/sales/reports/summary?start_date=${today}&end_date=${today}`, ANALYTICS],
  [`/api/inventory/reports/summary?period=Weekly&start_date=${today}&end_date=${today}`, ANALYTICS],
  ['/api/restock/summary', ANALYTICS],
  ['/api/customers/export', EXPORT],
  ['/api/requisitions/export?format=csv', EXPORT],
  ['/api/b2b/movements/export', EXPORT],
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
  it('refuses analytics, exports and e-mailed receipts on the free plan, and prints receipts without the logo', async () => {
    const { md } = await shop();
    for (const [url, detail] of GATED) {
      const res = await get(md, url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, { detail }]);
    }
    expect((await emailReceipt(md)).json()).toEqual({ detail: EMAIL });
    expect(await receiptPdf(md)).not.toContain('/Subtype /Image');
  });

  it('gives Pro Monthly analytics and exports, but e-mailed receipts and the logo only to Pro Yearly', async () => {
    const { md } = await shop();
    await makePro(t, md, 30, 'monthly_pro');
    for (const [url] of GATED) expect([url, (await get(md, url)).statusCode]).toEqual([url, 200]);
    expect((await emailReceipt(md)).statusCode).toBe(403);
    expect(await receiptPdf(md)).not.toContain('/Subtype /Image');

    await makePro(t, md, 365, 'yearly');
    expect((await emailReceipt(md)).statusCode).toBe(202);
    expect(await receiptPdf(md)).toContain('/Subtype /Image');
  });

  it('takes them away again when Pro expires', async () => {
    const { md } = await shop();
    await makePro(t, md, -1, 'yearly');
    expect((await get(md, GATED[0]![0])).json()).toEqual({ detail: ANALYTICS });
    expect((await emailReceipt(md)).statusCode).toBe(403);
  });
});
