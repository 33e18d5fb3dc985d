import {
  Divider,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { businessDate } from '@app/domain/dates/business-date';
import { BarcodeInput } from '../../../components/barcode-scanner/barcode-input';
import { useCreateNewItem } from '../api/create-new-item';
import { focusFirstError } from '../focus-first-error';
import {
  lineTotalKobo,
  newItemInitialValues,
  newItemPayload,
  ZNewItemFormSchema,
  type TNewItemForm,
} from '../restock-forms';
import { WarehouseFormModal } from './warehouse-form-modal';
import type { TWarehouse } from '../restock-types';
import { useInvoicedSubmit } from '../use-invoiced-submit';
import { PurchaseFormActions, PurchasePaymentPart } from './purchase-form-end';
import { WarehouseSelect } from './warehouse-select';

export const ADD_ITEM_MESSAGES = {
  success: 'Item added successfully!',
  failure: 'Failed to add item',
  uploadFailure: 'Failed to upload invoice file',
} as const;

const resolver = zod4Resolver(ZNewItemFormSchema);
const ID = 'new-item';

/** The warehouse to preselect: the screen's filter, else the only one there is. */
export function preselectedWarehouse(warehouses: readonly TWarehouse[], preferred: string): string {
  if (preferred && warehouses.some((w) => w.warehouse_name === preferred)) return preferred;
  return warehouses.length === 1 ? warehouses[0]!.warehouse_name : '';
}

export function AddItemForm({
  onDone,
  warehouses,
  defaultWarehouse,
}: {
  onDone: () => void;
  warehouses: readonly TWarehouse[];
  defaultWarehouse: string;
}) {
  const create = useCreateNewItem();
  const {
    invoice,
    submit: submitWithInvoice,
    busy,
  } = useInvoicedSubmit({
    scope: 'restock.new-item',
    mutation: create,
    messages: ADD_ITEM_MESSAGES,
    onDone,
  });
  const form = useForm<TNewItemForm>({
    mode: 'controlled',
    initialValues: {
      ...newItemInitialValues(businessDate(), preselectedWarehouse(warehouses, defaultWarehouse)),
      warehouse_mode: warehouses.length === 0 ? 'new' : 'existing',
    },
    validate: resolver,
  });
  const values = form.getValues();
  const noWarehouses = warehouses.length === 0;
  const mode = values.warehouse_mode;

  const submit = form.onSubmit(
    async (valid) => {
      await submitWithInvoice((invoiceUrl) => newItemPayload(valid, invoiceUrl));
    },
    (errors) => focusFirstError(ID, errors),
  );

  const total = lineTotalKobo(values.supplied_quantity, values.unit_price);

  return (
    <form onSubmit={submit} noValidate aria-label="Add new item">
      <Stack gap="md">
        <section aria-labelledby={`${ID}-warehouse-heading`}>
          <Text id={`${ID}-warehouse-heading`} fw={700} mb="xs">
            Warehouse
          </Text>
          <Stack gap="sm">
            <SegmentedControl
              fullWidth
              aria-label="Warehouse choice"
              data={[
                { value: 'existing', label: 'Existing warehouse', disabled: noWarehouses },
                { value: 'new', label: 'Create new' },
              ]}
              value={mode}
              onChange={(value) =>
                form.setFieldValue('warehouse_mode', value as TNewItemForm['warehouse_mode'])
              }
            />
            {mode === 'existing' ? (
              <WarehouseSelect
                id={`${ID}-warehouse_name`}
                warehouses={warehouses}
                required
                value={values.warehouse_name}
                onChange={(value) => form.setFieldValue('warehouse_name', value)}
                error={form.errors.warehouse_name}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  id={`${ID}-new_warehouse_name`}
                  label="New warehouse name"
                  required
                  maxLength={100}
                  {...form.getInputProps('new_warehouse_name')}
                />
                <Radio.Group
                  label="Give access to all employees?"
                  value={values.access_choice}
                  onChange={(value) => form.setFieldValue('access_choice', value as 'Yes' | 'No')}
                >
                  <Group gap="lg" mt={8}>
                    <Radio value="Yes" label="Yes" />
                    <Radio value="No" label="No" />
                  </Group>
                </Radio.Group>
              </SimpleGrid>
            )}
            {noWarehouses && (
              <Text size="sm" c="dimmed">
                No warehouse yet: name your first one.
              </Text>
            )}
          </Stack>
        </section>

        <Divider />
        <section aria-labelledby={`${ID}-item-heading`}>
          <Text id={`${ID}-item-heading`} fw={700} mb="xs">
            Item
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              id={`${ID}-item_name`}
              label="Item name"
              required
              // The form opens on its first field to type into, not on the dialog's close button.
              data-autofocus
              maxLength={120}
              {...form.getInputProps('item_name')}
            />
            <BarcodeInput
              id={`${ID}-barcode`}
              label="Barcode (optional)"
              value={values.barcode}
              onChange={(value) => form.setFieldValue('barcode', value)}
              onScan={(code) => form.setFieldValue('barcode', code)}
              error={form.errors.barcode}
            />
            <NumberInput
              id={`${ID}-supplied_quantity`}
              label="Supplied quantity"
              required
              min={0}
              clampBehavior="none"
              allowDecimal={false}
              inputMode="numeric"
              thousandSeparator=","
              {...form.getInputProps('supplied_quantity')}
            />
            <NumberInput
              id={`${ID}-reorder_level`}
              label="Reorder level"
              min={0}
              clampBehavior="none"
              allowDecimal={false}
              inputMode="numeric"
              thousandSeparator=","
              {...form.getInputProps('reorder_level')}
            />
            <MoneyInput
              id={`${ID}-unit_price`}
              label="Unit price (₦)"
              required
              {...form.getInputProps('unit_price')}
            />
            <MoneyInput
              id={`${ID}-min_price`}
              label="Minimum price (₦, optional)"
              description="Staff who may sell below the price never go under it"
              {...form.getInputProps('min_price')}
            />
            <Textarea
              id={`${ID}-description`}
              label="Description (optional)"
              autosize
              minRows={1}
              maxRows={4}
              maxLength={1000}
              {...form.getInputProps('description')}
            />
          </SimpleGrid>
        </section>

        <Divider />
        <section aria-labelledby={`${ID}-purchase-heading`}>
          <Text id={`${ID}-purchase-heading`} fw={700} mb="xs">
            Purchase and payment
          </Text>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                id={`${ID}-supplier_name`}
                label="Supplier name"
                required
                maxLength={120}
                {...form.getInputProps('supplier_name')}
              />
              <TextInput
                id={`${ID}-purchase_date`}
                type="date"
                label="Purchase date"
                required
                {...form.getInputProps('purchase_date')}
              />
            </SimpleGrid>
            <PurchasePaymentPart
              idPrefix={ID}
              values={values}
              errors={form.errors}
              totalKobo={total}
              onChange={(patch) => form.setValues(patch)}
              invoice={invoice}
              notes={form.getInputProps('notes')}
            />
          </Stack>
        </section>

        <PurchaseFormActions submitLabel="Add Item" busy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}

export function AddItemModal({
  opened,
  onClose,
  defaultWarehouse = '',
}: {
  opened: boolean;
  onClose: () => void;
  defaultWarehouse?: string;
}) {
  return (
    <WarehouseFormModal opened={opened} onClose={onClose} title="Add New Item" canCreateWarehouse>
      {(warehouses) => (
        <AddItemForm onDone={onClose} warehouses={warehouses} defaultWarehouse={defaultWarehouse} />
      )}
    </WarehouseFormModal>
  );
}
