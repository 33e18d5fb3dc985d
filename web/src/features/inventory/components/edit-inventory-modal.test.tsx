import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { EditInventoryForm, EditInventoryModal, INVALID_QUANTITY, NO_HISTORY } from './edit-inventory-modal';

const ITEMS = {
  'Rice 50kg': { item_id: 3, price: 68000, warehouse_name: 'Main' },
  'Sugar 1kg': { item_id: 5, price: 1500, warehouse_name: 'Main' },
};
const RICE_DAY = {
  log_date: '2026-11-20',
  item_id: 3,
  item_name: 'Rice 50kg',
  warehouse_name: 'Main',
  open_balance: 10,
  supplied_quantity: 5,
  return_quantity: 0,
  stock_out: 2,
  closing_balance: 13,
};

async function pick(label: RegExp, option: string | RegExp) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  signInForTest();
});
afterEach(() => vi.unstubAllGlobals());

describe('Edit Inventory', () => {
  it('opens on the item picker, ready to type, not on the close button', async () => {
    const server = fetchRoutes({
      'GET /inventory/items-map': jsonResponse(200, ITEMS),
      'GET /inventory/adjustments': jsonResponse(200, []),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(
      <EditInventoryModal opened onClose={() => {}} warehouse={null} onAdjusted={() => {}} />,
    );
    const item = await screen.findByRole('combobox', { name: /^Item/ });
    await waitFor(() => expect(document.activeElement).toBe(item));
  });

  it('says the item has no history and offers nothing to save', async () => {
    const server = fetchRoutes({
      'GET /inventory/items-map': jsonResponse(200, ITEMS),
      'GET /inventory/adjustments': jsonResponse(200, []),
      'GET /inventory/items/5/history': jsonResponse(200, []),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<EditInventoryForm warehouse={null} onAdjusted={() => {}} />);

    await pick(/^Item/, 'Sugar 1kg');
    expect(await screen.findByText(NO_HISTORY)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save adjustment' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(server.calls.some((c) => c.url.pathname === '/api/inventory/items/5/history')).toBe(true);
    expect(server.calls.find((c) => c.url.pathname.endsWith('/history'))!.url.searchParams.get('days')).toBe(
      '30',
    );
    expect(screen.getByText('No records')).toBeTruthy();
  });

  it('needs a value above 0, then sets the chosen figure for the chosen day', async () => {
    const onAdjusted = vi.fn();
    const server = fetchRoutes({
      'GET /inventory/items-map': jsonResponse(200, ITEMS),
      'GET /inventory/adjustments': jsonResponse(200, []),
      'GET /inventory/items/3/history': jsonResponse(200, [RICE_DAY]),
      'PATCH /inventory/update/3': jsonResponse(200, { success: true, message: 'Stock out set to 4' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<EditInventoryForm warehouse={null} onAdjusted={onAdjusted} />);

    await pick(/^Item/, 'Rice 50kg');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /^Date/ }) as HTMLInputElement).disabled).toBe(false),
    );
    await pick(/^Date/, /20 Nov 2026/);
    fireEvent.click(screen.getByRole('radio', { name: 'Stock out' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^New value/ }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText(INVALID_QUANTITY)).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /^New value/ }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Notes/ }), { target: { value: 'Miscounted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('Stock out set to 4')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      log_date: '2026-11-20',
      notes: 'Miscounted',
      stock_out: 4,
    });
    // The modal hands back the edited date 2 s later.
    await waitFor(() => expect(onAdjusted).toHaveBeenCalledWith('2026-11-20', 'Stock out set to 4'), {
      timeout: 3000,
    });
  });
});
