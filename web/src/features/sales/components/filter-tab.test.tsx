import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { saveLogin } from '../../../lib/auth-storage';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, validToken } from '../../../test/render';
import { saleRow } from '../testing/sale-row-fixtures';
import { FilterTab } from './filter-tab';

function login(permissions: string[]) {
  saveLogin({
    access_token: validToken(),
    token_type: 'bearer',
    username: 'Bola',
    role: 'employee',
    user_id: 8,
    permissions,
    permission_codes: [],
  });
}

const options = {
  customer_names: ['Adaeze Okafor', 'Musa Bello'],
  employee_names: ['Bola'],
  customer_phones: ['08031234567'],
  item_names: ['Beans', 'Rice 50kg'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Filter tab', () => {
  it('sends the chosen type, values, keyword and dates; CSV needs sales.export.access', async () => {
    login(['sales.page.access']);
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const { fetch, calls } = fetchRoutes({
      'GET /sales/filter-options': jsonResponse(200, options),
      'POST /sales/filter': jsonResponse(200, [saleRow(1, { item_name: 'Rice 50kg' })]),
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<FilterTab />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Item name' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Values' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rice 50kg' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Keyword' }), { target: { value: ' ada ' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    const table = await screen.findByRole('table', { name: 'Filtered sales' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      keyword: 'ada',
      filter_type: 'item_name',
      filter_values: ['Rice 50kg'],
      start_date: '2026-11-01',
      end_date: null,
      limit: 500,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download Filtered' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'You do not have permission to export sales data.' }),
    );
  });

  it('reports a failed filter with the server detail', async () => {
    login(['sales.page.access', 'sales.export.access']);
    const { fetch } = fetchRoutes({
      'GET /sales/filter-options': jsonResponse(200, options),
      'POST /sales/filter': jsonResponse(422, { detail: [{ loc: ['body'], msg: 'Bad date', type: 'x' }] }),
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<FilterTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to filter sales: Bad date');
  });
});
