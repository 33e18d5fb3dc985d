import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { restockKeys } from '../api/restock-keys';
import type { TWarehouse } from '../restock-types';
import { AddItemForm } from './add-item-modal';
import { EMPTY_TEXTS, ManageItemsTab } from './manage-items-tab';
import { RestockItemsForm } from './restock-items-modal';
import { UpdatePricesForm } from './update-prices-modal';

const fetchMock = vi.fn<typeof fetch>();
const show = vi.fn();

const WAREHOUSES: TWarehouse[] = [{ warehouse_id: 1, warehouse_name: 'Main store', access_all: true }];
const ITEMS = {
  'Rice 50kg': { item_id: 11, price: 45_000, barcode: '6151100032021', closing_balance: 4, reorder_level: 2 },
  'Groundnut oil 5L': { item_id: 12, price: 9_500, barcode: null, closing_balance: 9, reorder_level: 3 },
};

function url(call: Parameters<typeof fetch>) {
  return String(call[0]);
}
function requests(path: string) {
  return fetchMock.mock.calls.filter((call) => url(call).startsWith(path));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    show(data);
    return 'id';
  });
  signInForTest();
});
afterEach(() => {
  fetchMock.mockReset();
  show.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Restock Items form', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.startsWith('/api/restock/inventory-items')) return jsonResponse(200, ITEMS);
      if (path.startsWith('/api/sales/barcode/item'))
        return jsonResponse(404, { detail: 'Barcode not found' });
      if (path.startsWith('/api/restock/batch'))
        return jsonResponse(201, { success: true, purchase_ids: [1] });
      return jsonResponse(404, { detail: 'Not Found' });
    });
  });

  /** The warehouse's items reached the form (the barcode is then found without asking the server). */
  const itemsLoaded = async (queryClient: QueryClient) => {
    await waitFor(() =>
      expect(queryClient.getQueryData(restockKeys.itemSearch('Main store', ''))).toBeTruthy(),
    );
    await act(() => Promise.resolve());
  };

  const scan = (code: string) => {
    const input = screen.getByRole('textbox', { name: 'Scan barcode to add' });
    fireEvent.change(input, { target: { value: code } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };

  it('refuses to submit without a supplier and lines', async () => {
    const onDone = vi.fn();
    renderWithProviders(<RestockItemsForm onDone={onDone} warehouses={WAREHOUSES} defaultWarehouse="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Complete Restock' }));
    expect(await screen.findByText('Supplier name is required')).toBeTruthy();
    expect(screen.getAllByText('Please select at least one item to restock').length).toBeGreaterThan(0);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Please select at least one item to restock', autoClose: 5000 }),
    );
    expect(requests('/api/restock/batch')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('adds a line by barcode (twice: quantity 2), says so, and reports an unknown barcode', async () => {
    const { queryClient } = renderWithProviders(
      <RestockItemsForm onDone={() => {}} warehouses={WAREHOUSES} defaultWarehouse="" />,
    );
    await itemsLoaded(queryClient);

    scan('6151100032021');
    const list = await screen.findByRole('list', { name: 'Items to restock' });
    await waitFor(() => expect(within(list).getByText('Rice 50kg')).toBeTruthy());
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Item added by barcode' }));
    scan('6151100032021');
    await waitFor(() =>
      expect((within(list).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2'),
    );
    expect((within(list).getByRole('textbox', { name: 'Unit price (₦)' }) as HTMLInputElement).value).toBe(
      '45,000',
    );

    scan('0000000000000');
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({ message: 'Barcode not found', color: 'red' }),
      ),
    );
    expect(url(requests('/api/sales/barcode/item')[0]!)).toBe(
      '/api/sales/barcode/item?barcode=0000000000000&warehouse_name=Main+store',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('submits the batch with an Idempotency-Key, and reuses it when the same submission is retried', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.startsWith('/api/restock/inventory-items')) return jsonResponse(200, ITEMS);
      if (path.startsWith('/api/restock/batch')) {
        return requests('/api/restock/batch').length === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(201, { success: true, purchase_ids: [1] });
      }
      return jsonResponse(404, { detail: 'Not Found' });
    });
    const onDone = vi.fn();
    const { queryClient } = renderWithProviders(
      <RestockItemsForm onDone={onDone} warehouses={WAREHOUSES} defaultWarehouse="" />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Supplier name' }), {
      target: { value: 'Dangote Foods' },
    });
    await itemsLoaded(queryClient);
    scan('6151100032021');
    await screen.findByRole('listitem');

    fireEvent.click(screen.getByRole('button', { name: 'Complete Restock' }));
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({ message: 'Network error. Please check your connection.', color: 'red' }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Complete Restock' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Restock completed successfully!' }),
    );

    const [first, second] = requests('/api/restock/batch');
    const key = (call: Parameters<typeof fetch>) =>
      (call[1]!.headers as Record<string, string>)['Idempotency-Key'];
    expect(key(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(second!)).toBe(key(first!));
    expect(JSON.parse(String(second![1]!.body))).toEqual({
      supplier_name: 'Dangote Foods',
      purchase_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      warehouse_name: 'Main store',
      payment_status: 'paid',
      payment_method: 'cash',
      items: [{ item_id: 11, item_name: 'Rice 50kg', quantity: 1, unit_price: 45_000 }],
    });
  });
});

