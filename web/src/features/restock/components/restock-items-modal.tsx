import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Divider,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { businessDate } from '@app/domain/dates/business-date';
import { koboToNaira } from '@app/domain/money/money';
import { BarcodeInput } from '../../../components/barcode-scanner/barcode-input';
import { StockItemSelect } from '../../../components/stock-item-select';
import { useSearchText } from '../../../lib/use-search-text';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useCreateBatchRestock } from '../api/create-batch-restock';
import { useInventoryItemSearch } from '../api/get-inventory-items';
import { getItemByBarcode } from '../api/get-item-by-barcode';
import { focusFirstError } from '../focus-first-error';
import {
  addBatchLine,
  batchInitialValues,
  batchPayload,
  batchTotalKobo,
  lineTotalKobo,
  MESSAGES,
  ZBatchFormSchema,
  type TBatchForm,
} from '../restock-forms';
import { notifyError, notifyErrorText, notifySuccess } from '../restock-notify';
import { WarehouseFormModal } from './warehouse-form-modal';
import type { TInventoryItemMap, TWarehouse } from '../restock-types';
import { useInvoicedSubmit } from '../use-invoiced-submit';
import { preselectedWarehouse } from './add-item-modal';
import { PurchaseFormActions, PurchasePaymentPart } from './purchase-form-end';
import { WarehouseSelect } from './warehouse-select';

export const RESTOCK_MESSAGES = {
  success: 'Restock completed successfully!',
  failure: 'Failed to process restock',
  byBarcode: 'Item added by barcode',
  barcodeNotFound: 'Barcode not found',
  uploadFailure: 'Failed to upload invoice file',
  itemsFailure: 'Failed to load inventory items',
} as const;

/** Spec 3 §9: item search suggestions are limited to 10. */
export const ITEM_SUGGESTION_LIMIT = 10;

const resolver = zod4Resolver(ZBatchFormSchema);
const ID = 'restock';

/** Finds an item of the loaded warehouse map by its barcode. */
export function findByBarcode(items: TInventoryItemMap | undefined, barcode: string) {
  if (!items) return null;
  for (const [name, item] of Object.entries(items)) {
    if (item.barcode && item.barcode === barcode)
      return { item_id: item.item_id, item_name: name, price: item.price };
  }
  return null;
}

