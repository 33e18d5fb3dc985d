import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { fetchRoutes } from '../../test/fetch-routes';
import { jsonResponse, signInForTest } from '../../test/render';
import { getAuthSnapshot } from '../auth-storage';
import { useMyPermissionsRefresh } from './get-my-permissions';

afterEach(() => vi.unstubAllGlobals());

describe('the permissions refresh', () => {
  it('reads the keys again when the user moves to another section, once on load', async () => {
    signInForTest('employee', ['dashboard.page.access']);
    let keys = ['dashboard.page.access'];
    const server = fetchRoutes({
      'GET /auth/my-permissions': () =>
        jsonResponse(200, { permissions: keys, permission_codes: ['dashboard'] }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { rerender } = renderHook(({ place }) => useMyPermissionsRefresh(true, place), {
      wrapper,
      initialProps: { place: 'dashboard' },
    });
    await waitFor(() => expect(server.calls).toHaveLength(1));

    // The MD grants Sales meanwhile; the employee opens Sales.
    keys = ['dashboard.page.access', 'sales.page.access'];
    rerender({ place: 'sales' });
    await waitFor(() => expect(getAuthSnapshot().permissions).toContain('sales.page.access'));
    expect(server.calls).toHaveLength(2);
  });
});
