import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recordsOf } from '../../../lib/offline/db';
import { offlineDb, offlineSync } from '../../../lib/offline/offline-sync';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { recordSalePayment } from '../api/record-sale-payment';
import { pendingSale } from '../testing/sale-row-fixtures';
import { QueuedPayments } from './queued-payments';

const SALE = pendingSale(31, { outstanding: 2_000, customer_name: 'Musa Bello' });
const REFUSAL = 'Payment of ₦5,000.00 is more than the outstanding ₦2,000.00';
const queued = async () => recordsOf(await offlineDb(), 7);

beforeEach(async () => {
  signInForTest();
  await (await offlineDb()).clear('outbox');
  await offlineSync.refresh();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a payment taken on this device and refused by the server', () => {
  it('can be edited and sent again with a new key, and is then recorded', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await recordSalePayment({
      saleId: 31,
      body: { amount: 5_000, payment_method: 'cash', payment_date: '2026-11-27', notes: null },
      idempotencyKey: 'payment-key-1',
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const refusing = fetchRoutes({ 'POST /sales/31/payments': jsonResponse(422, { detail: REFUSAL }) });
    vi.stubGlobal('fetch', refusing.fetch);
    await offlineSync.syncNow(true);
    expect((await queued())[0]).toMatchObject({ status: 'needs_attention', detail: REFUSAL });

    renderWithProviders(<QueuedPayments sales={[SALE]} />);
    const card = await screen.findByTestId('queued-payment');
    expect(within(card).getByRole('alert').textContent).toBe(REFUSAL);
    fireEvent.click(within(card).getByRole('button', { name: 'Edit and resend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit and resend the payment' });
    expect(within(dialog).getByText('Sale #31, Musa Bello: ₦2,000.00 outstanding')).toBeTruthy();

    // More than the sale owes: said on the device, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByText('The sale has ₦2,000.00 outstanding')).toBeTruthy();
    expect(refusing.calls).toHaveLength(1);

    const accepting = fetchRoutes({
      'POST /sales/31/payments': jsonResponse(201, {
        success: true,
        message: 'Payment recorded',
        sale: SALE,
      }),
    });
    vi.stubGlobal('fetch', accepting.fetch);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(async () => expect(await queued()).toEqual([]));
    expect(accepting.calls).toHaveLength(1);
    expect(accepting.calls[0]!.body).toMatchObject({ amount: 2_000, payment_method: 'cash' });
    expect(accepting.calls[0]!.headers['Idempotency-Key']).not.toBe('payment-key-1');
  });

  it('names its sale and customer even where the pending list is not at hand', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await recordSalePayment({
      saleId: 31,
      saleLabel: { sale_number: 31, customer_name: 'Musa Bello' },
      body: { amount: 1_000, payment_method: 'cash', payment_date: '2026-11-27', notes: null },
      idempotencyKey: 'payment-key-2',
    });
    renderWithProviders(<QueuedPayments sales={[]} />);
    const card = await screen.findByTestId('queued-payment');
    expect(card.textContent).toContain('Payment of ₦1,000.00 on sale #31, Musa Bello');
  });
});
