import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys, type TReportParams } from './inventory-keys';

export type TReportRow = {
  period: string;
  period_start?: string;
  period_end?: string;
  item_id?: number;
  item_name: string;
  warehouse_name?: string;
  total_open_stock: number;
  total_stock_in: number;
  total_returned: number;
  total_stock_out: number;
  total_closing_stock: number;
};

export const getInventoryReport = (params: TReportParams) =>
  api.get<TReportRow[]>('/inventory/reports/summary', { query: params });

export const getInventoryReportQueryOptions = (params: TReportParams) =>
  queryOptions({ queryKey: inventoryKeys.report(params), queryFn: () => getInventoryReport(params) });

/** Runs once Generate is pressed (params not null). */
export function useInventoryReport(params: TReportParams | null) {
  return useQuery({
    ...getInventoryReportQueryOptions(params ?? { period: 'Weekly', start_date: '', end_date: '' }),
    enabled: params !== null,
  });
}
