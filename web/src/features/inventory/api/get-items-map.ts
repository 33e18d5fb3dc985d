import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

export type TItemsMapEntry = {
  item_id: number;
  price: number;
  barcode?: string | null;
  closing_balance?: number;
  reorder_level?: number;
  warehouse_name?: string;
  item_name?: string;
};
/** Item name → item; without a warehouse, names found in several warehouses read "{name} ({warehouse})". */
export type TItemsMap = Record<string, TItemsMapEntry>;

export type TItemOption = {
  /** The item id as text (a Select's value). */
  value: string;
  /** What the picker shows: the map's key. */
  label: string;
  itemId: number;
  /** The item's own name, without the "(warehouse)" suffix the map may add. */
  itemName: string;
  warehouseName: string | null;
};

export const getItemsMap = (warehouse: string | null) =>
  api.get<TItemsMap>('/inventory/items-map', { query: { warehouse_name: warehouse || undefined } });

export const getItemsMapQueryOptions = (warehouse: string | null) =>
  queryOptions({ queryKey: inventoryKeys.itemsMap(warehouse), queryFn: () => getItemsMap(warehouse) });

export function useItemsMap(warehouse: string | null) {
  return useQuery(getItemsMapQueryOptions(warehouse));
}

/** The map as picker options, sorted by name. */
export function itemOptions(map: TItemsMap | undefined): TItemOption[] {
  return Object.entries(map ?? {})
    .filter(([, entry]) => Number.isInteger(entry?.item_id))
    .map(([key, entry]) => {
      const warehouseName = entry.warehouse_name ?? null;
      const suffix = warehouseName ? ` (${warehouseName})` : null;
      const itemName =
        entry.item_name ?? (suffix && key.endsWith(suffix) ? key.slice(0, -suffix.length) : key);
      return { value: String(entry.item_id), label: key, itemId: entry.item_id, itemName, warehouseName };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
