import { useMemo } from 'react';
import { Group, Select, Text } from '@mantine/core';
import { formatCount, formatMoney } from '../lib/format';

/** What the suggestions show of a warehouse's item. */
export type TStockItemFigures = { price: number; closing_balance: number };

/**
 * The searchable picker of a warehouse's items, by name, each suggestion with its price and stock.
 * It stays empty: picking hands the name to `onPick`, which adds the item to a list.
 */
export function StockItemSelect({
  id,
  label,
  items,
  limit,
  loading,
  noWarehouse,
  search,
  onSearchChange,
  onPick,
  error,
}: {
  id: string;
  label: string;
  /** The warehouse's items keyed by name. */
  items: Record<string, TStockItemFigures> | undefined;
  limit: number;
  loading: boolean;
  /** No warehouse is chosen yet: the picker is disabled. */
  noWarehouse: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  onPick: (name: string | null) => void;
  error?: React.ReactNode;
}) {
  const options = useMemo(
    () =>
      Object.keys(items ?? {})
        .sort((a, b) => a.localeCompare(b))
        .map((name) => ({ value: name, label: name })),
    [items],
  );

  return (
    <Select
      id={id}
      label={label}
      placeholder={noWarehouse ? 'Select a warehouse first' : 'Type an item name'}
      searchable
      limit={limit}
      data={options}
      value={null}
      searchValue={search}
      onSearchChange={onSearchChange}
      onChange={onPick}
      nothingFoundMessage={loading && !noWarehouse ? 'Loading items...' : 'No items found'}
      disabled={noWarehouse}
      error={error}
      renderOption={({ option }) => {
        const item = items?.[option.value];
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
            <Text size="sm">{option.label}</Text>
            {item && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(item.price)} · {formatCount(item.closing_balance)} in stock
              </Text>
            )}
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
