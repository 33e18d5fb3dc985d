import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TSaleBatchRequest } from '@app/domain/schemas/sales';
import { readReference, recordsOf, writeReference } from '../../../lib/offline/db';
import { offlineDb, offlineSync } from '../../../lib/offline/offline-sync';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { createSale } from '../api/create-sale';
import { RECEIPT_CHANGED_NOTE } from './edit-queued-sale-modal';
import { QueuedSales } from './queued-sales';

const REFUSAL = 'Not enough stock for Rice 50kg: 1 left';
/** Two bags at ₦5,000 on a partial payment of ₦6,000. */
const PARTIAL_SALE = {
  sale_date: '2026-11-27',
  warehouse_name: 'Main store',
  customer_name: 'Musa Bello',
  customer_phone: '08031234567',
  items: [
    { item_id: 11, item_name: 'Rice 50kg', quantity: 2, unit_price: 5_000, warehouse_name: 'Main store' },
  ],
  apply_vat: false,
  discount_type: 'fixed',
  discount_value: 0,
  payment_method: 'cash',
  payment_status: 'partial',
  partial_payment_amount: 6_000,
  due_date: '2026-12-10',
  invoice_override: true,
} as unknown as TSaleBatchRequest;

const queued = async () => recordsOf(await offlineDb(), 7);
const keptStock = async () =>
  (await readReference<Record<string, { closing_balance: number }>>(await offlineDb(), 7, 'items:main store'))
    ?.data['Rice 50kg']?.closing_balance;

/** Queues the sale offline, then lets the server refuse it. */
async function refusedSale() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await createSale({ body: PARTIAL_SALE, idempotencyKey: 'sale-key-1' });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const refusing = fetchRoutes({ 'POST /sales/batch': jsonResponse(422, { detail: REFUSAL }) });
  vi.stubGlobal('fetch', refusing.fetch);
  await offlineSync.syncNow(true);
  expect((await queued())[0]).toMatchObject({ status: 'needs_attention', detail: REFUSAL });
}

async function openEdit() {
  renderWithProviders(<QueuedSales />);
  const card = await screen.findByTestId('queued-sale');
  fireEvent.click(within(card).getByRole('button', { name: 'Edit and resend' }));
  return screen.findByRole('dialog', { name: 'Edit and resend the sale' });
}

beforeEach(async () => {
  signInForTest();
  const db = await offlineDb();
  await db.clear('outbox');
  await writeReference(db, 7, 'items:main store', {
    'Rice 50kg': {
      item_id: 11,
      price: 5_000,
      barcode: null,
      closing_balance: 3,
      reorder_level: 1,
      warehouse_name: 'Main store',
    },
  });
  await offlineSync.refresh();
  // A test whose call got no answer left the device "offline" (the API client tells the offline engine).
  offlineSync.setOnline(true);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a partial sale refused by the server and cut down on the device', () => {
  it('asks for a partial amount below the new total, then sends the sale with it', async () => {
    await refusedSale();
    const dialog = await openEdit();
    expect(within(dialog).queryByText(RECEIPT_CHANGED_NOTE)).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Rice 50kg/ }), { target: { value: '1' } });
    expect(within(dialog).getByText('₦5,000.00')).toBeTruthy();
    // The receipt the customer may already hold no longer matches.
    expect(within(dialog).getByRole('note').textContent).toBe(RECEIPT_CHANGED_NOTE);

    // ₦6,000 paid on a ₦5,000 sale: said on the device, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(
      await within(dialog).findByText('Partial payment amount must be less than total amount'),
    ).toBeTruthy();
    expect((await queued())[0]!.status).toBe('needs_attention');

    const accepting = fetchRoutes({
      'POST /sales/batch': jsonResponse(201, { success: true, message: 'Sale recorded successfully' }),
    });
    vi.stubGlobal('fetch', accepting.fetch);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Partial amount/ }), {
      target: { value: '3000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(async () => expect(await queued()).toEqual([]));
    expect(accepting.calls).toHaveLength(1);
    expect(accepting.calls[0]!.body).toMatchObject({
      items: [{ item_id: 11, quantity: 1 }],
      payment_status: 'partial',
      partial_payment_amount: 3_000,
      due_date: '2026-12-10',
    });
    expect(accepting.calls[0]!.headers['Idempotency-Key']).not.toBe('sale-key-1');
    // Queued: 3 − 2; edited to one bag: 3 − 1.
    expect(await keptStock()).toBe(2);
  });

  it('can be made paid in full instead, with no partial amount sent', async () => {
    await refusedSale();
    const dialog = await openEdit();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Rice 50kg/ }), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Payment status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Paid' }));
    expect(within(dialog).queryByRole('textbox', { name: /Partial amount/ })).toBeNull();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(async () => expect((await queued())[0]!.status).toBe('waiting'));
    const [record] = await queued();
    expect(record!.body).toMatchObject({
      payment_status: 'paid',
      partial_payment_amount: null,
      due_date: null,
    });
    // The card shows the sale as it will now be sent.
    expect(record!.summary).toMatchObject({ total: 5_000, payment_status: 'paid', lines: 1 });
    expect((await screen.findByTestId('queued-sale')).textContent).toContain('₦5,000.00');
  });

  it('a credit sale needs its due date', async () => {
    await refusedSale();
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Payment status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Credit' }));
    fireEvent.change(within(dialog).getByLabelText(/Due date/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByText('Please choose a due date for a credit sale')).toBeTruthy();
    expect((await queued())[0]!.status).toBe('needs_attention');
  });
});

describe('a sale waiting on this device', () => {
  it('prints its receipt from the list, as the receipt step showed it, with no New sale', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const answer = await createSale({ body: PARTIAL_SALE, idempotencyKey: 'sale-key-2' });
    renderWithProviders(<QueuedSales />);
    const card = await screen.findByTestId('queued-sale');
    expect(within(card).queryByRole('button', { name: 'Edit and resend' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(
      within(dialog).getByRole('heading', { name: `${answer.queued!.receipt_number} saved` }),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Total ₦10,000.00')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Items sold' }).textContent).toContain('Rice 50kg × 2');
    const figures = within(dialog).getByLabelText('Sale figures').textContent;
    expect(figures).toContain('Amount paid₦6,000.00');
    expect(figures).toContain('Balance₦4,000.00');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(within(dialog).queryByRole('button', { name: 'New sale' })).toBeNull();
  });
});
