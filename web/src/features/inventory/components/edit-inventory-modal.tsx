import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { BUSINESS_TIME_ZONE } from '@app/domain/dates/business-date';
import { formatCount, formatDate } from '../../../lib/format';
import { useAdjustInventory } from '../api/adjust-inventory';
import { useAdjustments, type TAdjustmentField } from '../api/get-adjustments';
import type { TDailyLogRow } from '../api/get-daily-logs';
import { ADJUSTMENT_WINDOW_DAYS, useItemHistory } from '../api/get-item-history';
import { useItemSearch } from '../api/get-items-map';
import { InventoryItemSelect } from './inventory-item-select';
import { failureText } from './failure';
import { ScrollTable } from '../../../components/scroll-table';
import { EmptyRow } from '../../../components/table-parts';

/** Spec 2 §9. */
export const CLOSE_AFTER_SUCCESS_MS = 2000;
export const ERROR_CLEARS_MS = 4000;
export const NO_HISTORY = 'Item has no history. Please select an item with existing records.';
export const INVALID_QUANTITY = 'Please enter a valid quantity';

export const FIELD_LABELS: Record<TAdjustmentField, string> = {
  supplied_quantity: 'Supplied',
  stock_out: 'Stock out',
  return_quantity: 'Returned',
};
const FIELDS = Object.keys(FIELD_LABELS) as TAdjustmentField[];

