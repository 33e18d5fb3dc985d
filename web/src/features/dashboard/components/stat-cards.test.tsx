import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /dashboard/dashboard-stats': jsonResponse(500, {}) }).fetch);
    renderWithProviders(<StatCards />);
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
    expect(screen.queryByText('₦0.00')).toBeNull();
    expect(screen.getAllByText('—')).toHaveLength(4);
  });
});
