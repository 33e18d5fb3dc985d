import { ActionIcon, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { StockItemSelect } from '../../../components/stock-item-select';
import { formatCount, formatMoney } from '../../../lib/format';
import { useSearchText } from '../../../lib/use-search-text';
import { ITEM_SUGGESTIONS, useRequisitionItems } from '../api/get-requisition-options';
import type { TRequisitionLine } from '../utils/requisition-form';

let nextKey = 0;
const lineKey = () => `line-${(nextKey += 1)}`;

/** The requested items: picked from the warehouse's (searched on the server), each with its quantity. */
export function RequisitionLines({
  warehouseName,
  lines,
  single,
  error,
  onChange,
}: {
  warehouseName: string;
  lines: TRequisitionLine[];
  /** An edit changes one row's item: picking replaces it. */
  single: boolean;
  error?: React.ReactNode;
  onChange: (lines: TRequisitionLine[]) => void;
}) {
  const { search, setSearch, searched } = useSearchText();
  const items = useRequisitionItems(warehouseName, searched);

  const pick = (name: string | null) => {
    const item = name ? items.data?.[name] : undefined;
    if (!name || !item) return;
    setSearch('');
    const picked = { item: name, price: item.price, in_stock: item.closing_balance };
    const existing = lines.find((line) => line.item === name);
    if (single) onChange([{ key: lines[0]?.key ?? lineKey(), quantity: lines[0]?.quantity ?? 1, ...picked }]);
    else if (existing) onChange(lines.map((line) => (line === existing ? { ...line, ...picked } : line)));
    else onChange([...lines, { key: lineKey(), quantity: 1, ...picked }]);
  };

  return (
    <Stack gap="xs">
      <StockItemSelect
        id="requisition-item-search"
        label={single ? 'Item' : 'Add item'}
        items={items.data}
        limit={ITEM_SUGGESTIONS}
        loading={items.isFetching}
        noWarehouse={!warehouseName}
        search={search}
        onSearchChange={setSearch}
        onPick={pick}
        error={error}
      />
      <Stack gap="xs" role="list" aria-label="Requested items">
        {lines.map((line) => (
          <Paper key={line.key} withBorder radius="sm" p="xs" role="listitem" aria-label={line.item}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {line.item}
                </Text>
                {line.price !== null && line.in_stock !== null && (
                  <Text size="xs" c="dimmed">
                    {formatMoney(line.price)} · {formatCount(line.in_stock)} in stock
                  </Text>
                )}
              </div>
              <Group gap="xs" wrap="nowrap">
                <NumberInput
                  aria-label={`Quantity of ${line.item}`}
                  w={90}
                  min={1}
                  step={1}
                  allowDecimal={false}
                  clampBehavior="none"
                  value={line.quantity}
                  onChange={(value) =>
                    onChange(
                      lines.map((each) =>
                        each === line ? { ...each, quantity: typeof value === 'number' ? value : '' } : each,
                      ),
                    )
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${line.item}`}
                  disabled={lines.length === 1}
                  onClick={() => onChange(lines.filter((each) => each !== line))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

export const newLineKey = lineKey;
