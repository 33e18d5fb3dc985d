import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { saveLogin } from '../../lib/auth-storage';
import { fetchRoutes, pagedResponse } from '../../test/fetch-routes';
import { jsonResponse, renderWithProviders, validToken } from '../../test/render';
import { DAILY_LOGS_REFRESH_MS } from './api/get-daily-logs';
import { inventoryKeys } from './api/inventory-keys';
import { InventoryPage } from './inventory-page';

function signIn(role: 'md' | 'employee', permissions: string[] = []) {
  saveLogin({
    access_token: validToken(),
    token_type: 'bearer',
    username: role === 'md' ? 'Mama Put Stores' : 'Ada Obi',
    role,
    user_id: 7,
    permissions,
    permission_codes: [],
  });
}

function serve() {
  return fetchRoutes({
    'GET /warehouses': jsonResponse(200, [
      { warehouse_id: 1, warehouse_name: 'Main Store', access_all: true },
    ]),
    'GET /inventory/low-stock': jsonResponse(200, []),
    'GET /inventory/items-map': jsonResponse(200, {}),
    'GET /inventory/daily-logs': pagedResponse([], 0),
    'GET /inventory/filter': jsonResponse(200, []),
  });
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard/inventory']}>
      <InventoryPage />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('InventoryPage', () => {
  it('polls the daily logs every 8 s only while Home is shown', async () => {
    signIn('md');
    vi.stubGlobal('fetch', serve().fetch);
    const { queryClient } = renderPage();
    const dailyLogs = () =>
      queryClient.getQueryCache().findAll({ queryKey: [...inventoryKeys.all, 'daily-logs'] });

    await waitFor(() => expect(dailyLogs()[0]?.state.status).toBe('success'));
    const observer = dailyLogs()[0]!.observers[0]!;
    expect(observer.options.refetchInterval).toBe(DAILY_LOGS_REFRESH_MS);
    expect(screen.getByRole('button', { name: 'Edit Inventory' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Filter' }));
    expect(await screen.findByRole('table', { name: 'Filtered inventory logs' })).toBeTruthy();
    // The Home panel unmounted: nothing observes the daily logs, so nothing refetches them.
    expect(dailyLogs().every((query) => query.getObserversCount() === 0)).toBe(true);
  });

  it('shows employees today only and no Edit Inventory without its permission', async () => {
    signIn('employee', ['inventory.page.access']);
    const server = serve();
    vi.stubGlobal('fetch', server.fetch);
    renderPage();

    await screen.findByText('No records');
    expect(screen.queryByRole('button', { name: 'Edit Inventory' })).toBeNull();
    expect(screen.getByText('Employees see today only')).toBeTruthy();
    const call = server.calls.find((c) => c.url.pathname === '/api/inventory/daily-logs')!;
    expect(call.url.searchParams.get('selected_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(screen.getByRole('tab', { name: 'Delete' }));
    expect(await screen.findByText('You do not have permission to delete inventory items.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
