import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSaleRow, TSalesFilterRequest } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** Filtered sale lines, newest first (at most `limit`). */
export const filterSales = (request: TSalesFilterRequest) => api.post<TSaleRow[]>('/sales/filter', request);

export const filterSalesQueryOptions = (request: TSalesFilterRequest) =>
  queryOptions({ queryKey: salesKeys.filtered(request), queryFn: () => filterSales(request) });

/** Runs once a filter has been applied (`request` null before). */
export function useFilterSales(request: TSalesFilterRequest | null) {
  return useQuery({
    ...filterSalesQueryOptions(request ?? { keyword: null, filter_values: [], limit: 500 }),
    enabled: request !== null,
  });
}
