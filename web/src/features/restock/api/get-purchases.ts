import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client';
import type { TPurchase, TPurchaseFilters } from '../restock-types';
import { restockKeys } from './restock-keys';

export type TPurchasePageParams = TPurchaseFilters & { skip: number; limit: number };

/** Empty filters are left out of the query string. */
function filterQuery(filters: TPurchaseFilters) {
  return {
    search: filters.search?.trim() || undefined,
    warehouse_name: filters.warehouse_name || undefined,
    start_date: filters.start_date || undefined,
    end_date: filters.end_date || undefined,
  };
}

/** One page of purchases, newest first, with the server's X-Total-Count. */
export const getPurchases = ({ skip, limit, ...filters }: TPurchasePageParams): Promise<TPage<TPurchase>> =>
  api.getPage<TPurchase>('/restock/', { query: { skip, limit, ...filterQuery(filters) } });

export const getPurchasesQueryOptions = (params: TPurchasePageParams) =>
  queryOptions({
    queryKey: restockKeys.purchaseList(params),
    queryFn: () => getPurchases(params),
    placeholderData: keepPreviousData,
  });

export function usePurchases(params: TPurchasePageParams) {
  return useQuery(getPurchasesQueryOptions(params));
}
