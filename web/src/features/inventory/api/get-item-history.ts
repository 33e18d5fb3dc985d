import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TDailyLogRow } from './get-daily-logs';
import { inventoryKeys } from './inventory-keys';

/** Spec 2 §9: past days can be adjusted within the last 30 days. */
export const ADJUSTMENT_WINDOW_DAYS = 30;

export const getItemHistory = (itemId: number, days = ADJUSTMENT_WINDOW_DAYS) =>
  api.get<TDailyLogRow[]>(`/inventory/items/${itemId}/history`, { query: { days } });

export const getItemHistoryQueryOptions = (itemId: number, days = ADJUSTMENT_WINDOW_DAYS) =>
  queryOptions({
    queryKey: inventoryKeys.itemHistory(itemId, days),
    queryFn: () => getItemHistory(itemId, days),
    staleTime: 0,
  });

/** The item's days with movement in the window; idle until an item is picked. */
export function useItemHistory(itemId: number | null) {
  return useQuery({ ...getItemHistoryQueryOptions(itemId ?? 0), enabled: itemId !== null });
}
