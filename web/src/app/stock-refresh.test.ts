import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { fetchRoutes } from '../test/fetch-routes';
import { jsonResponse } from '../test/render';
import { filterInventoryQueryOptions } from '../features/inventory/api/filter-inventory';
import { getLowStockQueryOptions } from '../features/inventory/api/get-low-stock';
import { getSalesItemsQueryOptions } from '../features/sales/api/get-sales-items';
import { useRecordMovement } from '../features/movements/api/record-movement';

afterEach(() => vi.unstubAllGlobals());

describe('a recorded movement', () => {
  it('marks the stock that Inventory and Sales show as stale, and leaves other screens alone', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'POST /b2b/transfer/stockout': jsonResponse(201, { msg: 'Stock out recorded', movement: {} }),
      }).fetch,
    );
    const queryClient = new QueryClient();
    const loaded = async (options: { queryKey: readonly unknown[] }) => {
      await queryClient.fetchQuery({ ...options, queryFn: () => [] });
      return () => queryClient.getQueryState(options.queryKey)?.isInvalidated;
    };
    const inventory = await loaded(
      filterInventoryQueryOptions({
        warehouse: 'Ikeja',
        start_date: '2026-11-01',
        end_date: '2026-11-28',
        item_name: null,
        keyword: '',
        page: 1,
      }),
    );
    const lowStock = await loaded(getLowStockQueryOptions('Ikeja'));
    const saleItems = await loaded(getSalesItemsQueryOptions('Ikeja', ''));
    const expenses = await loaded({ queryKey: ['expenses', 'list'] });

    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useRecordMovement(), { wrapper });
    result.current.mutate({ type: 'stockout', body: {}, idempotencyKey: 'move-1' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect([inventory(), lowStock(), saleItems()]).toEqual([true, true, true]);
    expect(expenses()).toBe(false);
  });
});
