/** Add Sale's tab: the form once the warehouses are in (mounted in a deferred render), or why it cannot open. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { offlineDb, offlineSync } from '../../../lib/offline/offline-sync';
import { AddSaleTab, FREE_PLAN_USED_ON_DEVICE } from './add-sale-tab';

const fetchMock = vi.fn<typeof fetch>();
const WAREHOUSES = [{ warehouse_id: 1, warehouse_name: 'Main store', access_all: true }];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  signInForTest('employee', ['sales.page.access', 'sales.create.access']);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const answerWarehouses = (response: () => Response, used?: number) =>
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path.startsWith('/api/sales/warehouses')) return response();
    if (used !== undefined && path.startsWith('/api/dashboard/subscription-status'))
      return jsonResponse(200, {
        plan: 'free',
        is_active: true,
        expires_at: null,
        created_at: '2026-11-01T00:00:00.000Z',
        transaction_count: used,
        transaction_limit: 10,
        transactions_remaining: 10 - used,
      });
    if (path.startsWith('/api/sales/inventory-items')) return jsonResponse(200, {});
    return jsonResponse(404, { detail: 'Not Found' });
  });

describe('Add Sale tab', { timeout: 20_000 }, () => {
  it('shows the form with the warehouse once the warehouses are in', async () => {
    answerWarehouses(() => jsonResponse(200, WAREHOUSES));
    renderWithProviders(<AddSaleTab />);
    expect(await screen.findByRole('button', { name: 'Record Sale' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveProperty('value', 'Main store');
  });

  it('says why when the warehouses cannot be read, with no form', async () => {
    answerWarehouses(() => jsonResponse(403, { detail: 'Not allowed to sell' }));
    renderWithProviders(<AddSaleTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not allowed to sell');
    expect(screen.queryByRole('button', { name: 'Record Sale' })).toBeNull();
  });

  it('says at once that recording needs the key, instead of a form that could only fail', async () => {
    signInForTest('employee', ['sales.page.access']);
    answerWarehouses(() => jsonResponse(200, WAREHOUSES));
    renderWithProviders(<AddSaleTab />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'You do not have permission to record sales or proforma invoices.',
    );
    expect(screen.queryByRole('button', { name: 'Record Sale' })).toBeNull();
  });

  it('says no warehouse is open when the list is empty', async () => {
    answerWarehouses(() => jsonResponse(200, []));
    renderWithProviders(<AddSaleTab />);
    expect(await screen.findByText('No warehouses available')).toBeTruthy();
  });

  it('says before a sale that what waits on this device uses the last free transactions', async () => {
    await (await offlineDb()).clear('outbox');
    for (const key of ['a', 'b'])
      await offlineSync.enqueue({
        kind: 'sale',
        method: 'POST',
        path: '/sales/batch',
        body: {},
        publicId: `public-${key}`,
        idempotencyKey: key,
        businessDate: '2026-11-28',
        recordedAt: '2026-11-28T08:00:00.000Z',
        summary: {},
        invalidates: [],
      });
    answerWarehouses(() => jsonResponse(200, WAREHOUSES), 8);
    renderWithProviders(<AddSaleTab />);
    expect(await screen.findByText(FREE_PLAN_USED_ON_DEVICE)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Record Sale' })).toBeTruthy();
    cleanup();

    // One transaction still free after them: nothing to say.
    answerWarehouses(() => jsonResponse(200, WAREHOUSES), 7);
    renderWithProviders(<AddSaleTab />);
    expect(await screen.findByRole('button', { name: 'Record Sale' })).toBeTruthy();
    expect(screen.queryByText(FREE_PLAN_USED_ON_DEVICE)).toBeNull();
    await (await offlineDb()).clear('outbox');
    await offlineSync.refresh();
  });
});
