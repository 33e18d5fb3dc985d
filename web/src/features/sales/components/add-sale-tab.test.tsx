/** Add Sale's tab: the form once the warehouses are in (mounted in a deferred render), or why it cannot open. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { AddSaleTab } from './add-sale-tab';

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

const answerWarehouses = (response: () => Response) =>
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path.startsWith('/api/sales/warehouses')) return response();
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

  it('says no warehouse is open when the list is empty', async () => {
    answerWarehouses(() => jsonResponse(200, []));
    renderWithProviders(<AddSaleTab />);
    expect(await screen.findByText('No warehouses available')).toBeTruthy();
  });
});
