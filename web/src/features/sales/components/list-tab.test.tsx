import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fetchRoutes, pagedResponse } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { saleRow } from '../testing/sale-row-fixtures';
import { ListTab } from './list-tab';

function login(role: 'md' | 'employee', permissions: string[] = []) {
  signInForTest(role, permissions);
}

/** 45 lines: sale n has lines 2n-1 and 2n; line 1 has no customer name. */
const rows = Array.from({ length: 45 }, (_, i) => saleRow(i + 1, i === 0 ? { customer_name: '' } : {}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('List tab', () => {
  beforeEach(() => login('md'));

  it('loads 500 lines and shows 20 a page, a missing customer as Walk-in', async () => {
    const { fetch, calls } = fetchRoutes({ 'GET /sales': pagedResponse(rows, 45) });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ListTab />);
    const table = await screen.findByRole('table', { name: 'Sales' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(calls[0]!.url.searchParams.get('limit')).toBe('500');
    expect(within(table).getByText('Walk-in')).toBeTruthy();
    expect(screen.getByText('Showing 1–20 of 45 · 23 sales worth ₦148,399.45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 41–45 of 45 · 23 sales worth ₦148,399.45')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByText('Item 45')).toBeTruthy();
  });

  it('shows each sale’s total (after VAT and discount) once, and what the sales listed come to', async () => {
    const twoSales = [
      saleRow(1, { total_amount: 3_000, grand_total: 5_590 }),
      saleRow(2, { total_amount: 2_000, grand_total: 5_590 }),
      saleRow(3, { sale_id: 2, total_amount: 1_000, grand_total: 1_075 }),
    ];
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /sales': pagedResponse(twoSales, 3) }).fetch);
    renderWithProviders(<ListTab />);
    const table = await screen.findByRole('table', { name: 'Sales' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const column = header.indexOf('Sale Total');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const saleTotals = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[column]!.textContent);
    expect(saleTotals).toEqual(['₦5,590.00', '', '₦1,075.00']);
    expect(screen.getByText('Showing 1–3 of 3 · 2 sales worth ₦6,665.00')).toBeTruthy();
  });

  it('deletes the whole sale after a confirmation that says so', async () => {
    let deleted = false;
    const { fetch, calls } = fetchRoutes({
      'GET /sales': () => pagedResponse(deleted ? rows.slice(2) : rows, deleted ? 43 : 45),
      'DELETE /sales/1': () => {
        deleted = true;
        return jsonResponse(200, { success: true, message: 'Sale deleted' });
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ListTab />);
    const buttons = await screen.findAllByRole('button', { name: 'Delete sale #1' });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the whole sale #1 with all its items?')).toBeTruthy();
    expect(
      within(dialog).getByText('This reverts the inventory changes of the sale and cannot be undone.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Item 1 ×/)).toBeTruthy();
    expect(within(dialog).getByText(/Item 2 ×/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete sale' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete sale #1' })).toBeNull());
    expect(screen.getByText('Showing 1–20 of 43 · 22 sales worth ₦141,947.30')).toBeTruthy();
  });

  it('shows the server detail when the delete fails', async () => {
    const { fetch } = fetchRoutes({
      'GET /sales': pagedResponse(rows.slice(0, 2), 2),
      'DELETE /sales/1': jsonResponse(404, { detail: 'Sale not found' }),
    });
    vi.stubGlobal('fetch', fetch);
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    renderWithProviders(<ListTab />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete sale #1' }))[0]!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete sale' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: 'Failed to delete sale: Sale not found' }),
      ),
    );
  });

  it('says so when there are no sales, and when loading fails', async () => {
    const empty = fetchRoutes({ 'GET /sales': pagedResponse([], 0) });
    vi.stubGlobal('fetch', empty.fetch);
    const first = renderWithProviders(<ListTab />);
    expect(await screen.findByText('No sales records found. Try creating a new sale.')).toBeTruthy();
    first.unmount();

    const failing = fetchRoutes({ 'GET /sales': jsonResponse(500, { detail: 'Database unavailable' }) });
    vi.stubGlobal('fetch', failing.fetch);
    renderWithProviders(<ListTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load sales: Database unavailable');
  });
});

describe('List tab for an employee', () => {
  it('offers no delete without sales.delete_button.access', async () => {
    login('employee', ['sales.page.access']);
    const { fetch } = fetchRoutes({ 'GET /sales': pagedResponse(rows.slice(0, 4), 4) });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ListTab />);
    const table = await screen.findByRole('table', { name: 'Sales' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: /Delete sale/ })).toBeNull();
    expect(within(table).queryByText('Actions')).toBeNull();
  });

  it('offers delete with the permission', async () => {
    login('employee', ['sales.page.access', 'sales.delete_button.access']);
    const { fetch } = fetchRoutes({ 'GET /sales': pagedResponse(rows.slice(0, 2), 2) });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ListTab />);
    expect(await screen.findAllByRole('button', { name: 'Delete sale #1' })).toHaveLength(2);
  });
});
