import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TSale, TSaleBatchRequest, TSaleRow } from '@app/domain/schemas/sales';
import type { TPage } from '../../../lib/api-client';
import { offlineDb, offlineSync } from '../../../lib/offline/offline-sync';
import { recordsOf, writeReference } from '../../../lib/offline/db';
import { offlineItems } from '../../../lib/offline/reference';
import { wireBody } from '../../../lib/offline/sync-engine';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, signInForTest } from '../../../test/render';
import { createSale, saleFigures, saleTotal, useCreateSale } from './create-sale';
import { salesKeys } from './sales-keys';

const BODY = {
  sale_date: '2026-11-26',
  warehouse_name: 'Main store',
  customer_name: 'Walk-in customer',
  items: [
    { item_id: 11, item_name: 'Rice 50kg', quantity: 2, unit_price: 45_000, warehouse_name: 'Main store' },
  ],
  apply_vat: true,
  vat_rate: 7.5,
  discount_type: 'fixed',
  discount_value: 1000.5,
  payment_method: 'cash',
  payment_status: 'paid',
  invoice_override: true,
} as unknown as TSaleBatchRequest;

const SALE = {
  sale_id: 41,
  public_id: 'p',
  sale_number: 9,
  sale_date: '2026-11-26',
  customer_id: null,
  customer_name: 'Walk-in customer',
  customer_phone: null,
  employee_name: 'Mama Put Stores',
  warehouse_name: 'Main store',
  invoice_number: null,
  invoice_file_url: null,
  notes: null,
  items: [
    {
      line_id: 100,
      item_id: 11,
      item_name: 'Rice 50kg',
      quantity: 2,
      unit_price: 45_000,
      total_amount: 90_000,
    },
    { line_id: 101, item_id: 12, item_name: 'Beans', quantity: 1, unit_price: 1_000, total_amount: 1_000 },
  ],
  grand_total: 96_825,
  amount_paid: 96_825,
  outstanding: 0,
  payment_status: 'paid',
  payment_method: 'cash',
  due_date: null,
  proforma_id: null,
  created_at: '2026-11-26T10:00:00.000Z',
} as unknown as TSale;

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const userRecords = async () => recordsOf(await offlineDb(), 7);

beforeEach(async () => {
  signInForTest();
  const db = await offlineDb();
  await db.clear('outbox');
  offlineSync.setOnline(true);
  await writeReference(db, 7, 'items:main store', {
    'Rice 50kg': {
      item_id: 11,
      price: 45_000,
      barcode: null,
      closing_balance: 5,
      reorder_level: 1,
      warehouse_name: 'Main store',
    },
  });
});
afterEach(() => vi.restoreAllMocks());

