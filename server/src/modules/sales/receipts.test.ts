import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { businessDate } from '@app/domain/dates/business-date';
import { CUSTOMER_EMAIL_LIMITS } from '@app/domain/plans/plans';
import { and, eq } from 'drizzle-orm';
import { formatNaira, nairaToKobo } from '@app/domain/money/money';
import type { TSale } from '@app/domain/schemas/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../platform/db/schema/index.ts';
import { createMailTransport, retryDelayMs } from '../../platform/mail/outbox.worker.ts';
import { THERMAL_WIDTH_PT } from '../../platform/pdf/pdf.ts';
import { closedPort, startSmtpServer, type TReceivedMail } from '../../test/smtp-server.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  form,
  formBody,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

const run = promisify(execFile);
const today = businessDate();
const naira = (amount: number) => formatNaira(nairaToKobo(amount));

let t: TTestApp;
let smtpPort: number;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'receipts-'));
  // The mail server is down until a test starts it on this port.
  smtpPort = await closedPort();
  t = await createTestApp({
    mailTransport: createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, outboxDir: dir }),
  });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const post = (session: TSession, url: string, payload: object) =>
  call(t.app, session, { method: 'POST', url, payload });
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });

/** The text of a PDF as poppler's pdftotext reads it, and its first page's size. */
async function readPdf(pdf: Buffer) {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  await writeFile(file, pdf);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const info = (await run('pdfinfo', [file])).stdout;
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { text, width: Number(width), height: Number(height) };
}

const company = {
  tenant_name: 'Mama Nkechi Provisions',
  phone_number: '0803 555 1234',
  address: '12 Balogun Street, Lagos',
  account_number: '0123456789',
  bank_name: 'GTBank',
  account_name: 'Mama Nkechi Provisions Ltd',
};

