import { useState, type Dispatch } from 'react';
import { ActionIcon, Alert, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { BarcodeInput } from '../../../components/barcode-scanner/barcode-input';
import { StockItemSelect } from '../../../components/stock-item-select';
import { MoneyInput } from '../../../components/money-input';
import { errorMessage } from '../../../lib/api-client';
import { useSearchText } from '../../../lib/use-search-text';
import { formatCount, formatMoney } from '../../../lib/format';
import { ITEM_SUGGESTIONS, useSalesItems, type TSalesItem, type TSalesItemMap } from '../api/get-sales-items';
import { getItemByBarcode } from '../api/get-item-by-barcode';
import { failureText, notifySaleError } from '../utils/sale-form-notify';
import { lineTotal, type TPickedItem, type TSaleLine, type TSaleLinesAction } from '../utils/sale-lines';

export const BARCODE_FAILURE = 'Barcode lookup failed';
export const ITEMS_FAILURE = 'Failed to load inventory items';

/** An item of the picker's answer as a line takes it: its name, price, warehouse and stock. */
const picked = (name: string, item: TSalesItem): TPickedItem => ({
  item_id: item.item_id,
  item_name: name,
  price: item.price,
  warehouse_name: item.warehouse_name,
  in_stock: item.closing_balance,
});

function findByBarcode(items: TSalesItemMap | undefined, barcode: string) {
  const found = Object.entries(items ?? {}).find(([, item]) => item.barcode === barcode);
  return found ? picked(...found) : null;
}

const numberOrEmpty = (value: string | number): number | '' => (typeof value === 'number' ? value : '');

/** The quantity of a line: big − and + for one thumb, and the number itself to type a large one. */
function QuantityStepper({
  id,
  itemName,
  quantity,
  onChange,
}: {
  id: string;
  itemName: string;
  quantity: number | '';
  onChange: (quantity: number | '') => void;
}) {
  const current = typeof quantity === 'number' ? quantity : 0;
  return (
    <div>
      <Text component="label" htmlFor={id} size="sm" fw={500} display="block" mb={4}>
        Quantity
      </Text>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="light"
          size={44}
          aria-label={`One less ${itemName}`}
          disabled={current <= 1}
          onClick={() => onChange(current - 1)}
        >
          <IconMinus size={20} />
        </ActionIcon>
        <NumberInput
          id={id}
          w={72}
          min={1}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          thousandSeparator=","
          hideControls
          styles={{ input: { textAlign: 'center', minHeight: 44 } }}
          value={quantity}
          onChange={(value) => onChange(numberOrEmpty(value))}
        />
        <ActionIcon
          variant="light"
          size={44}
          aria-label={`One more ${itemName}`}
          onClick={() => onChange(current + 1)}
        >
          <IconPlus size={20} />
        </ActionIcon>
      </Group>
    </div>
  );
}

/**
 * The Items section of a sale or proforma (spec 2 §2): the item picker, the barcode box and the
 * lines. Picking adds a line at the top (quantity 1) or one more of a listed item; the quantity has
 * − and + buttons and, like the unit price, stays editable.
 */
export function SaleLinesEditor({
  idPrefix,
  warehouseName,
  lines,
  dispatch,
  error,
  listLabel,
}: {
  idPrefix: string;
  warehouseName: string;
  lines: TSaleLine[];
  dispatch: Dispatch<TSaleLinesAction>;
  error?: string;
  listLabel: string;
}) {
  const { search, setSearch, searched } = useSearchText();
  const { data: items, isFetching: itemsLoading, error: itemsError } = useSalesItems(warehouseName, searched);
  const [lookingUp, setLookingUp] = useState(false);

  const pick = (name: string | null) => {
    const item = name ? items?.[name] : undefined;
    if (!name || !item) return;
    dispatch({ type: 'add', item: picked(name, item) });
    setSearch('');
  };

  const scan = async (code: string) => {
    const known = findByBarcode(items, code);
    if (known) {
      dispatch({ type: 'add', item: known });
      return;
    }
    setLookingUp(true);
    try {
      const found = await getItemByBarcode(code, warehouseName);
      dispatch({ type: 'add', item: found });
    } catch (lookupError) {
      notifySaleError(failureText(BARCODE_FAILURE, lookupError));
    } finally {
      setLookingUp(false);
    }
  };

  const disabled = !warehouseName;

  return (
    <section aria-labelledby={`${idPrefix}-items-heading`}>
      <Text id={`${idPrefix}-items-heading`} fw={700} mb="xs">
        Items
      </Text>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <StockItemSelect
            id={`${idPrefix}-item-search`}
            label="Add item"
            items={items}
            limit={ITEM_SUGGESTIONS}
            loading={itemsLoading}
            noWarehouse={disabled}
            search={search}
            onSearchChange={setSearch}
            onPick={pick}
            error={error}
          />
          <BarcodeInput
            id={`${idPrefix}-barcode`}
            label="Scan barcode"
            clearOnScan
            loading={lookingUp}
            disabled={disabled}
            onScan={(code) => void scan(code)}
          />
        </SimpleGrid>
        {Boolean(itemsError) && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(itemsError, ITEMS_FAILURE)}
          </Alert>
        )}

        {/* A list only once it has lines: an empty role="list" is an ARIA error (axe). */}
        <Stack gap="xs" {...(lines.length > 0 ? { role: 'list', 'aria-label': listLabel } : {})}>
          {lines.map((line) => {
            const stock = line.in_stock;
            const short = stock !== undefined && typeof line.quantity === 'number' && line.quantity > stock;
            return (
              <Paper
                key={line.item_id}
                withBorder
                radius="md"
                p="xs"
                role="listitem"
                aria-label={line.item_name}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs" mb={4} align="flex-start">
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {line.item_name}
                    </Text>
                    {stock !== undefined && (
                      <Text size="xs" c={short ? 'orange.8' : 'dimmed'}>
                        {short ? `Only ${formatCount(stock)} in stock` : `${formatCount(stock)} in stock`}
                      </Text>
                    )}
                  </div>
                  <Text
                    size="sm"
                    fw={700}
                    py={6}
                    style={{ whiteSpace: 'nowrap' }}
                    aria-label={`Total of ${line.item_name}`}
                  >
                    {formatMoney(lineTotal(line))}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    aria-label={`Remove ${line.item_name}`}
                    onClick={() => dispatch({ type: 'remove', itemId: line.item_id })}
                  >
                    <IconTrash size={20} />
                  </ActionIcon>
                </Group>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <QuantityStepper
                    id={`${idPrefix}-line-${line.item_id}-quantity`}
                    itemName={line.item_name}
                    quantity={line.quantity}
                    onChange={(quantity) => dispatch({ type: 'quantity', itemId: line.item_id, quantity })}
                  />
                  <MoneyInput
                    id={`${idPrefix}-line-${line.item_id}-unit_price`}
                    allowNegative={false}
                    label="Unit price (₦)"
                    value={line.unit_price}
                    onChange={(value) =>
                      dispatch({ type: 'price', itemId: line.item_id, unitPrice: numberOrEmpty(value) })
                    }
                    style={{ flex: 1, minWidth: 0 }}
                  />
                </Group>
              </Paper>
            );
          })}
          {lines.length === 0 && (
            <Text size="sm" c="dimmed">
              No items yet. Pick an item or scan its barcode.
            </Text>
          )}
        </Stack>
      </Stack>
    </section>
  );
}
