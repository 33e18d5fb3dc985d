import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TInventoryItemMap } from '../restock-types';
import { restockKeys } from './restock-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

/** A page of the warehouse's items whose name contains `search`: the server searches. */
export const searchInventoryItems = (warehouseName: string, search: string, limit: number) =>
  api.get<TInventoryItemMap>('/restock/inventory-items', {
    query: { warehouse_name: warehouseName, search, limit },
  });

/** The picker's suggestions; idle until a warehouse is chosen, the last answer shown while the next loads. */
export function useInventoryItemSearch(warehouseName: string | null, search: string, limit: number) {
  return useQuery({
    queryKey: restockKeys.itemSearch(warehouseName ?? '', search),
    queryFn: () => searchInventoryItems(warehouseName ?? '', search, limit),
    meta: SHOWS_STOCK,
    enabled: Boolean(warehouseName),
    placeholderData: keepPreviousData,
  });
}
