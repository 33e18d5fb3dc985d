import type { TDailyLog } from '@app/domain/schemas/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys, type TDailyLogsParams } from './inventory-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

/** One item's stock figures for one business day. */
export type TDailyLogRow = TDailyLog;

export const DAILY_LOGS_PAGE_SIZE = 20;
/** Spec 2 §9: the Home tab refreshes every 8 seconds. */
export const DAILY_LOGS_REFRESH_MS = 8000;

export const getDailyLogs = ({ date, warehouse, page }: TDailyLogsParams) =>
  api.getPage<TDailyLogRow>('/inventory/daily-logs', {
    query: {
      selected_date: date,
      warehouse_name: warehouse || undefined,
      page,
      page_size: DAILY_LOGS_PAGE_SIZE,
    },
  });

export const getDailyLogsQueryOptions = (params: TDailyLogsParams) =>
  queryOptions({
    queryKey: inventoryKeys.dailyLogs(params),
    queryFn: () => getDailyLogs(params),
    meta: SHOWS_STOCK,
  });

/** Every item with history up to the date, 20 a page; polled while the Home tab is mounted. */
export function useDailyLogs(params: TDailyLogsParams) {
  return useQuery({
    ...getDailyLogsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchInterval: DAILY_LOGS_REFRESH_MS,
  });
}
