import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { StatCards } from './stat-cards';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StatCards', () => {
  it('shows a dash, not ₦0.00, beside "Failed to load dashboard data"', async () => {
    signInForTest();
    let up = false;
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /dashboard/dashboard-stats': () =>
          up
            ? jsonResponse(200, { total_sales: 8_600, inventory_items: 2, active_customers: 1, employees: 3 })
            : jsonResponse(500, {}),
      }).fetch,
    );
    renderWithProviders(<StatCards />);
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
    expect(screen.queryByText('₦0.00')).toBeNull();
    expect(screen.getAllByText('—')).toHaveLength(4);

    // The server is back: Try again reads the figures.
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₦8,600.00')).toBeTruthy();
    expect(screen.queryByText('Failed to load dashboard data')).toBeNull();
  });
});
