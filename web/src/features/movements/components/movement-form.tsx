import { useEffect } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { businessDate } from '@app/domain/dates/business-date';
import { MOVEMENT_MESSAGES, WRITE_OFF_NOTES_MIN, type TTransferType } from '@app/domain/schemas/movements';
import { formatCount } from '../../../lib/format';
import { notifyError, notifyFailure, notifyInfo, notifySuccess } from '../../../lib/notify';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMovementItems } from '../api/get-movement-data';
import { useRecordMovement } from '../api/record-movement';
import {
  movementBody,
  movementFormSchema,
  newMovementValues,
  type TMovementFormValues,
  destinationNote,
} from '../utils/movement-form';

const NO_WAREHOUSES = 'No warehouses available. Add one under Restock, or ask the MD to open one to you.';
const FAILURE: Record<TTransferType, string> = {
  warehouse_transfer: 'Transfer failed',
  customer_sale: 'Sale failed',
  stockout: 'Write-off failed',
};
const SUBMIT: Record<TTransferType, string> = {
  warehouse_transfer: 'Transfer Stock',
  customer_sale: 'Record Sale',
  stockout: 'Write Off',
};

/** Whose items a list holds: a transfer's two ends say which one failed to load (spec 3 §8). */
type TItemsRole = 'items' | 'source items' | 'destination items';

/** The items of a warehouse as select options, each with what is on hand. */
function useItemOptions(warehouse: string, role: TItemsRole) {
  const items = useMovementItems(warehouse);
  useEffect(() => {
    if (items.isError) notifyFailure(`Failed to load ${role} from ${warehouse}`);
    else if (items.data && items.data.length === 0) notifyInfo(`No items found in ${warehouse}`);
  }, [items.isError, items.data, warehouse, role]);
  return {
    loaded: items.data !== undefined,
    items: items.data ?? [],
    options: (items.data ?? []).map((item) => ({
      value: String(item.item_id),
      label: `${item.item_name} (${formatCount(item.closing_balance)} in stock)`,
    })),
  };
}

/** One tab's form (spec 3 §2.4): a warehouse transfer, a sale to a business customer or a write-off. */
export function MovementForm({ type, warehouses }: { type: TTransferType; warehouses: string[] }) {
  const form = useForm<TMovementFormValues>({
    mode: 'controlled',
    initialValues: newMovementValues(warehouses[0] ?? '', warehouses[1] ?? ''),
    validate: zod4Resolver(movementFormSchema(type)),
  });
  const values = form.getValues();
  const record = useRecordMovement();
  const idempotency = useIdempotencyKey(`movements.${type}`);
  const isTransfer = type === 'warehouse_transfer';
  const source = useItemOptions(values.source_warehouse, isTransfer ? 'source items' : 'items');
  const destination = useItemOptions(isTransfer ? values.destination_warehouse : '', 'destination items');
  const destinations = warehouses.filter((name) => name !== values.source_warehouse);
  const sourceItem = source.items.find((item) => String(item.item_id) === values.item_id) ?? null;
  const arrival =
    type === 'warehouse_transfer' && destination.loaded
      ? destinationNote(
          sourceItem?.item_name ?? null,
          values.item_name_to,
          destination.items,
          values.destination_warehouse,
        )
      : null;

  if (type === 'warehouse_transfer' && warehouses.length < 2)
    return <Alert color="yellow">{MOVEMENT_MESSAGES.otherWarehouse}</Alert>;
  if (warehouses.length === 0) return <Alert color="yellow">{NO_WAREHOUSES}</Alert>;

  const changeSource = (name: string) => {
    form.setFieldValue('source_warehouse', name);
    form.setFieldValue('item_id', '');
    // The destination never equals the source.
    if (name === values.destination_warehouse)
      form.setFieldValue('destination_warehouse', warehouses.find((other) => other !== name) ?? '');
  };

  const submit = (valid: TMovementFormValues) => {
    const body = movementBody(type, valid);
    record.mutate(
      { type, body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (answer) => {
          idempotency.reset();
          notifySuccess(answer.msg);
          form.setValues({ item_id: '', item_name_to: '', quantity: 1, notes: '' });
        },
        onError: (error) => notifyError(error, FAILURE[type]),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={SUBMIT[type]}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={type === 'warehouse_transfer' ? 'Source warehouse' : 'Warehouse'}
            required
            data={warehouses}
            {...form.getInputProps('source_warehouse')}
            onChange={(event) => changeSource(event.currentTarget.value)}
          />
          {type === 'warehouse_transfer' && (
            <NativeSelect
              label="Destination warehouse"
              required
              data={destinations}
              {...form.getInputProps('destination_warehouse')}
            />
          )}
          <Select
            label={type === 'warehouse_transfer' ? 'Source item' : 'Item'}
            required
            searchable
            placeholder="Choose an item"
            nothingFoundMessage="No items found"
            data={source.options}
            {...form.getInputProps('item_id')}
            // null, not '', once reset: Mantine clears the search text only for null.
            value={values.item_id || null}
            onChange={(value) => form.setFieldValue('item_id', value ?? '')}
          />
          {type === 'warehouse_transfer' && (
            <Stack gap={4}>
              <Autocomplete
                label="Destination item (optional)"
                description="Leave empty to keep the name; type a new name to rename"
                data={destination.items.map((item) => item.item_name)}
                {...form.getInputProps('item_name_to')}
              />
              {arrival && (
                <Text
                  size="xs"
                  c={arrival.warn ? 'orange.9' : 'dimmed'}
                  fw={arrival.warn ? 600 : undefined}
                  role={arrival.warn ? 'alert' : undefined}
                >
                  {arrival.text}
                </Text>
              )}
            </Stack>
          )}
          <NumberInput
            label="Quantity"
            required
            min={1}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('quantity')}
          />
          <TextInput
            type="date"
            label="Date"
            required
            max={businessDate()}
            {...form.getInputProps('movement_date')}
          />
          <TextInput
            label={type === 'stockout' ? 'Authorized By' : 'Issued by'}
            required
            maxLength={120}
            {...form.getInputProps('issued_by')}
          />
          {type === 'warehouse_transfer' && (
            <TextInput label="Received by" required maxLength={120} {...form.getInputProps('received_by')} />
          )}
          {type === 'customer_sale' && (
            <TextInput
              label="Customer name (optional)"
              maxLength={200}
              {...form.getInputProps('customer_name')}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={type === 'stockout' ? 'Reason for write-off' : 'Notes (optional)'}
          required={type === 'stockout'}
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('notes')}
        />
        {type === 'stockout' && (
          <Text size="xs" c={values.notes.trim().length >= WRITE_OFF_NOTES_MIN ? 'green.8' : 'dimmed'}>
            {values.notes.trim().length}/{WRITE_OFF_NOTES_MIN} minimum characters
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending} color={type === 'stockout' ? 'red' : undefined}>
            {SUBMIT[type]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
