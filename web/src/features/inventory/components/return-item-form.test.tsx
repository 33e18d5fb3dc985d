import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recordsOf } from '../../../lib/offline/db';
import { offlineDb, offlineSync } from '../../../lib/offline/offline-sync';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { ReturnItemForm } from './return-item-form';

const ITEMS = {
  'Rice 50kg': { item_id: 3, price: 68000, closing_balance: 4, reorder_level: 5, warehouse_name: 'Main' },
  'Palm oil 25L': { item_id: 4, price: 41000, closing_balance: 10, reorder_level: 2, warehouse_name: 'Main' },
};

function signIn(role: 'md' | 'employee') {
  signInForTest(role);
}

async function pickItem(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: /^Item/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReturnItemForm', () => {
  beforeEach(() => signIn('md'));

  it('tells an employee without "Update inventory" before they fill it in, and cannot be sent', () => {
    signInForTest('employee', ['inventory.page.access']);
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /inventory/items-map': jsonResponse(200, ITEMS) }).fetch);
    renderWithProviders(<ReturnItemForm warehouse={null} today="2026-11-22" dateLocked />);
    expect(screen.getByRole('note').textContent).toBe('You do not have permission to return items to stock.');
    expect((screen.getByRole('button', { name: 'Return item' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for an item and the access code before calling the server; quantity starts at 1', async () => {
    const server = fetchRoutes({ 'GET /inventory/items-map': jsonResponse(200, ITEMS) });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReturnItemForm warehouse={null} today="2026-11-22" dateLocked={false} />);

    expect((screen.getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement).value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Return item' }));

    expect(await screen.findByText('Please select an item')).toBeTruthy();
    expect(screen.getByText('Access code is required')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the return with an idempotency key, reuses it on retry, and shows the server detail', async () => {
    let attempts = 0;
    const server = fetchRoutes({
      'GET /inventory/items-map': jsonResponse(200, ITEMS),
      'POST /inventory/return-item': () =>
        ++attempts === 1
          ? jsonResponse(403, { detail: 'Invalid access code' })
          : jsonResponse(201, { success: true, message: 'Returned 2 Rice 50kg', return_quantity: 2 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReturnItemForm warehouse={null} today="2026-11-22" dateLocked={false} />);

    await pickItem('Rice 50kg');
    fireEvent.change(screen.getByRole('textbox', { name: /^Quantity/ }), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/^Access code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Return item' }));

    expect(await screen.findByText('Failed to return item: Invalid access code')).toBeTruthy();
    const first = server.calls.find((c) => c.method === 'POST')!;
    expect(first.body).toEqual({
      item_id: 3,
      return_quantity: 2,
      selected_date: '2026-11-22',
      access_code: '123456',
      recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const key = first.headers['Idempotency-Key'];
    expect(key).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Return item' }));
    expect(await screen.findByText('Returned 2 Rice 50kg')).toBeTruthy();
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(key);
    // The same request: the retry keeps the first attempt's time.
    expect(posts[1]!.body).toEqual(first.body);
    // The form is ready for the next return: no item, quantity 1, no code.
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Quantity/ }) as HTMLInputElement).value).toBe('1'),
    );
    expect((screen.getByLabelText(/^Access code/) as HTMLInputElement).value).toBe('');
  });

  it('locks the date to today for employees', async () => {
    signIn('employee');
    const server = fetchRoutes({ 'GET /inventory/items-map': jsonResponse(200, ITEMS) });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReturnItemForm warehouse={null} today="2026-11-22" dateLocked />);
    const date = screen.getByLabelText(/^Date/) as HTMLInputElement;
    expect(date.disabled).toBe(true);
    expect(date.value).toBe('2026-11-22');
  });

  it('offline: the return waits on the device, shown as waiting to sync, and the form is ready again', async () => {
    await (await offlineDb()).clear('outbox');
    await offlineSync.refresh();
    const server = fetchRoutes({ 'GET /inventory/items-map': jsonResponse(200, ITEMS) });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReturnItemForm warehouse="Main" today="2026-11-22" dateLocked={false} />);
    await pickItem('Rice 50kg');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.change(screen.getByRole('textbox', { name: /^Quantity/ }), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/^Access code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Return item' }));

    expect(await screen.findByText(/Return saved on this device/)).toBeTruthy();
    const card = await screen.findByTestId('queued-return');
    expect(card.textContent).toContain('Rice 50kg × 2 returned');
    expect(card.textContent).toContain('Waiting to sync');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const [record] = await recordsOf(await offlineDb(), 7);
    expect(record).toMatchObject({
      kind: 'return',
      path: '/inventory/return-item',
      businessDate: '2026-11-22',
      body: { item_id: 3, return_quantity: 2, access_code: '123456', recorded_at: record!.recordedAt },
    });
    expect((screen.getByLabelText(/^Access code/) as HTMLInputElement).value).toBe('');
  });

  it('a queued return the server refuses keeps no access code, and Send again asks for it', async () => {
    await (await offlineDb()).clear('outbox');
    await offlineSync.refresh();
    let attempts = 0;
    const server = fetchRoutes({
      'GET /inventory/items-map': jsonResponse(200, ITEMS),
      'POST /inventory/return-item': () =>
        ++attempts === 1
          ? jsonResponse(400, { detail: 'Invalid access code' })
          : jsonResponse(201, { success: true, message: 'Returned 2 Rice 50kg', return_quantity: 2 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReturnItemForm warehouse="Main" today="2026-11-22" dateLocked={false} />);
    await pickItem('Rice 50kg');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.change(screen.getByRole('textbox', { name: /^Quantity/ }), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/^Access code/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Return item' }));
    await screen.findByTestId('queued-return');

    offline.mockReturnValue(true);
    await offlineSync.syncNow(true);
    expect(await screen.findByText('Invalid access code')).toBeTruthy();
    const [refused] = await recordsOf(await offlineDb(), 7);
    expect(refused).toMatchObject({ status: 'needs_attention', body: { item_id: 3, return_quantity: 2 } });
    expect(refused!.body).not.toHaveProperty('access_code');

    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the return again' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByText('Access code is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Access code/), { target: { value: '4321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));

    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = server.calls.filter((c) => c.method === 'POST');
    expect(first!.body).toMatchObject({ access_code: '1234' });
    expect(second!.body).toMatchObject({ item_id: 3, return_quantity: 2, access_code: '4321' });
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
    await waitFor(async () => expect(await recordsOf(await offlineDb(), 7)).toEqual([]));
  });
});
