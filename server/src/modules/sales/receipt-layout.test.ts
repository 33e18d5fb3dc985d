import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TProforma, TSale } from '@app/domain/schemas/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../../test/test-app.ts';
import { THERMAL_WIDTH_PT } from '../../platform/pdf/pdf.ts';
import { proformaDocument, receiptDocument, type TPrintCompany } from './receipt-document.ts';
import { renderReceiptPdf } from './receipt-layout.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'receipt-pdf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The PDF's text as poppler's pdftotext reads it, and its page sizes as pdfinfo reports them. */
async function readBack(pdf: Buffer) {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  await writeFile(file, pdf);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const info = (await run('pdfinfo', ['-f', '1', '-l', '999', file])).stdout;
  const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
  return { text, sizes };
}

const COMPANY: TPrintCompany = {
  name: 'Mama Nkechi Provisions',
  phone: '0803 555 1234',
  address: '12 Balogun Street, Lagos Island',
  accountNumber: '0123456789',
  bankName: 'GTBank',
  accountName: 'Mama Nkechi Provisions Ltd',
  logo: PNG_BYTES,
};

function saleFixture(overrides: Partial<TSale> = {}): TSale {
  return {
    sale_id: 12,
    public_id: '01936b2e-8f00-7a4c-9d10-00000000000c',
    sale_number: 12,
    sale_date: '2026-11-22',
    customer_id: null,
    customer_name: 'Adaeze Okafor',
    customer_phone: '08031234567',
    employee_name: 'Tunde Bello',
    warehouse_name: 'Main Store',
    invoice_number: 'INV-001',
    invoice_file_url: null,
    notes: null,
    items: [
      { line_id: 1, item_id: 1, item_name: 'Rice 50kg', quantity: 2, unit_price: 500, total_amount: 1000 },
      {
        line_id: 2,
        item_id: 2,
        item_name: 'Groundnut oil 5L',
        quantity: 1,
        unit_price: 0.5,
        total_amount: 0.5,
      },
    ],
    subtotal: 1000.5,
    vat_rate: 7.5,
    vat_amount: 75.04,
    discount_type: 'fixed',
    discount_value: 0.54,
    discount_amount: 0.54,
    grand_total: 1075,
    amount_paid: 500,
    outstanding: 575,
    payment_status: 'partial',
    payment_method: 'transfer',
    due_date: '2026-12-01',
    proforma_id: null,
    created_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const proforma: TProforma = {
  proforma_id: 7,
  public_id: '01936b2e-8f00-7a4c-9d10-000000000007',
  proforma_number: 7,
  date: '2026-11-20',
  created_at: '2026-11-20T09:00:00.000Z',
  customer_id: null,
  customer_name: 'Chinedu Eze',
  customer_phone: null,
  warehouse_name: 'Main Store',
  items: [
    {
      item_id: 3,
      item_name: 'Cement 50kg',
      quantity: 10,
      unit_price: 5200,
      total_amount: 52000,
      warehouse_name: 'Main Store',
    },
  ],
  subtotal: 52000,
  vat_rate: 7.5,
  vat_amount: 3900,
  discount_type: 'percentage',
  discount_value: 10,
  discount_amount: 5590,
  grand_total: 50310,
  notes: 'Valid for 7 days',
  status: 'pending',
  invoice_url: null,
  sale_id: null,
  sale_number: null,
  converted_at: null,
};

describe('receipt PDFs', () => {
  it('A4: the business, the customer, each line, VAT, discount, totals, paid and balance in ₦', async () => {
    const pdf = await renderReceiptPdf(receiptDocument(COMPANY, [saleFixture()]), 'A4');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, sizes } = await readBack(pdf);
    expect(sizes).toEqual([{ width: 595.28, height: 841.89 }]);
    for (const expected of [
      'Mama Nkechi Provisions',
      'RECEIPT',
      '12 Balogun Street, Lagos Island',
      'Tel: 0803 555 1234',
      'GTBank · Mama Nkechi Provisions Ltd · 0123456789',
      'Adaeze Okafor',
      '22 Nov 2026',
      'Rice 50kg',
      'Groundnut oil 5L',
      '₦500.00',
      '₦1,000.00',
      '₦0.50',
      '₦1,000.50',
      '₦75.04',
      '-₦0.54',
      '₦1,075.00',
      '₦575.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Subtotal\s+₦1,000\.50/);
    expect(text).toMatch(/VAT \(7\.5%\)\s+₦75\.04/);
    expect(text).toMatch(/Total\s+₦1,075\.00/);
    expect(text).toMatch(/Amount paid\s+₦500\.00/);
    expect(text).toMatch(/Balance\s+₦575\.00/);
    expect(text).not.toContain('¦');
  });

  it('thermal: one 80 mm page whose height follows the content', async () => {
    const one = await readBack(await renderReceiptPdf(receiptDocument(COMPANY, [saleFixture()]), 'thermal'));
    expect(one.sizes).toHaveLength(1);
    expect(one.sizes[0]!.width).toBe(THERMAL_WIDTH_PT);
    expect(one.text).toContain('Mama Nkechi Provisions');
    expect(one.text).toContain('Rice 50kg');
    expect(one.text).toMatch(/2 x ₦500\.00\s+₦1,000\.00/);
    expect(one.text).toMatch(/Total\s+₦1,075\.00/);
    expect(one.text).toMatch(/Balance\s+₦575\.00/);

    const many = Array.from({ length: 4 }, (_, i) => saleFixture({ sale_id: 20 + i, sale_number: 20 + i }));
    const four = await readBack(await renderReceiptPdf(receiptDocument(COMPANY, many), 'thermal'));
    expect(four.sizes).toHaveLength(1);
    expect(four.sizes[0]!.width).toBe(THERMAL_WIDTH_PT);
    expect(four.sizes[0]!.height).toBeGreaterThan(one.sizes[0]!.height * 2);
    expect(four.text).toContain('#20, #21, #22, #23');
    expect(four.text).toMatch(/Total of all sales\s+₦4,300\.00/);
    expect(four.text).toMatch(/Balance\s+₦2,300\.00/);
  });

  it('A4 with many sales runs onto further pages, each line printed once', async () => {
    const sales = Array.from({ length: 12 }, (_, i) =>
      saleFixture({
        sale_id: 100 + i,
        items: [
          {
            line_id: i,
            item_id: i,
            item_name: `Item number ${i}`,
            quantity: 1,
            unit_price: 1075,
            total_amount: 1075,
          },
        ],
      }),
    );
    const { text, sizes } = await readBack(await renderReceiptPdf(receiptDocument(COMPANY, sales), 'A4'));
    expect(sizes.length).toBeGreaterThan(1);
    for (let i = 0; i < 12; i += 1) expect(text.split(`Item number ${i} `)).toHaveLength(2);
    expect(text).toMatch(/Total of all sales\s+₦12,900\.00/);
  });

  it('prints without a logo, and leaves out a logo that is not a readable image', async () => {
    const broken = Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.from('not really a png')]);
    for (const logo of [null, broken]) {
      const { text } = await readBack(
        await renderReceiptPdf(
          receiptDocument({ ...COMPANY, logo, bankName: null, accountName: null, accountNumber: null }, [
            saleFixture({ customer_name: '', payment_status: 'paid', outstanding: 0, amount_paid: 1075 }),
          ]),
          'A4',
        ),
      );
      expect(text).toContain('Mama Nkechi Provisions');
      expect(text).toContain('Walk-in');
      expect(text).not.toContain('Bank details');
      expect(text).toMatch(/Balance\s+₦0\.00/);
    }
  });
});

describe('proforma PDFs', () => {
  it('is titled PROFORMA INVOICE with its lines and totals, in A4 and thermal', async () => {
    for (const format of ['A4', 'thermal'] as const) {
      const { text, sizes } = await readBack(
        await renderReceiptPdf(proformaDocument(COMPANY, proforma), format),
      );
      expect(text).toContain('PROFORMA INVOICE');
      expect(text).toContain('Mama Nkechi Provisions');
      expect(text).toContain('Chinedu Eze');
      expect(text).toContain('Cement 50kg');
      expect(text).toMatch(/Discount \(10%\)\s+-₦5,590\.00/);
      expect(text).toMatch(/Total\s+₦50,310\.00/);
      expect(text).not.toContain('Amount paid');
      expect(text).toContain('Valid for 7 days');
      expect(sizes[0]!.width).toBe(format === 'A4' ? 595.28 : THERMAL_WIDTH_PT);
    }
  });
});