describe('createSale', () => {
  it('offline: keeps the sale in the outbox with a device receipt number, its time and public id, and moves the kept stock', async () => {
    setOnline(false);
    const routes = fetchRoutes({});
    vi.stubGlobal('fetch', routes.fetch);
    const answer = await createSale({ body: BODY, idempotencyKey: 'key-offline' });
    const second = await createSale({ body: BODY, idempotencyKey: 'key-offline-2' });
    expect(routes.calls).toHaveLength(0);
    expect(answer.queued).toMatchObject({
      receipt_number: expect.stringMatching(/^OFF-[A-Z2-9]{6}-\d+$/),
      total: 95_749.5,
    });
    // 2 × ₦45,000 + 7.5 % VAT − ₦1,000.50, as the server prices it.
    expect(saleTotal(BODY)).toBe(95_749.5);
    expect(saleFigures(BODY)).toEqual({
      subtotal: 90_000,
      vat: 6_750,
      vatRate: 7.5,
      discount: 1_000.5,
      discountPercent: null,
      total: 95_749.5,
      paid: 95_749.5,
      balance: 0,
    });
    const partly = {
      ...BODY,
      payment_status: 'partial',
      partial_payment_amount: 50_000,
    } as TSaleBatchRequest;
    expect(saleFigures(partly)).toMatchObject({ paid: 50_000, balance: 45_749.5 });
    expect(saleFigures({ ...BODY, payment_status: 'credit' } as TSaleBatchRequest)).toMatchObject({
      paid: 0,
      balance: 95_749.5,
    });
    const [first, next] = answer.queued!.receipt_number!.split('-').slice(1);
    expect(second.queued!.receipt_number).toBe(`OFF-${first}-${Number(next) + 1}`);

    const [record] = await userRecords();
    expect(record).toMatchObject({
      kind: 'sale',
      path: '/sales/batch',
      idempotencyKey: 'key-offline',
      status: 'waiting',
      publicId: answer.queued!.public_id,
      recordedAt: answer.queued!.recorded_at,
      businessDate: '2026-11-26',
      body: { invoice_number: answer.queued!.receipt_number, public_id: answer.queued!.public_id },
    });
    expect(Date.now() - Date.parse(record!.recordedAt)).toBeLessThan(60_000);
    // Two sales of two bags from five: the device's item list counts them while they wait.
    const items = await offlineItems(await offlineDb(), 7, 'Main store', '', 10);
    expect(items!['Rice 50kg']!.closing_balance).toBe(1);
  });

  it('an invoice the server could not take waits with the sale; the sync uploads it, then sends the sale naming it', async () => {
    setOnline(true);
    const invoice = new File([new Uint8Array([137, 80, 78, 71])], 'invoice.png', { type: 'image/png' });
    const body = { ...BODY, invoice_override: undefined } as unknown as TSaleBatchRequest;
    const answer = await createSale({ body, idempotencyKey: 'key-invoice', offlineInvoice: invoice });
    // Nothing reached the server: the sale takes the device's receipt number.
    expect(answer.queued!.receipt_number).toMatch(/^OFF-/);
    const [record] = await userRecords();
    expect(record!.attachment).toMatchObject({
      path: '/sales/upload-invoice',
      formField: 'invoice_file',
      fileName: 'invoice.png',
      type: 'image/png',
      bodyField: 'invoice_file_url',
    });
    expect(new Uint8Array(record!.attachment!.bytes)).toEqual(new Uint8Array([137, 80, 78, 71]));

    const routes = fetchRoutes({
      'POST /sales/upload-invoice': jsonResponse(201, {
        invoice_file_url: '/api/files/f-9',
        file_id: 'f-9',
        content_type: 'image/png',
      }),
      'POST /sales/batch': jsonResponse(201, { success: true, sale_id: 41, sale: SALE }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    await offlineSync.syncNow(true);
    expect(routes.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/sales/upload-invoice',
      'POST /api/sales/batch',
    ]);
    const file = (routes.calls[0]!.body as FormData).get('invoice_file') as File;
    expect([file.name, file.type, file.size]).toEqual(['invoice.png', 'image/png', 4]);
    expect(routes.calls[1]!.body).toMatchObject({
      invoice_file_url: '/api/files/f-9',
      invoice_number: answer.queued!.receipt_number,
      public_id: answer.queued!.public_id,
    });
    expect(routes.calls[1]!.headers['Idempotency-Key']).toBe('key-invoice');
    expect(await userRecords()).toEqual([]);
  });

  it('no answer while online: the very same request (key and body) is queued, to be answered from its key', async () => {
    setOnline(true);
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(init.body as string));
        throw new TypeError('Failed to fetch');
      }),
    );
    const answer = await createSale({ body: BODY, idempotencyKey: 'key-lost' });
    expect(answer.queued).toMatchObject({ receipt_number: null });
    const [record] = await userRecords();
    expect(record!.idempotencyKey).toBe('key-lost');
    // The same request goes again: the lines' names stay on the device, never on the wire.
    expect(wireBody(record!.body, record!.localFields)).toEqual(sent[0]);
    expect(sent[0]).toMatchObject({ items: [{ item_id: 11, quantity: 2, unit_price: 45_000 }] });
    expect((sent[0] as TSaleBatchRequest).items[0]).not.toHaveProperty('item_name');
    expect(record!.body).toMatchObject({ items: [{ item_id: 11, item_name: 'Rice 50kg' }] });
    expect(sent[0]).toMatchObject({
      public_id: answer.queued!.public_id,
      recorded_at: answer.queued!.recorded_at,
    });
  });

  it('once the server gave no answer, the next sale is kept at once with its receipt number, sending nothing', async () => {
    setOnline(true);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    await createSale({ body: BODY, idempotencyKey: 'key-first' });
    const calls = fetchMock.mock.calls.length;
    expect(offlineSync.getState().online).toBe(false);

    const second = await createSale({ body: BODY, idempotencyKey: 'key-second' });
    expect(second.queued!.receipt_number).toMatch(/^OFF-[A-Z0-9]+-\d+$/);
    expect(fetchMock.mock.calls.length).toBe(calls);
    const records = await userRecords();
    expect(records.map((record) => (record.body as TSaleBatchRequest).invoice_number ?? null)).toEqual([
      null,
      second.queued!.receipt_number,
    ]);
  });

  it('online: posts once and adds the recorded sale to the cached list instead of fetching it again', async () => {
    setOnline(true);
    const routes = fetchRoutes({
      'POST /sales/batch': jsonResponse(201, {
        success: true,
        message: 'Sale recorded successfully',
        sale_id: 41,
        sale: SALE,
      }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    const queryClient = new QueryClient();
    const old = { sale_id: 40, line_id: 99 } as TSaleRow;
    queryClient.setQueryData<TPage<TSaleRow>>(salesKeys.list(2), { rows: [old], total: 30 });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useCreateSale(), { wrapper });
    result.current.mutate({ body: BODY, idempotencyKey: 'key-online' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(routes.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/sales/batch',
    ]);
    expect(routes.calls[0]!.headers['Idempotency-Key']).toBe('key-online');
    const page = queryClient.getQueryData<TPage<TSaleRow>>(salesKeys.list(2))!;
    expect(page.rows.map((row) => row.line_id)).toEqual([101, 100]);
    expect(page.total).toBe(32);
    expect(await userRecords()).toEqual([]);
  });

  it('a refusal (4xx) is the form’s to show, nothing is queued', async () => {
    setOnline(true);
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'POST /sales/batch': jsonResponse(409, { detail: 'Insufficient stock for Rice 50kg: 1 left' }),
      }).fetch,
    );
    await expect(createSale({ body: BODY, idempotencyKey: 'key-refused' })).rejects.toThrow(
      'Insufficient stock',
    );
    expect(await userRecords()).toEqual([]);
  });
});
