import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { pendingSale } from '../testing/sale-row-fixtures';
import { PendingTab } from './pending-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Pending tab offline', () => {
  it('takes payments on the list the device kept, after a reload without the network', async () => {
    signInForTest('employee', ['sales.page.access', 'sales.edit.access']);
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /sales/pending': jsonResponse(200, [pendingSale(3)]) }).fetch);
    renderWithProviders(<PendingTab />);
    await screen.findByRole('button', { name: 'Record payment for sale #3' });
    cleanup();

    // The page opens again (a fresh cache) with no network at all.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<PendingTab />);
    expect(await screen.findByRole('button', { name: 'Record payment for sale #3' })).toBeTruthy();
  });
});
