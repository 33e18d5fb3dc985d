import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TDailyLogRow } from './get-daily-logs';
import { inventoryKeys, type TFilterParams } from './inventory-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

/** The server answers 20 rows a page; fewer means the last page. */
export const FILTER_PAGE_SIZE = 20;

export const filterInventory = (params: TFilterParams) =>
  api.get<TDailyLogRow[]>('/inventory/filter', {
    query: {
      warehouse_name: params.warehouse || undefined,
      start_date: params.start_date,
      end_date: params.end_date,
      item_name: params.item_name || undefined,
      keyword: params.keyword.trim() || undefined,
      page: params.page,
    },
  });

export const filterInventoryQueryOptions = (params: TFilterParams) =>
  queryOptions({
    queryKey: inventoryKeys.filter(params),
    queryFn: () => filterInventory(params),
    meta: SHOWS_STOCK,
  });

export function useFilterInventory(params: TFilterParams | null) {
  return useQuery({
    ...filterInventoryQueryOptions(
      params ?? { warehouse: null, start_date: '', end_date: '', item_name: null, keyword: '', page: 1 },
    ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
