import type { TInventoryReportRow } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys, type TReportParams } from './inventory-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

export type TReportRow = TInventoryReportRow;

export const getInventoryReport = (params: TReportParams) =>
  api.get<TReportRow[]>('/inventory/reports/summary', { query: params });

export const getInventoryReportQueryOptions = (params: TReportParams) =>
  queryOptions({
    queryKey: inventoryKeys.report(params),
    queryFn: () => getInventoryReport(params),
    meta: SHOWS_STOCK,
  });

/** Runs once Generate is pressed (params not null). */
export function useInventoryReport(params: TReportParams | null) {
  return useQuery({
    ...getInventoryReportQueryOptions(params ?? { period: 'Weekly', start_date: '', end_date: '' }),
    enabled: params !== null,
  });
}
