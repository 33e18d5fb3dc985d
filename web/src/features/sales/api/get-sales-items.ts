import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TSalesItem = {
  item_id: number;
  price: number;
  barcode: string | null;
  closing_balance: number;
  reorder_level: number;
};
/** GET /sales/inventory-items: a warehouse's items keyed by name. */
export type TSalesItemMap = Record<string, TSalesItem>;

export const getSalesItems = (warehouseName: string) =>
  api.get<TSalesItemMap>('/sales/inventory-items', { query: { warehouse_name: warehouseName } });

export const getSalesItemsQueryOptions = (warehouseName: string) =>
  queryOptions({ queryKey: salesKeys.items(warehouseName), queryFn: () => getSalesItems(warehouseName) });

/** The items of one warehouse; idle until a warehouse is chosen. */
export function useSalesItems(warehouseName: string) {
  return useQuery({ ...getSalesItemsQueryOptions(warehouseName), enabled: Boolean(warehouseName) });
}
