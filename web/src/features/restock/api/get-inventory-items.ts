import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TInventoryItemMap } from '../restock-types';
import { restockKeys } from './restock-keys';

export const getInventoryItems = (warehouseName: string) =>
  api.get<TInventoryItemMap>('/restock/inventory-items', { query: { warehouse_name: warehouseName } });

export const getInventoryItemsQueryOptions = (warehouseName: string) =>
  queryOptions({
    queryKey: restockKeys.items(warehouseName),
    queryFn: () => getInventoryItems(warehouseName),
  });

/** The items of one warehouse, keyed by name; idle until a warehouse is chosen. */
export function useInventoryItems(warehouseName: string | null) {
  return useQuery({ ...getInventoryItemsQueryOptions(warehouseName ?? ''), enabled: Boolean(warehouseName) });
}
