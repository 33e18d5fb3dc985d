import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRestockSummary } from '@app/domain/schemas/stock';
import { api } from '../../../lib/api-client';
import type { TPurchaseFilters } from '../restock-types';
import { restockKeys } from './restock-keys';

/** GET /restock/summary: the Reports cards and Recent Activity, added up by the server. */
export const getRestockSummary = (filters: TPurchaseFilters) =>
  api.get<TRestockSummary>('/restock/summary', {
    query: {
      warehouse_name: filters.warehouse_name || undefined,
      search: filters.search?.trim() || undefined,
      start_date: filters.start_date || undefined,
      end_date: filters.end_date || undefined,
    },
  });

export const getRestockSummaryQueryOptions = (filters: TPurchaseFilters) =>
  queryOptions({ queryKey: restockKeys.summary(filters), queryFn: () => getRestockSummary(filters) });

export function useRestockSummary(filters: TPurchaseFilters) {
  return useQuery(getRestockSummaryQueryOptions(filters));
}