const WHEN = new Intl.DateTimeFormat('en-NG', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

type TEditForm = {
  item_id: string | null;
  log_date: string | null;
  field: TAdjustmentField;
  value: number | string;
  notes: string;
};

function fieldLabel(field: string): string {
  return FIELD_LABELS[field as TAdjustmentField] ?? field;
}

function dayLabel(row: TDailyLogRow): string {
  return `${formatDate(row.log_date)} · in ${formatCount(row.supplied_quantity)}, out ${formatCount(
    row.stock_out,
  )}, returned ${formatCount(row.return_quantity)}`;
}

/**
 * Edit Inventory (spec 2 §2, §4): set a day's supplied, stock-out or returned figure for an item
 * with history in the last 30 days. On success it closes after 2 s and hands back the edited date.
 */
export function EditInventoryModal({
  opened,
  onClose,
  warehouse,
  onAdjusted,
}: {
  opened: boolean;
  onClose: () => void;
  warehouse: string | null;
  /** Called 2 s after a successful adjustment, with the edited date and the server's message. */
  onAdjusted: (logDate: string, message: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Inventory" size="xl" fullScreen={phone}>
      <EditInventoryForm warehouse={warehouse} onAdjusted={onAdjusted} />
    </Modal>
  );
}

export function EditInventoryForm({
  warehouse,
  onAdjusted,
}: {
  warehouse: string | null;
  onAdjusted: (logDate: string, message: string) => void;
}) {
  const picker = useItemSearch(warehouse);
  const adjust = useAdjustInventory();
  const recent = useAdjustments(true);
  const [done, setDone] = useState<{ logDate: string; message: string } | null>(null);
  const form = useForm<TEditForm>({
    mode: 'controlled',
    initialValues: { item_id: null, log_date: null, field: 'supplied_quantity', value: '', notes: '' },
    validate: {
      item_id: (value) => (value ? null : 'Please select an item'),
      log_date: (value) => (value ? null : 'Please select a date'),
      value: (value) => {
        const number = Number(value);
        return value !== '' && Number.isInteger(number) && number > 0 ? null : INVALID_QUANTITY;
      },
    },
  });
  const itemId = form.values.item_id ? Number(form.values.item_id) : null;
  const history = useItemHistory(itemId);
  const days = history.data ?? [];
  const day = days.find((row) => row.log_date === form.values.log_date);
  const noHistory = itemId !== null && history.isSuccess && days.length === 0;

  // Spec 2 §4: close 2 s after success; the error clears after 4 s.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onAdjusted(done.logDate, done.message), CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [done, onAdjusted]);
  const { isError, reset } = adjust;
  useEffect(() => {
    if (!isError) return;
    const timer = setTimeout(reset, ERROR_CLEARS_MS);
    return () => clearTimeout(timer);
  }, [isError, reset]);

  const submit = form.onSubmit((values) => {
    if (!values.item_id || !values.log_date) return;
    adjust.mutate(
      {
        itemId: Number(values.item_id),
        logDate: values.log_date,
        field: values.field,
        value: Number(values.value),
        notes: values.notes,
      },
      {
        onSuccess: (response) =>
          setDone({
            logDate: values.log_date ?? '',
            message: response?.message || 'Inventory adjusted successfully.',
          }),
      },
    );
  });

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Correct a day in the last {ADJUSTMENT_WINDOW_DAYS} days. The figure you enter replaces that day’s
            figure, and every later day’s balances follow.
          </Text>
          {done && (
            <Alert color="green" role="status">
              {done.message}
            </Alert>
          )}
          {adjust.isError && (
            <Alert color="red" role="alert">
              {failureText('Failed to adjust inventory', adjust.error)}
            </Alert>
          )}
          <InventoryItemSelect
            picker={picker}
            withAsterisk
            data-autofocus
            value={form.values.item_id}
            onChange={(value) => {
              form.setValues({ item_id: value, log_date: null });
              form.clearErrors();
            }}
            error={form.errors.item_id}
          />
          {history.isError && (
            <Alert color="red" role="alert">
              {failureText('Failed to load inventory data', history.error)}
            </Alert>
          )}
          {noHistory ? (
            <Alert color="yellow" role="alert">
              {NO_HISTORY}
            </Alert>
          ) : (
            <Select
              label="Date"
              placeholder={
                itemId === null
                  ? 'Select an item first'
                  : history.isPending
                    ? 'Loading history...'
                    : 'Select a date'
              }
              data={days.map((row) => ({ value: row.log_date, label: dayLabel(row) }))}
              disabled={itemId === null || history.isPending}
              withAsterisk
              {...form.getInputProps('log_date')}
            />
          )}
          <Input.Wrapper label="Field" id="adjust-field-label">
            <SegmentedControl
              fullWidth
              data={FIELDS.map((field) => ({ value: field, label: FIELD_LABELS[field] }))}
              aria-labelledby="adjust-field-label"
              {...form.getInputProps('field')}
            />
          </Input.Wrapper>
          <NumberInput
            label="New value"
            description={
              day
                ? `Currently ${formatCount(day[form.values.field])} on ${formatDate(day.log_date)}`
                : undefined
            }
            min={1}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            {...form.getInputProps('value')}
          />
          <Textarea
            label="Notes"
            placeholder="Why the figure changed"
            rows={2}
            maxLength={500}
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} />}
              loading={adjust.isPending}
              disabled={noHistory || done !== null}
            >
              Save adjustment
            </Button>
          </Group>
        </Stack>
      </form>

      <section aria-labelledby="recent-adjustments">
        <Title id="recent-adjustments" order={3} fz="sm" mb="xs">
          Recent activity
        </Title>
        {recent.isError && (
          <Alert color="red" role="alert" mb="xs">
            {failureText('Failed to load inventory data', recent.error)}
          </Alert>
        )}
        <ScrollTable minWidth={620} label="Recent adjustments">
          <Table striped withTableBorder verticalSpacing={6} fz="sm" aria-label="Recent adjustments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Day</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(recent.data ?? []).slice(0, 5).map((row) => (
                <Table.Tr key={row.adjustment_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {WHEN.format(new Date(row.created_at))}
                  </Table.Td>
                  <Table.Td>{row.item_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.log_date)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fieldLabel(row.field)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCount(row.old_value)} → {formatCount(row.new_value)}
                  </Table.Td>
                  <Table.Td>{row.user_name ?? ''}</Table.Td>
                  <Table.Td>{row.notes ?? ''}</Table.Td>
                </Table.Tr>
              ))}
              {(recent.data ?? []).length === 0 && (
                <EmptyRow columns={7}>{recent.isPending ? 'Loading...' : 'No records'}</EmptyRow>
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </section>
    </Stack>
  );
}
