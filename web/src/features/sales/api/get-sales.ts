import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSaleRow } from '@app/domain/schemas/sales';
import { api, type TPage } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** The List tab loads this many sale lines at once and pages them itself (spec 2 §9). */
export const SALES_LIST_LIMIT = 500;

/** Sale lines newest first, with X-Total-Count (all lines, beyond the limit too). */
export const getSales = (limit: number): Promise<TPage<TSaleRow>> =>
  api.getPage<TSaleRow>('/sales', { query: { limit } });

export const getSalesQueryOptions = (limit = SALES_LIST_LIMIT) =>
  queryOptions({ queryKey: salesKeys.list(limit), queryFn: () => getSales(limit) });

export function useSales(limit = SALES_LIST_LIMIT) {
  return useQuery(getSalesQueryOptions(limit));
}
