import { useState } from 'react';
import { Alert, Button, NumberInput, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowBackUp } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZReturnItemRequestSchema, type TReturnItemRequest } from '@app/domain/schemas/stock';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { QueuedRecords, recordedTime, type TQueuedView } from '../../../components/queued-records';
import { useHasPermission } from '../../../lib/use-has-permission';
import { formatCount, formatDate } from '../../../lib/format';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { useItemSearch } from '../api/get-items-map';
import { InventoryItemSelect } from './inventory-item-select';
import {
  newIdempotencyKey,
  RETURN_QUEUED_MESSAGE,
  useReturnItem,
  type TQueuedReturnSummary,
} from '../api/return-item';
import { failureText } from './failure';
import { INVENTORY_PERMISSIONS } from './inventory-permissions';
import { ResendReturnModal } from './resend-return-modal';

/** A return waiting on the device: the item, how many, the day and when it was recorded. */
function queuedReturnView(record: TOutboxRecord): TQueuedView {
  const summary = record.summary as TQueuedReturnSummary;
  return {
    title: `${summary.item_name} × ${formatCount(summary.return_quantity)} returned`,
    details: [
      [
        summary.warehouse_name,
        formatDate(`${summary.selected_date}T12:00:00Z`),
        `recorded ${recordedTime(record.recordedAt)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    ],
  };
}

export type TReturnItemForm = {
  item_id: number | null;
  return_quantity: number | string;
  selected_date: string;
  access_code: string;
};

const resolver = zod4Resolver(ZReturnItemRequestSchema);

export const RETURN_DENIED = DENIED_MESSAGES['inventory.update.access'];

/**
 * Return item (spec 2 §2 Home): an item, a quantity (default 1), the date and the business access
 * code. Employees return on today's date only.
 */
export function ReturnItemForm({
  warehouse,
  today,
  dateLocked,
}: {
  warehouse: string | null;
  today: string;
  dateLocked: boolean;
}) {
  const canReturn = useHasPermission(INVENTORY_PERMISSIONS.returnItem);
  const picker = useItemSearch(warehouse);
  const items = picker.query;
  const options = picker.options;
  const returnItem = useReturnItem();
  const [success, setSuccess] = useState<string | null>(null);
  const [resending, setResending] = useState<TOutboxRecord | null>(null);
  // The same return retried after a dropped answer keeps its key; a changed form gets a new one.
  const [attempt, setAttempt] = useState<{ payload: string; key: string } | null>(null);
  const form = useForm<TReturnItemForm>({
    mode: 'controlled',
    initialValues: { item_id: null, return_quantity: 1, selected_date: today, access_code: '' },
    validate: resolver,
  });

  const submit = form.onSubmit((values) => {
    setSuccess(null);
    const request = {
      item_id: values.item_id,
      return_quantity: Number(values.return_quantity),
      selected_date: dateLocked ? today : values.selected_date,
      access_code: values.access_code,
    } as TReturnItemRequest;
    const payload = JSON.stringify(request);
    const key = attempt?.payload === payload ? attempt.key : newIdempotencyKey();
    setAttempt({ payload, key });
    const option = options.find((candidate) => candidate.itemId === request.item_id);
    const label = option?.label ?? 'Item';
    const item = { label: option?.itemName ?? label, warehouseName: option?.warehouseName ?? warehouse };
    returnItem.mutate(
      { request, idempotencyKey: key, item },
      {
        onSuccess: (response) => {
          setAttempt(null);
          setSuccess(
            response.queued
              ? RETURN_QUEUED_MESSAGE
              : response.message || `Returned ${request.return_quantity} × ${label} to stock.`,
          );
          form.setValues({ item_id: null, return_quantity: 1, access_code: '' });
          form.resetDirty();
        },
      },
    );
  });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="return-item"
    >
      <Title id="return-item" order={3} fz="md" mb="xs">
        Return item
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!canReturn && (
            <Alert color="yellow" role="note">
              {RETURN_DENIED}
            </Alert>
          )}
          {success && (
            <Alert
              color="green"
              role="status"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setSuccess(null)}
            >
              {success}
            </Alert>
          )}
          {returnItem.isError && (
            <Alert color="red" role="alert">
              {failureText('Failed to return item', returnItem.error)}
            </Alert>
          )}
          <InventoryItemSelect
            picker={picker}
            value={form.values.item_id === null ? null : String(form.values.item_id)}
            onChange={(value) => {
              form.setFieldValue('item_id', value ? Number(value) : null);
            }}
            error={form.errors.item_id}
            withAsterisk
            disabled={items.isError}
          />
          {items.isError && (
            <Alert color="red" role="alert">
              {failureText('Failed to load inventory data', items.error)}
            </Alert>
          )}
          <NumberInput
            label="Quantity"
            min={1}
            clampBehavior="none"
            step={1}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            {...form.getInputProps('return_quantity')}
          />
          <TextInput
            label="Date"
            type="date"
            max={today}
            withAsterisk
            disabled={dateLocked}
            description={dateLocked ? 'Employees can return items on today’s date only.' : undefined}
            {...form.getInputProps('selected_date')}
            value={dateLocked ? today : form.values.selected_date}
          />
          <PasswordInput
            label="Access code"
            description="The business access code set by the MD."
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('access_code')}
          />
          <Button
            type="submit"
            leftSection={<IconArrowBackUp size={18} />}
            loading={returnItem.isPending}
            disabled={!canReturn}
            style={{ alignSelf: 'flex-start' }}
          >
            Return item
          </Button>
          <QueuedRecords
            kind="return"
            noun="return"
            testId="queued-return"
            view={queuedReturnView}
            onResend={setResending}
          />
          {resending && <ResendReturnModal record={resending} onClose={() => setResending(null)} />}
        </Stack>
      </form>
    </Paper>
  );
}