export function RestockItemsForm({
  onDone,
  warehouses,
  defaultWarehouse,
}: {
  onDone: () => void;
  warehouses: readonly TWarehouse[];
  defaultWarehouse: string;
}) {
  const form = useForm<TBatchForm>({
    mode: 'controlled',
    initialValues: batchInitialValues(businessDate(), preselectedWarehouse(warehouses, defaultWarehouse)),
    validate: resolver,
  });
  const values = form.getValues();
  const batch = useCreateBatchRestock();
  const {
    invoice,
    submit: submitWithInvoice,
    busy,
  } = useInvoicedSubmit({
    scope: 'restock.batch',
    mutation: batch,
    messages: RESTOCK_MESSAGES,
    onDone,
  });
  const [lookingUp, setLookingUp] = useState(false);
  const { search, setSearch, searched } = useSearchText();
  const inventory = useInventoryItemSearch(values.warehouse_name || null, searched, ITEM_SUGGESTION_LIMIT);

  const addItemByName = (name: string | null) => {
    const item = name ? inventory.data?.[name] : undefined;
    if (!name || !item) return;
    form.setFieldValue('items', addBatchLine(values.items, { ...item, item_name: name }));
    form.clearFieldError('items');
    setSearch('');
  };

  const addByBarcode = async (code: string) => {
    if (!values.warehouse_name) {
      form.setFieldError('warehouse_name', MESSAGES.warehouseRequired);
      notifyErrorText(MESSAGES.warehouseRequired);
      return;
    }
    let found = findByBarcode(inventory.data, code);
    if (!found) {
      setLookingUp(true);
      try {
        const item = await getItemByBarcode(code, values.warehouse_name);
        found = { item_id: item.item_id, item_name: item.item_name, price: item.price };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          notifyErrorText(RESTOCK_MESSAGES.barcodeNotFound);
        else notifyError(error, RESTOCK_MESSAGES.barcodeNotFound);
        return;
      } finally {
        setLookingUp(false);
      }
    }
    form.setFieldValue('items', addBatchLine(form.getValues().items, found));
    form.clearFieldError('items');
    notifySuccess(RESTOCK_MESSAGES.byBarcode);
  };

  const changeWarehouse = (name: string) => {
    // Lines belong to the warehouse they were picked from.
    form.setValues({ warehouse_name: name, items: [] });
    setSearch('');
  };

  const submit = form.onSubmit(
    async (valid) => {
      await submitWithInvoice((invoiceUrl) => batchPayload(valid, invoiceUrl));
    },
    (errors) => {
      focusFirstError(ID, errors, { items: `${ID}-item-search` });
      if (errors.items) notifyErrorText(String(errors.items));
    },
  );

  const total = batchTotalKobo(values.items);

  return (
    <form onSubmit={submit} noValidate aria-label="Restock items">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            id={`${ID}-supplier_name`}
            label="Supplier name"
            required
            // The form opens on its first field to type into, not on the dialog's close button.
            data-autofocus
            maxLength={120}
            {...form.getInputProps('supplier_name')}
          />
          <TextInput
            id={`${ID}-supplier_phone`}
            label="Supplier phone (optional)"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={40}
            {...form.getInputProps('supplier_phone')}
          />
          <WarehouseSelect
            id={`${ID}-warehouse_name`}
            warehouses={warehouses}
            required
            value={values.warehouse_name}
            onChange={changeWarehouse}
            error={form.errors.warehouse_name}
          />
          <TextInput
            id={`${ID}-purchase_date`}
            type="date"
            label="Purchase date"
            required
            {...form.getInputProps('purchase_date')}
          />
        </SimpleGrid>

        <Divider />
        <section aria-labelledby={`${ID}-items-heading`}>
          <Text id={`${ID}-items-heading`} fw={700} mb="xs">
            Items
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <StockItemSelect
              id={`${ID}-item-search`}
              label="Search items"
              items={inventory.data}
              limit={ITEM_SUGGESTION_LIMIT}
              loading={inventory.isFetching}
              noWarehouse={!values.warehouse_name}
              search={search}
              onSearchChange={setSearch}
              onPick={addItemByName}
              error={form.errors.items}
            />
            <BarcodeInput
              id={`${ID}-barcode`}
              label="Scan barcode to add"
              clearOnScan
              loading={lookingUp}
              disabled={!values.warehouse_name}
              onScan={(code) => void addByBarcode(code)}
            />
          </SimpleGrid>
          {inventory.isError && (
            <Alert color="red" variant="light" mt="sm" role="alert">
              {errorMessage(inventory.error, RESTOCK_MESSAGES.itemsFailure)}
            </Alert>
          )}

          <Stack gap="xs" mt="sm" aria-label="Items to restock" role="list">
            {values.items.map((line, index) => (
              <Paper key={line.item_id} withBorder radius="md" p="xs" role="listitem">
                <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
                  <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {line.item_name}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${line.item_name}`}
                    onClick={() => form.removeListItem('items', index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
                  <NumberInput
                    id={`${ID}-items-${index}-quantity`}
                    label="Quantity"
                    size="sm"
                    min={1}
                    clampBehavior="none"
                    allowDecimal={false}
                    allowNegative={false}
                    inputMode="numeric"
                    thousandSeparator=","
                    {...form.getInputProps(`items.${index}.quantity`)}
                  />
                  <MoneyInput
                    id={`${ID}-items-${index}-unit_price`}
                    label="Unit price (₦)"
                    size="sm"
                    {...form.getInputProps(`items.${index}.unit_price`)}
                  />
                  <div>
                    <Text size="sm" fw={500} mb={4}>
                      Line total
                    </Text>
                    <Text size="sm" py={6}>
                      {formatMoney(koboToNaira(lineTotalKobo(line.quantity, line.unit_price)))}
                    </Text>
                  </div>
                </SimpleGrid>
              </Paper>
            ))}
            {values.items.length === 0 && (
              <Text size="sm" c="dimmed">
                No items yet. Search for an item or scan its barcode.
              </Text>
            )}
          </Stack>
        </section>

        <Divider />
        <PurchasePaymentPart
          idPrefix={ID}
          values={values}
          errors={form.errors}
          totalKobo={total}
          onChange={(patch) => form.setValues(patch)}
          invoice={invoice}
          notes={form.getInputProps('notes')}
        />

        <PurchaseFormActions submitLabel="Complete Restock" busy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}

export function RestockItemsModal({
  opened,
  onClose,
  defaultWarehouse = '',
}: {
  opened: boolean;
  onClose: () => void;
  defaultWarehouse?: string;
}) {
  return (
    <WarehouseFormModal
      opened={opened}
      onClose={onClose}
      title="Restock Items"
      emptyMessage="No warehouses yet. Use Add New Item to create a warehouse and its first item."
    >
      {(warehouses) => (
        <RestockItemsForm onDone={onClose} warehouses={warehouses} defaultWarehouse={defaultWarehouse} />
      )}
    </WarehouseFormModal>
  );
}
