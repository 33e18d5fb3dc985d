import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/** Spec 2 §9: the report lists the top 10 products and customers. */
export const REPORT_LIMIT = 10;

export type TReportRange = { start: string; end: string };

export const getSalesReport = ({ start, end }: TReportRange) =>
  api.get<TSalesReport>('/sales/reports/summary', {
    query: { start_date: start, end_date: end, limit: REPORT_LIMIT },
  });

export const getSalesReportQueryOptions = (range: TReportRange) =>
  queryOptions({
    queryKey: salesKeys.report(range),
    queryFn: () => getSalesReport(range),
    placeholderData: keepPreviousData,
  });

/** Asked only when `enabled` (the user holds the report key and the range is valid). */
export function useSalesReport(range: TReportRange, enabled: boolean) {
  return useQuery({ ...getSalesReportQueryOptions(range), enabled });
}
