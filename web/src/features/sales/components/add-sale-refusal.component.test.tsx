/** Issue 17 §4: a sale the server refuses (a price below the item's, a discount without the key) says why. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { AddSaleForm } from './add-sale-form';
import { salesKeys } from '../api/sales-keys';

const fetchMock = vi.fn<typeof fetch>();
const show = vi.fn();
const WAREHOUSES = [{ warehouse_id: 1, warehouse_name: 'Main store', access_all: true }];
const ITEMS = {
  'Rice 50kg': { item_id: 11, price: 45_000, barcode: '6151100032021', closing_balance: 4, reorder_level: 2 },
};
const REFUSAL =
  'You do not have permission to give discounts (₦4,837.50 entered). Remove the discount or ask the MD.';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    show(data);
    return 'id';
  });
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path.startsWith('/api/sales/inventory-items')) return jsonResponse(200, ITEMS);
    if (path.startsWith('/api/sales/batch')) return jsonResponse(403, { detail: REFUSAL });
    return jsonResponse(404, { detail: 'Not Found' });
  });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  show.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Add Sale refused by the server', { timeout: 20_000 }, () => {
  it('keeps the server’s reason above the form, not only in a toast', async () => {
    signInForTest('employee', ['sales.page.access', 'sales.create.access', 'sales.invoice_override.access']);
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await waitFor(() => expect(queryClient.getQueryData(salesKeys.items('Main store', ''))).toBeTruthy());
    await act(() => Promise.resolve());
    const scan = screen.getByRole('textbox', { name: 'Scan barcode' });
    fireEvent.change(scan, { target: { value: '6151100032021' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    const text = `Failed to create sale: ${REFUSAL}`;
    expect(await screen.findByText(text)).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: text }));
  });
});
