import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_DOCUMENT_NOT_FOUND } from '@app/domain/schemas/shares';
import { rowsOf } from '../../platform/db/client.ts';
import { salesApi, saleRequest } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  createTestApp,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

const PUBLIC_URL = 'https://shop.example.ng';
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t.close());

const { post, get, del, proShop } = salesApi(() => t);
const publicGet = (url: string) => call(t.app, null, { method: 'GET', url });
const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/d/`.length);

async function shopWithSale() {
  const shop = await proShop(20, 1500);
  const sale = await post(
    shop.md,
    '/api/sales/batch',
    saleRequest(shop, { customer_phone: '0803 123 4567' }),
  );
  expect(sale.statusCode, sale.body).toBe(201);
  return {
    ...shop,
    saleId: sale.json().sale_id as number,
    saleNumber: sale.json().sale.sale_number as number,
  };
}

describe('sharing a receipt', () => {
  it('answers a public link and a wa.me link with the customer’s number as +234 digits', async () => {
    const shop = await shopWithSale();
    const res = await post(shop.md, `/api/sales/${shop.saleId}/receipt/share`);
    expect(res.statusCode, res.body).toBe(201);
    const share = res.json();
    expect(share).toMatchObject({
      document_type: 'receipt',
      document_id: shop.saleId,
      phone: '+2348031234567',
    });
    expect(share.url).toMatch(/^https:\/\/shop\.example\.ng\/d\/[A-Za-z0-9_-]{43}$/);
    const whatsapp = new URL(share.whatsapp_url);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/2348031234567');
    expect(whatsapp.searchParams.get('text')).toBe(
      `Hello Ada Obi, here is your receipt #${shop.saleNumber} from ${shop.md.username}: ${share.url}`,
    );
  });

  it('keeps only the SHA-256 of the token, never the token itself', async () => {
    const shop = await shopWithSale();
    const share = (await post(shop.md, `/api/sales/${shop.saleId}/receipt/share`)).json();
    const token = tokenOf(share.url);
    const rows = await rowsOf<Record<string, unknown>>(
      t.database.db,
      sql`select * from document_shares where id = ${share.share_id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it('shows that receipt and its PDF without signing in, and nothing else of the business', async () => {
    const shop = await shopWithSale();
    const other = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_name: 'Chidi Eze', customer_phone: '08099999999' }),
    );
    expect(other.statusCode).toBe(201);
    await call(t.app, shop.md, {
      method: 'PUT',
      url: '/api/sales/company',
      payload: {
        tenant_name: 'Ada Stores',
        phone_number: '0809 000 1111',
        address: '12 Allen Avenue, Ikeja',
      },
    });
    const share = (await post(shop.md, `/api/sales/${shop.saleId}/receipt/share`)).json();
    const token = tokenOf(share.url);

    const view = await publicGet(`/api/public/documents/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    const document = view.json();
    expect(document.title).toBe('RECEIPT');
    expect(document.company).toEqual({
      name: 'Ada Stores',
      phone: '0809 000 1111',
      address: '12 Allen Avenue, Ikeja',
      bank_line: null,
      logo_data_url: null,
    });
    expect(document.details).toContainEqual({ label: 'Customer', value: 'Ada Obi', strong: false });
    expect(document.details).toContainEqual({
      label: 'Receipt no.',
      value: `#${shop.saleNumber}`,
      strong: false,
    });
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0].lines).toEqual([
      { name: shop.item, quantity: '2', unit_price: '₦2,000.00', total: '₦4,000.00' },
    ]);
    expect(document.sections[0].totals).toContainEqual({ label: 'Total', value: '₦4,300.00', strong: true });
    expect(document.pdf_filename).toBe(`receipt_${shop.saleNumber}.pdf`);
    expect(view.body).not.toContain('Chidi');
    expect(view.body).not.toContain(shop.warehouse);
    expect(view.body).not.toContain('@example.com');

    const pdf = await publicGet(`/api/public/documents/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="receipt_${shop.saleNumber}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the business’s logo as its receipts print it: on Pro Yearly only', async () => {
    const shop = await shopWithSale();
    const logo = await call(t.app, shop.md, {
      method: 'POST',
      url: '/api/sales/company/logo',
      ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
    });
    expect(logo.statusCode, logo.body).toBeLessThan(300);
    const share = (await post(shop.md, `/api/sales/${shop.saleId}/receipt/share`)).json();
    const view = async () =>
      (await publicGet(`/api/public/documents/${tokenOf(share.url)}`)).json().company.logo_data_url;
    expect(await view()).toBe(`data:image/png;base64,${PNG_BYTES.toString('base64')}`);
    await makePro(t, shop.md, 30, 'monthly_pro');
    expect(await view()).toBeNull();
  });

  it('answers a revoked link with the same 404 as an unknown one, and writes the audit entries', async () => {
    const shop = await shopWithSale();
    const first = (await post(shop.md, `/api/sales/${shop.saleId}/receipt/share`)).json();
    const second = (await post(shop.md, `/api/sales/${shop.saleId}/receipt/share`)).json();
    expect(first.url).not.toBe(second.url);
    expect((await publicGet(`/api/public/documents/${tokenOf(first.url)}`)).statusCode).toBe(200);

    const revoked = await del(shop.md, `/api/sales/${shop.saleId}/receipt/share`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: 2 });

    const unknown = await publicGet(`/api/public/documents/${'A'.repeat(43)}`);
    const malformed = await publicGet('/api/public/documents/not-a-token');
    for (const url of [first.url, second.url]) {
      const gone = await publicGet(`/api/public/documents/${tokenOf(url)}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toBe(unknown.body);
      const pdf = await publicGet(`/api/public/documents/${tokenOf(url)}/pdf`);
      expect(pdf.statusCode).toBe(404);
      expect(pdf.body).toBe(unknown.body);
    }
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: SHARED_DOCUMENT_NOT_FOUND });
    expect(malformed.body).toBe(unknown.body);

    const audit = (await get(shop.md, '/api/audit?limit=20')).json().entries as {
      kind: string;
      record_id: string;
    }[];
    expect(audit.filter((entry) => entry.kind === 'document_share.created').map((e) => e.record_id)).toEqual([
      String(second.share_id),
      String(first.share_id),
    ]);
    expect(audit.filter((entry) => entry.kind === 'document_share.revoked')).toHaveLength(2);
    expect((await del(shop.md, `/api/sales/${shop.saleId}/receipt/share`)).json()).toEqual({ revoked: 0 });
  });

  it('stops the link when the sale is deleted', async () => {
    const shop = await shopWithSale();
    const share = (await post(shop.md, `/api/sales/${shop.saleId}/receipt/share`)).json();
    expect((await del(shop.md, `/api/sales/${shop.saleId}`)).statusCode).toBe(200);
    expect((await publicGet(`/api/public/documents/${tokenOf(share.url)}`)).statusCode).toBe(404);
  });

  it('cannot share or revoke another business’s document (404), nor without the Sales key (403)', async () => {
    const shop = await shopWithSale();
    const stranger = (await registerBusiness(t.app)).md;
    expect((await post(stranger, `/api/sales/${shop.saleId}/receipt/share`)).statusCode).toBe(404);
    expect((await del(stranger, `/api/sales/${shop.saleId}/receipt/share`)).statusCode).toBe(404);
    expect((await post(shop.md, '/api/sales/2147483647/receipt/share')).statusCode).toBe(404);
    const bare = (await createEmployee(t.app, shop.md)).session;
    expect((await post(bare, `/api/sales/${shop.saleId}/receipt/share`)).statusCode).toBe(403);
    const count = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from document_shares
      where document_type = 'receipt' and document_id = ${shop.saleId}`,
    );
    expect(count[0]!.n).toBe(0);
  });

  it('leaves the number out of the wa.me link when the sale has no phone WhatsApp can reach', async () => {
    const shop = await proShop(20, 1500);
    const sale = await post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_phone: '' }));
    const share = (await post(shop.md, `/api/sales/${sale.json().sale_id}/receipt/share`)).json();
    expect(share.phone).toBeNull();
    expect(share.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\?text=/);
  });
});

describe('sharing a proforma', () => {
  it('shows the proforma invoice and its PDF on the public link until revoked', async () => {
    const shop = await proShop(20, 1500);
    const created = await post(shop.md, '/api/sales/proforma', {
      customer_name: 'Bisi Bello',
      customer_phone: '+234 703 555 0101',
      warehouse_name: shop.warehouse,
      items: [{ item_id: shop.itemId, quantity: 3, unit_price: 1000 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const proformaId = created.json().proforma_id as number;
    const res = await post(shop.md, `/api/sales/proforma/${proformaId}/share`);
    expect(res.statusCode, res.body).toBe(201);
    const share = res.json();
    expect(share.phone).toBe('+2347035550101');
    expect(share.whatsapp_url).toMatch(/^https:\/\/wa\.me\/2347035550101\?text=Hello%20Bisi%20Bello/);

    const view = await publicGet(`/api/public/documents/${tokenOf(share.url)}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().title).toBe('PROFORMA INVOICE');
    expect(view.json().sections[0].lines[0]).toMatchObject({ quantity: '3', total: '₦3,000.00' });
    const pdf = await publicGet(`/api/public/documents/${tokenOf(share.url)}/pdf`);
    expect(pdf.headers['content-disposition']).toContain('proforma_');

    const stranger = (await registerBusiness(t.app)).md;
    expect((await post(stranger, `/api/sales/proforma/${proformaId}/share`)).statusCode).toBe(404);
    expect((await del(shop.md, `/api/sales/proforma/${proformaId}/share`)).json()).toEqual({ revoked: 1 });
    expect((await publicGet(`/api/public/documents/${tokenOf(share.url)}`)).statusCode).toBe(404);
  });
});
