import { useMemo } from 'react';
import { Alert, Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { BarcodeInput } from '../../../components/barcode-scanner/barcode-input';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useSearchText } from '../../../lib/use-search-text';
import { useInventoryItemSearch } from '../api/get-inventory-items';
import { useUpdatePrices } from '../api/update-prices';
import { focusFirstError } from '../focus-first-error';
import { priceUpdatePayload, ZPriceFormSchema, type TPriceForm, type TPriceRow } from '../restock-forms';
import { notifyError, notifyErrorText, notifySuccess } from '../restock-notify';
import { WarehouseFormModal } from './warehouse-form-modal';
import type { TInventoryItemMap, TWarehouse } from '../restock-types';
import { preselectedWarehouse } from './add-item-modal';
import { ITEM_SUGGESTION_LIMIT } from './restock-items-modal';
import { WarehouseSelect } from './warehouse-select';

export const PRICE_MESSAGES = {
  success: 'Prices updated successfully!',
  failure: 'Failed to update prices',
} as const;

const resolver = zod4Resolver(ZPriceFormSchema);
const ID = 'prices';

/** Rows for the picked item names, keeping what was already typed for items still picked. */
export function syncPriceRows(
  updates: readonly TPriceRow[],
  names: readonly string[],
  items: TInventoryItemMap,
): TPriceRow[] {
  return names.flatMap((name) => {
    const existing = updates.find((row) => row.item_name === name);
    if (existing) return [existing];
    const item = items[name];
    if (!item) return [];
    return [
      {
        item_id: item.item_id,
        item_name: name,
        current_price: item.price,
        new_price: item.price,
        new_barcode: '',
        current_min_price: item.min_price ?? null,
        new_min_price: item.min_price ?? '',
      },
    ];
  });
}

export function UpdatePricesForm({
  onDone,
  warehouses,
  defaultWarehouse,
}: {
  onDone: () => void;
  warehouses: readonly TWarehouse[];
  defaultWarehouse: string;
}) {
  const form = useForm<TPriceForm>({
    mode: 'controlled',
    initialValues: { warehouse_name: preselectedWarehouse(warehouses, defaultWarehouse), updates: [] },
    validate: resolver,
  });
  const values = form.getValues();
  // The server finds the items as the user types (a warehouse may hold 100,000); picked ones stay listed.
  const { search, setSearch, searched } = useSearchText();
  const inventory = useInventoryItemSearch(values.warehouse_name || null, searched, ITEM_SUGGESTION_LIMIT);
  const update = useUpdatePrices();
  const options = useMemo(
    () => [...new Set([...values.updates.map((row) => row.item_name), ...Object.keys(inventory.data ?? {})])],
    [inventory.data, values.updates],
  );

  const submit = form.onSubmit(
    (valid) =>
      update.mutate(priceUpdatePayload(valid), {
        onSuccess: () => {
          notifySuccess(PRICE_MESSAGES.success);
          onDone();
        },
        onError: (error) => notifyError(error, PRICE_MESSAGES.failure),
      }),
    (errors) => {
      focusFirstError(ID, errors, { updates: `${ID}-items` });
      if (errors.updates) notifyErrorText(String(errors.updates));
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Update prices">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <WarehouseSelect
            id={`${ID}-warehouse_name`}
            warehouses={warehouses}
            required
            value={values.warehouse_name}
            onChange={(name) => {
              form.setValues({ warehouse_name: name, updates: [] });
              setSearch('');
            }}
            error={form.errors.warehouse_name}
          />
          <MultiSelect
            id={`${ID}-items`}
            label="Items"
            placeholder={values.warehouse_name ? 'Pick items' : 'Select a warehouse first'}
            searchable
            limit={ITEM_SUGGESTION_LIMIT}
            data={options}
            filter={({ options: shown }) => shown}
            searchValue={search}
            onSearchChange={setSearch}
            value={values.updates.map((row) => row.item_name)}
            onChange={(names) => {
              form.setFieldValue('updates', syncPriceRows(values.updates, names, inventory.data ?? {}));
              form.clearFieldError('updates');
            }}
            nothingFoundMessage={
              inventory.isPending && values.warehouse_name ? 'Loading items...' : 'No items found'
            }
            disabled={!values.warehouse_name}
            error={form.errors.updates}
            hidePickedOptions
            clearable
          />
        </SimpleGrid>
        {inventory.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(inventory.error, 'Failed to load inventory items')}
          </Alert>
        )}

        <Stack gap="xs" role="list" aria-label="New prices">
          {values.updates.map((row, index) => (
            <Paper key={row.item_id} withBorder radius="md" p="xs" role="listitem">
              <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.item_name}
                </Text>
                <Text size="xs" c="dimmed">
                  Current: {formatMoney(row.current_price)}
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <MoneyInput
                  id={`${ID}-updates-${index}-new_price`}
                  label="New price (₦)"
                  size="sm"
                  {...form.getInputProps(`updates.${index}.new_price`)}
                />
                <BarcodeInput
                  id={`${ID}-updates-${index}-new_barcode`}
                  label="New barcode (optional)"
                  placeholder="Leave empty to keep the current one"
                  value={row.new_barcode}
                  onChange={(value) => form.setFieldValue(`updates.${index}.new_barcode`, value)}
                  onScan={(code) => form.setFieldValue(`updates.${index}.new_barcode`, code)}
                  error={form.errors[`updates.${index}.new_barcode`]}
                />
                <MoneyInput
                  id={`${ID}-updates-${index}-new_min_price`}
                  label="Minimum price (₦, optional)"
                  description="Staff who may sell below the price never go under it"
                  size="sm"
                  {...form.getInputProps(`updates.${index}.new_min_price`)}
                />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update Prices
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function UpdatePricesModal({
  opened,
  onClose,
  defaultWarehouse = '',
}: {
  opened: boolean;
  onClose: () => void;
  defaultWarehouse?: string;
}) {
  return (
    <WarehouseFormModal opened={opened} onClose={onClose} title="Update Prices">
      {(warehouses) => (
        <UpdatePricesForm onDone={onClose} warehouses={warehouses} defaultWarehouse={defaultWarehouse} />
      )}
    </WarehouseFormModal>
  );
}
