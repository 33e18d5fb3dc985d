import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OptionsFilter } from '@mantine/core';
import { api } from '../../../lib/api-client';
import { useSearchText } from '../../../lib/use-search-text';
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

/** How many items a picker asks the server for. */
export const ITEM_SUGGESTIONS = 20;

/** A page of the items (of `warehouse`, or all the caller's) whose name contains `search`: the server searches. */
export const searchItemsMap = (warehouse: string | null, search: string) =>
  api.get<TItemsMap>('/inventory/items-map', {
    query: { warehouse_name: warehouse || undefined, search, limit: ITEM_SUGGESTIONS },
  });

/**
 * An item picker's state: what is typed, the server's matches as options, and the option chosen (kept
 * among the options while other text is typed). Pass `search`, `setSearch` and `options` to a Select with
 * `filter={serverFiltered}`, and call `choose` from its onChange.
 */
export function useItemSearch(warehouse: string | null) {
  const { search, setSearch, searched } = useSearchText();
  const [chosen, setChosen] = useState<TItemOption | null>(null);
  const query = useQuery({
    queryKey: inventoryKeys.itemSearch(warehouse, searched),
    queryFn: () => searchItemsMap(warehouse, searched),
    placeholderData: keepPreviousData,
  });
  const found = itemOptions(query.data);
  const options =
    chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  return {
    search,
    setSearch,
    options,
    query,
    choose: (value: string | null) => setChosen(options.find((option) => option.value === value) ?? null),
  };
}

/** The server already matched the text: a picker shows its answer as it is. */
export const serverFiltered: OptionsFilter = ({ options }) => options;