/** A pro business with its company details and logo, one item in stock, and a recorded sale. */
async function shopWithSale(customer = 'Adaeze Okafor') {
  const business = await registerBusiness(t.app);
  const { md } = business;
  await makePro(t, md);
  expect(
    (await call(t.app, md, { method: 'PUT', url: '/api/sales/company', payload: company })).statusCode,
  ).toBe(200);
  const logo = await call(t.app, md, {
    method: 'POST',
    url: '/api/sales/company/logo',
    ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
  });
  expect(logo.statusCode).toBe(201);
  const stock = await createStockFixture(t.app, md, { item: 'Rice 50kg', quantity: 50, unitPrice: 40000 });
  const recordSale = async (name: string, quantity: number, unitPrice: number, partly = true) => {
    const res = await post(md, '/api/sales/batch', {
      sale_date: today,
      customer_name: name,
      customer_phone: '08031234567',
      warehouse_name: stock.warehouse,
      items: [{ item_id: stock.itemId, item_name: stock.item, quantity, unit_price: unitPrice }],
      apply_vat: true,
      vat_rate: 7.5,
      discount_type: 'fixed',
      discount_value: 100,
      payment_method: 'transfer',
      ...(partly ? { payment_status: 'partial', partial_payment_amount: 1000 } : { payment_status: 'paid' }),
      invoice_override: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().sale as TSale;
  };
  const sale = await recordSale(customer, 2, 45000.5);
  return { ...business, stock, sale, recordSale };
}

describe('receipt PDFs', () => {
  it('prints a real A4 receipt from a form post: business, logo, lines, VAT, discount, totals, paid, balance in ₦', async () => {
    const { md, sale } = await shopWithSale();
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/sales/receipt/pdf',
      headers: form,
      payload: formBody({ customer_name: 'adaeze okafor', date_raw: today }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.filename).toBe(`receipt_${sale.sale_number}.pdf`);
    const pdf = Buffer.from(body.pdf_base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, width } = await readPdf(pdf);
    expect(width).toBe(595.28);
    expect(sale).toMatchObject({
      subtotal: 90001,
      vat_amount: 6750.08,
      discount_amount: 100,
      grand_total: 96651.08,
    });
    for (const expected of [
      'Mama Nkechi Provisions',
      '12 Balogun Street, Lagos',
      '0803 555 1234',
      'GTBank · Mama Nkechi Provisions Ltd · 0123456789',
      'Adaeze Okafor',
      'Rice 50kg',
      `#${sale.sale_number}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(new RegExp(`Subtotal\\s+${naira(90001)}`));
    expect(text).toMatch(new RegExp(`VAT \\(7\\.5%\\)\\s+${naira(6750.08)}`));
    expect(text).toMatch(new RegExp(`Discount\\s+-${naira(100)}`));
    expect(text).toMatch(/Total\s+₦96,651\.08/);
    expect(text).toMatch(/Amount paid\s+₦1,000\.00/);
    expect(text).toMatch(/Balance\s+₦95,651\.08/);
  });

  it('prints an 80 mm thermal receipt from JSON, of one sale when sale_id is given', async () => {
    const { md, sale, recordSale } = await shopWithSale('Chinedu Eze');
    const second = await recordSale('Chinedu Eze', 1, 500, false);
    const both = await post(md, '/api/sales/receipt/pdf', {
      customer_name: 'Chinedu Eze',
      date_raw: today,
      pdf_format: 'thermal',
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().filename).toBe(`receipt_chinedu-eze_${today}_thermal.pdf`);
    const all = await readPdf(Buffer.from(both.json().pdf_base64, 'base64'));
    expect(all.width).toBe(THERMAL_WIDTH_PT);
    expect(all.text).toContain(`#${sale.sale_number}, #${second.sale_number}`);
    expect(all.text).toMatch(
      new RegExp(`Total of all sales\\s+${naira(sale.grand_total + second.grand_total)}`),
    );

    const one = await post(md, '/api/sales/receipt/pdf', {
      customer_name: 'Chinedu Eze',
      date_raw: today,
      pdf_format: 'thermal',
      sale_id: second.sale_id,
    });
    const single = await readPdf(Buffer.from(one.json().pdf_base64, 'base64'));
    expect(single.width).toBe(THERMAL_WIDTH_PT);
    expect(single.height).toBeLessThan(all.height);
    expect(single.text).not.toMatch(new RegExp(`#${sale.sale_number}\\b`));
    expect(single.text).toMatch(new RegExp(`#${second.sale_number}\\b`));
    expect(single.text).toMatch(new RegExp(`Total\\s+${naira(second.grand_total)}`));
  });

  it('answers 404 when the customer has no sale that day, or the sale is another business’s', async () => {
    const { md } = await shopWithSale();
    const none = await post(md, '/api/sales/receipt/pdf', { customer_name: 'Nobody', date_raw: today });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: `No sales found for Nobody on ${today}` });

    const stranger = (await registerBusiness(t.app)).md;
    const theirs = await post(stranger, '/api/sales/receipt/pdf', {
      customer_name: 'Adaeze Okafor',
      date_raw: today,
    });
    expect(theirs.statusCode).toBe(404);

    const invalid = await post(md, '/api/sales/receipt/pdf', { customer_name: '', date_raw: 'yesterday' });
    expect(invalid.statusCode).toBe(422);
  });

  it('needs sales.page.access', async () => {
    const { md } = await shopWithSale();
    const bare = (await createEmployee(t.app, md)).session;
    const res = await post(bare, '/api/sales/receipt/pdf', {
      customer_name: 'Adaeze Okafor',
      date_raw: today,
    });
    expect(res.statusCode).toBe(403);
  });
});

/** The decoded attachment named `filename` in a raw MIME message. */
function attachment(raw: string, filename: string): Buffer {
  const header = raw.indexOf(`filename=${filename}`);
  expect(header, `attachment ${filename}`).toBeGreaterThan(-1);
  const start = raw.indexOf('\r\n\r\n', header) + 4;
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64');
}

describe('receipt e-mail through the outbox', () => {
  it('keeps the receipt while the mail server is down, shows its state, and delivers the PDF when it is back', async () => {
    const { md, sale } = await shopWithSale();
    const queued = await post(md, '/api/sales/receipt/email', {
      customer_email: 'adaeze@example.com',
      customer_name: 'Adaeze Okafor',
      sale_date: today,
      pdf_format: 'A4',
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const { email_id: emailId, ...rest } = queued.json();
    expect(rest).toEqual({
      success: true,
      message: 'Receipt queued for adaeze@example.com',
      status: 'pending',
    });

    const now = new Date();
    await t.app.outbox.runOnce(now);
    const down = await get(md, `/api/sales/receipt/email/${emailId}`);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ email_id: emailId, status: 'pending', attempts: 1, sent_at: null });
    expect(down.json().last_error).toMatch(/ECONNREFUSED|connect/i);

    const received: TReceivedMail[] = [];
    const smtp = await startSmtpServer(received, smtpPort);
    try {
      await t.app.outbox.runOnce(new Date(now.getTime() + retryDelayMs(1) + 1));
    } finally {
      await smtp.close();
    }
    const sent = (await get(md, `/api/sales/receipt/email/${emailId}`)).json();
    expect(sent).toMatchObject({ email_id: emailId, status: 'sent', attempts: 2, last_error: null });
    expect(new Date(sent.sent_at).getTime()).toBeGreaterThan(0);

    // Other messages of this app (an employee's credentials) may go out in the same run.
    const mails = received.filter((mail) => mail.to.includes('adaeze@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^Subject: Your receipt from Mama Nkechi Provisions/m);
    const pdf = attachment(mails[0]!.raw, `receipt_${sale.sale_number}.pdf`);
    const { text } = await readPdf(pdf);
    expect(text).toContain('Mama Nkechi Provisions');
    expect(text).toContain('Rice 50kg');
    expect(text).toMatch(/Total\s+₦96,651\.08/);
  });

  it('sends a thermal receipt as the attachment when asked', async () => {
    const { md, sale } = await shopWithSale();
    const queued = await post(md, '/api/sales/receipt/email', {
      customer_email: 'thermal@example.com',
      customer_name: 'Adaeze Okafor',
      sale_date: today,
      pdf_format: 'thermal',
      sale_id: sale.sale_id,
    });
    expect(queued.statusCode).toBe(202);
    const received: TReceivedMail[] = [];
    const smtp = await startSmtpServer(received, smtpPort);
    try {
      await t.app.outbox.runOnce(new Date(Date.now() + 24 * 3_600_000));
    } finally {
      await smtp.close();
    }
    const mail = received.find((m) => m.to[0] === 'thermal@example.com')!;
    const { width } = await readPdf(attachment(mail.raw, `receipt_${sale.sale_number}_thermal.pdf`));
    expect(width).toBe(THERMAL_WIDTH_PT);
  });

  it('asks for an address, finds nothing to send for an unknown sale, and keeps each business’s e-mails to itself', async () => {
    const { md } = await shopWithSale();
    const empty = await post(md, '/api/sales/receipt/email', {
      customer_email: '',
      customer_name: 'Adaeze Okafor',
      sale_date: today,
      pdf_format: 'A4',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0].msg).toBe('Email address is required');

    const nothing = await post(md, '/api/sales/receipt/email', {
      customer_email: 'x@example.com',
      customer_name: 'Nobody',
      sale_date: today,
      pdf_format: 'A4',
    });
    expect(nothing.statusCode).toBe(404);

    const queued = await post(md, '/api/sales/receipt/email', {
      customer_email: 'mine@example.com',
      customer_name: 'Adaeze Okafor',
      sale_date: today,
      pdf_format: 'A4',
    });
    const stranger = (await registerBusiness(t.app)).md;
    const theirs = await get(stranger, `/api/sales/receipt/email/${queued.json().email_id}`);
    expect(theirs.statusCode).toBe(404);
    expect((await get(md, '/api/sales/receipt/email/999999')).statusCode).toBe(404);
  });
});

describe('proforma PDFs', () => {
  it('prints PROFORMA INVOICE with the business, lines and totals; another business gets 404', async () => {
    const { md, stock } = await shopWithSale();
    const created = await post(md, '/api/sales/proforma', {
      customer_name: 'Bola Ade',
      customer_phone: '08020000000',
      warehouse_name: stock.warehouse,
      items: [{ item_id: stock.itemId, item_name: stock.item, quantity: 3, unit_price: 1000 }],
      apply_vat: true,
      vat_rate: 7.5,
      discount_type: 'percentage',
      discount_value: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const proformaId: number = created.json().proforma_id;

    for (const format of ['A4', 'thermal'] as const) {
      const res = await post(md, '/api/sales/proforma/pdf', { proforma_id: proformaId, format });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().filename).toBe(`proforma_${proformaId}${format === 'thermal' ? '_thermal' : ''}.pdf`);
      const { text, width } = await readPdf(Buffer.from(res.json().pdf_base64, 'base64'));
      expect(width).toBe(format === 'A4' ? 595.28 : THERMAL_WIDTH_PT);
      expect(text).toContain('PROFORMA INVOICE');
      expect(text).toContain('Mama Nkechi Provisions');
      expect(text).toContain('Bola Ade');
      expect(text).toContain('Rice 50kg');
      expect(text).toMatch(/Total\s+₦2,902\.50/);
    }

    const stranger = (await registerBusiness(t.app)).md;
    const theirs = await post(stranger, '/api/sales/proforma/pdf', { proforma_id: proformaId, format: 'A4' });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('receipt e-mails past the limits', () => {
  it('holds back the fourth e-mail of the day to one address and the e-mails past the plan’s day, and sends neither', async () => {
    const { md } = await shopWithSale();
    const tenantId = (await get(md, '/api/users/me')).json().tenant_id as number;
    const send = (customer_email: string) =>
      post(md, '/api/sales/receipt/email', {
        customer_email,
        customer_name: 'Adaeze Okafor',
        sale_date: today,
        pdf_format: 'A4',
      });
    for (let i = 0; i < 3; i += 1) expect((await send('same@example.com')).statusCode).toBe(202);
    const fourth = await send('SAME@example.com');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      detail: 'SAME@example.com has already been sent 3 receipts today. Please try again tomorrow.',
    });

    await t.database.db.insert(outboxEmails).values(
      Array.from({ length: CUSTOMER_EMAIL_LIMITS.perDay.pro - 3 }, (_, i) => ({
        tenantId,
        kind: 'receipt',
        toAddress: `customer${i}@example.com`,
        subject: 'Your receipt',
        textBody: 'Attached.',
        status: 'sent' as const,
      })),
    );
    const pastTheDay = await send('new-customer@example.com');
    expect(pastTheDay.statusCode).toBe(429);
    expect(pastTheDay.json().detail).toBe(
      `This business has sent its ${CUSTOMER_EMAIL_LIMITS.perDay.pro} receipt e-mails for today. Please try again tomorrow.`,
    );

    await t.app.outbox.runOnce(new Date());
    const held = await t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, tenantId), eq(outboxEmails.status, 'held')));
    expect(held.map((row) => [row.toAddress, row.attempts, row.attachments])).toEqual([
      ['SAME@example.com', 0, null],
      ['new-customer@example.com', 0, null],
    ]);
    expect(held[0]!.lastError).toContain('already been sent 3 receipts today');
  });
});
