import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OptionsFilter } from '@mantine/core';
import { api } from '../../../lib/api-client';
import type { TOfflineDb } from '../../../lib/offline/db';
import { withOfflineFallback } from '../../../lib/offline/offline-sync';
import { offlineItems, offlineWarehouses } from '../../../lib/offline/reference';
import { useSearchText } from '../../../lib/use-search-text';
import { inventoryKeys } from './inventory-keys';
import { SHOWS_STOCK } from '../../../lib/stock-queries';

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

/**
 * The device's kept items matching `search` (issue 16 §3): of `warehouse`, or of every kept warehouse, a name
 * found in several reading "{name} ({warehouse})" as the server's map does.
 */
export async function offlineItemsMap(
  db: TOfflineDb,
  userId: number,
  warehouse: string | null,
  search: string,
): Promise<TItemsMap | null> {
  if (warehouse) return offlineItems(db, userId, warehouse, search, ITEM_SUGGESTIONS);
  const warehouses = await offlineWarehouses(db, userId);
  if (!warehouses) return null;
  const found: [string, TItemsMapEntry][] = [];
  for (const { warehouse_name } of warehouses) {
    const items = await offlineItems(db, userId, warehouse_name, search, ITEM_SUGGESTIONS);
    found.push(...Object.entries(items ?? {}));
  }
  const count = new Map<string, number>();
  for (const [name] of found) count.set(name, (count.get(name) ?? 0) + 1);
  const named = found.map(([name, entry]): [string, TItemsMapEntry] => [
    count.get(name)! > 1 ? `${name} (${entry.warehouse_name})` : name,
    { ...entry, item_name: name },
  ]);
  return Object.fromEntries(named.sort(([a], [b]) => a.localeCompare(b)).slice(0, ITEM_SUGGESTIONS));
}

/**
 * A page of the items (of `warehouse`, or all the caller's) whose name contains `search`: the server
 * searches; when it cannot be reached, the device's kept copy does.
 */
export const searchItemsMap = (warehouse: string | null, search: string) =>
  withOfflineFallback(
    () =>
      api.get<TItemsMap>('/inventory/items-map', {
        query: { warehouse_name: warehouse || undefined, search, limit: ITEM_SUGGESTIONS },
      }),
    (db, userId) => offlineItemsMap(db, userId, warehouse, search),
  );

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
    meta: SHOWS_STOCK,
    placeholderData: keepPreviousData,
    // Offline it answers from the device instead of waiting for the network.
    networkMode: 'always',
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
