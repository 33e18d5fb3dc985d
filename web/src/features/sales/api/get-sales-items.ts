import type { TItemMap } from '@app/domain/schemas/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withOfflineFallback } from '../../../lib/offline/offline-sync';
import { offlineItems } from '../../../lib/offline/reference';
import { salesKeys } from './sales-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

/** GET /sales/inventory-items: a warehouse's items keyed by name (the domain's item map). */
export type TSalesItemMap = TItemMap;
export type TSalesItem = TItemMap[string];

/** How many suggestions the item picker asks the server for. */
export const ITEM_SUGGESTIONS = 20;

/**
 * A page of the warehouse's items whose name contains `search` (the server searches; nothing downloads a whole
 * warehouse); when the server cannot be reached, the same page from the device's kept copy.
 */
export const getSalesItems = (warehouseName: string, search: string) =>
  withOfflineFallback(
    () =>
      api.get<TSalesItemMap>('/sales/inventory-items', {
        query: { warehouse_name: warehouseName, search, limit: ITEM_SUGGESTIONS },
      }),
    (db, userId) => offlineItems(db, userId, warehouseName, search, ITEM_SUGGESTIONS),
  );

export const getSalesItemsQueryOptions = (warehouseName: string, search: string) =>
  queryOptions({
    queryKey: salesKeys.items(warehouseName, search),
    queryFn: () => getSalesItems(warehouseName, search),
    meta: SHOWS_STOCK,
  });

/** The picker's suggestions; idle until a warehouse is chosen, the last answer shown while the next loads. */
export function useSalesItems(warehouseName: string, search: string) {
  return useQuery({
    ...getSalesItemsQueryOptions(warehouseName, search),
    enabled: Boolean(warehouseName),
    placeholderData: keepPreviousData,
    // Offline it answers from the device instead of waiting for the network.
    networkMode: 'always',
  });
}
