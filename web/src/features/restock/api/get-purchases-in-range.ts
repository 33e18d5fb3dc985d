import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TPurchase, TPurchaseFilters } from '../restock-types';
import { restockKeys } from './restock-keys';

/** The server's largest page. */
export const RANGE_PAGE_SIZE = 500;

/**
 * Every purchase matching the filters (for the CSV export and the Reports tab), fetched in pages of
 * 500 until X-Total-Count is reached.
 */
export async function getPurchasesInRange(filters: TPurchaseFilters): Promise<TPurchase[]> {
  const rows: TPurchase[] = [];
  for (;;) {
    const page = await api.getPage<TPurchase>('/restock/', {
      query: {
        skip: rows.length,
        limit: RANGE_PAGE_SIZE,
        warehouse_name: filters.warehouse_name || undefined,
        search: filters.search?.trim() || undefined,
        start_date: filters.start_date || undefined,
        end_date: filters.end_date || undefined,
      },
    });
    rows.push(...page.rows);
    const done = page.total === null ? page.rows.length < RANGE_PAGE_SIZE : rows.length >= page.total;
    if (done || page.rows.length === 0) return rows;
  }
}

export const getPurchasesInRangeQueryOptions = (filters: TPurchaseFilters) =>
  queryOptions({
    queryKey: restockKeys.purchaseRange(filters),
    queryFn: () => getPurchasesInRange(filters),
  });

export function usePurchasesInRange(filters: TPurchaseFilters, enabled = true) {
  return useQuery({ ...getPurchasesInRangeQueryOptions(filters), enabled });
}