describe('Add New Item form', () => {
  it('shows the spec messages and asks for a due date on credit', async () => {
    renderWithProviders(<AddItemForm onDone={() => {}} warehouses={WAREHOUSES} defaultWarehouse="" />);
    fireEvent.click(screen.getByRole('radio', { name: 'Credit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Item name is required')).toBeTruthy();
    expect(screen.getByText('Supplier name is required')).toBeTruthy();
    expect(screen.getByText('Unit price is required')).toBeTruthy();
    expect(screen.getByText('Due date is required for credit and partial payments')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates a new warehouse open to all employees and shows the server detail on failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { detail: 'Rice 50kg already exists in Ikeja Depot' }));
    renderWithProviders(<AddItemForm onDone={() => {}} warehouses={[]} defaultWarehouse="" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'New warehouse name' }), {
      target: { value: 'Ikeja Depot' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Item name' }), { target: { value: 'Rice 50kg' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Unit price (₦)' }), { target: { value: '45000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Supplier name' }), {
      target: { value: 'Dangote' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({ message: 'Rice 50kg already exists in Ikeja Depot', color: 'red' }),
      ),
    );
    const [call] = requests('/api/restock/new-item');
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({
      item_name: 'Rice 50kg',
      new_warehouse_name: 'Ikeja Depot',
      access_choice: 'Yes',
      supplied_quantity: 1,
      unit_price: 45_000,
    });
    expect((call![1]!.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });
});

describe('Update Prices form', () => {
  it('keeps a negative price as typed and refuses it, then sends the new price and barcode', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.startsWith('/api/restock/inventory-items')) return jsonResponse(200, ITEMS);
      if (path.startsWith('/api/restock/price-bulk-update'))
        return jsonResponse(200, { success: true, updated: 1 });
      return jsonResponse(404, { detail: 'Not Found' });
    });
    const onDone = vi.fn();
    const { queryClient } = renderWithProviders(
      <UpdatePricesForm onDone={onDone} warehouses={WAREHOUSES} defaultWarehouse="" />,
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(restockKeys.itemSearch('Main store', ''))).toBeTruthy(),
    );
    fireEvent.click(screen.getByPlaceholderText('Pick items'));
    fireEvent.change(screen.getByPlaceholderText('Pick items'), { target: { value: 'rice' } });
    // The server is asked for a page of matches, never for the whole warehouse.
    const asked = () =>
      requests('/api/restock/inventory-items').map((call) => new URL(url(call), 'http://x').searchParams);
    await waitFor(() => expect(asked().map((each) => each.get('search'))).toContain('rice'));
    expect(asked().every((each) => each.get('limit') === '10')).toBe(true);
    fireEvent.click(await screen.findByRole('option', { name: 'Rice 50kg' }));

    const price = await screen.findByRole('textbox', { name: 'New price (₦)' });
    expect((price as HTMLInputElement).value).toBe('45,000');
    fireEvent.change(price, { target: { value: '-3' } });
    fireEvent.blur(price);
    fireEvent.click(screen.getByRole('button', { name: 'Update Prices' }));
    expect(await screen.findByText('Prices cannot be negative')).toBeTruthy();
    expect(requests('/api/restock/price-bulk-update')).toHaveLength(0);

    fireEvent.change(price, { target: { value: '47500.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'New barcode (optional)' }), {
      target: { value: '6151100032038' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Prices' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(String(requests('/api/restock/price-bulk-update')[0]![1]!.body))).toEqual({
      warehouse_name: 'Main store',
      updates: [{ item_id: 11, new_price: 47_500.5, new_barcode: '6151100032038' }],
    });
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Prices updated successfully!' }),
    );
  });
});

describe('Add New Item button', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/restock/warehouses') || String(input).startsWith('/api/warehouses')
        ? jsonResponse(200, WAREHOUSES)
        : jsonResponse(200, []),
    );
  });

  it('tells an employee without "Create inventory" they may not add items, and opens no form', async () => {
    signInForTest('employee', ['restock.page.access']);
    renderWithProviders(<ManageItemsTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Add New Item' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'You do not have permission to add items or warehouses.' }),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says no warehouse is open to an employee who has none, and Add First Item asks for the key too', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, []));
    signInForTest('employee', ['restock.page.access']);
    renderWithProviders(<ManageItemsTab />);
    expect(await screen.findByText(EMPTY_TEXTS.noWarehouse)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add First Item' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'You do not have permission to add items or warehouses.' }),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells the MD with no warehouse that nothing is bought yet', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, []));
    signInForTest('md');
    renderWithProviders(<ManageItemsTab />);
    expect(await screen.findByText(EMPTY_TEXTS.none)).toBeTruthy();
  });

  it('opens the form for one who has it', async () => {
    signInForTest('employee', ['restock.page.access', 'inventory.create.access']);
    renderWithProviders(<ManageItemsTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Add New Item' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(show).not.toHaveBeenCalled();
    // It opens on the item's name, ready to type, not on the close button.
    const name = await screen.findByRole('textbox', { name: /Item name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
  });
});
