import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TSaleBatchRequest } from '@app/domain/schemas/sales';
import { offlineDb } from '../../../lib/offline/offline-sync';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { createSale } from '../api/create-sale';
import { pendingSale } from '../testing/sale-row-fixtures';
import { PendingTab } from './pending-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Pending tab offline', () => {
  it('takes payments on the list the device kept, after a reload without the network', async () => {
    signInForTest('employee', ['sales.page.access', 'sales.edit.access']);
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /sales/pending': jsonResponse(200, [pendingSale(3)]) }).fetch);
    renderWithProviders(<PendingTab />);
    await screen.findByRole('button', { name: 'Record payment for sale #3' });
    cleanup();

    // The page opens again (a fresh cache) with no network at all.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<PendingTab />);
    expect(await screen.findByRole('button', { name: 'Record payment for sale #3' })).toBeTruthy();
  });

  it('shows a sale made on credit on this device, with what it owes, before it syncs', async () => {
    signInForTest('employee', ['sales.page.access', 'sales.create.access', 'sales.edit.access']);
    await (await offlineDb()).clear('outbox');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const sale = (customer_name: string, payment_status: string) =>
      ({
        sale_date: '2026-11-27',
        warehouse_name: 'Main store',
        customer_name,
        customer_phone: '08031234567',
        items: [
          {
            item_id: 11,
            item_name: 'Rice 50kg',
            quantity: 2,
            unit_price: 5_000,
            warehouse_name: 'Main store',
          },
        ],
        payment_method: payment_status === 'credit' ? 'none' : 'cash',
        payment_status,
        due_date: payment_status === 'credit' ? '2026-12-10' : undefined,
        invoice_override: true,
      }) as unknown as TSaleBatchRequest;
    await createSale({ body: sale('Musa Bello', 'credit'), idempotencyKey: 'credit-key' });
    await createSale({ body: sale('Walk-in customer', 'paid'), idempotencyKey: 'paid-key' });

    renderWithProviders(<PendingTab />);
    const owing = await screen.findByRole('generic', { name: 'Sales owing on this device' });
    const cards = within(owing).getAllByTestId('queued-sale');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain('Musa Bello');
    expect(cards[0]!.textContent).toContain('₦10,000.00 outstanding · due 10 Dec 2026');
    expect(within(cards[0]!).getByText('Waiting to sync')).toBeTruthy();
    cleanup();

    // Back online before it synced (the server still busy): the server's list is empty, the business's is not.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /sales/pending': jsonResponse(200, []),
        'POST /sales/batch': jsonResponse(503, { detail: 'Busy' }),
      }).fetch,
    );
    renderWithProviders(<PendingTab />);
    expect(await screen.findByText('No other pending transactions.')).toBeTruthy();
    expect(screen.queryByText('No pending transactions. Every sale is fully paid.')).toBeNull();
    expect(screen.getAllByTestId('queued-sale')).toHaveLength(1);
  });
});
