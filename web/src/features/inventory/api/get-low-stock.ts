import type { TLowStock } from '@app/domain/schemas/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

export type TLowStockRow = TLowStock;

export const LOW_STOCK_REFRESH_MS = 8000;

export const getLowStock = (warehouse: string | null) =>
  api.get<TLowStockRow[]>('/inventory/low-stock', { query: { warehouse_name: warehouse || undefined } });

export const getLowStockQueryOptions = (warehouse: string | null) =>
  queryOptions({
    queryKey: inventoryKeys.lowStock(warehouse),
    queryFn: () => getLowStock(warehouse),
    meta: SHOWS_STOCK,
  });

/** Items at or below their reorder level; refreshed with the daily logs while Home is shown. */
export function useLowStock(warehouse: string | null) {
  return useQuery({ ...getLowStockQueryOptions(warehouse), refetchInterval: LOW_STOCK_REFRESH_MS });
}
