import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { REQUISITION_MESSAGES, type TRequisition } from '@app/domain/schemas/requisitions';
import { SignaturePad } from '../../../components/signature-pad';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/use-auth';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCreateRequisitions, useUpdateRequisition } from '../api/change-requisition';
import { useRequisitionEmployees, useRequisitionWarehouses } from '../api/get-requisition-options';
import {
  requisitionBody,
  requisitionFormSchema,
  type TRequisitionFormValues,
} from '../utils/requisition-form';
import { BACK_TO_LIST_MS, REQUISITION_TEXT } from '../utils/requisition-messages';
import { newLineKey, RequisitionLines } from './requisition-lines';

const resolver = zod4Resolver(requisitionFormSchema);
type TBanner = { color: 'green' | 'red' | 'yellow'; text: string };

function initialValues(editing: TRequisition | null, callerId: number | null): TRequisitionFormValues {
  if (!editing)
    return { warehouse_name: '', employee_id: callerId ? String(callerId) : '', reason: '', lines: [] };
  return {
    warehouse_name: editing.warehouse_name,
    employee_id: editing.employee_id ? String(editing.employee_id) : '',
    reason: editing.reason,
    lines: [
      { key: newLineKey(), item: editing.item, price: null, in_stock: null, quantity: editing.quantity },
    ],
  };
}

/** New Requisition and Edit Requisition (spec 3 §2.3): warehouse, employee, items, reason and a signature. */
export function RequisitionForm({ editing, onBack }: { editing: TRequisition | null; onBack: () => void }) {
  const auth = useAuth();
  const form = useForm<TRequisitionFormValues>({
    mode: 'controlled',
    initialValues: initialValues(editing, auth.userId),
    validate: resolver,
  });
  const values = form.getValues();
  const [signature, setSignature] = useState<string | null>(null);
  const [banners, setBanners] = useState<TBanner[]>([]);
  const warehouses = useRequisitionWarehouses();
  const employees = useRequisitionEmployees();
  const create = useCreateRequisitions();
  const update = useUpdateRequisition();
  const idempotency = useIdempotencyKey('requisitions.create');
  const busy = create.isPending || update.isPending;
  const done = banners.some((banner) => banner.color === 'green');

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onBack, BACK_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [done, onBack]);

  const failed = (error: unknown) =>
    setBanners([{ color: 'red', text: errorMessage(error, REQUISITION_TEXT.saveFailure) }]);
  const submit = (valid: TRequisitionFormValues) => {
    if (busy || done) return;
    const body = requisitionBody(valid, signature);
    setBanners([]);
    if (editing) {
      update.mutate(
        { id: editing.requisition_id, body },
        { onSuccess: (answer) => setBanners([{ color: 'green', text: answer.msg }]), onError: failed },
      );
      return;
    }
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (answer) => {
          idempotency.reset();
          setBanners([
            { color: 'green', text: 'Requisition submitted successfully' },
            ...(answer.officer_email_configured
              ? []
              : [{ color: 'yellow' as const, text: REQUISITION_MESSAGES.noOfficer }]),
          ]);
        },
        onError: failed,
      },
    );
  };

  const warehouseOptions = (warehouses.data ?? []).map((w) => w.warehouse_name);
  const people = (employees.data ?? []).map((person) => ({
    value: String(person.employee_id),
    label: person.name,
  }));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form
        onSubmit={form.onSubmit(submit)}
        noValidate
        aria-label={editing ? 'Edit Requisition' : 'New Requisition'}
      >
        <Stack gap="md">
          <Group gap="xs">
            <ActionIcon variant="subtle" aria-label="Back to requisitions" onClick={onBack}>
              <IconArrowLeft size={20} />
            </ActionIcon>
            <Title order={2}>{editing ? 'Edit Requisition' : 'New Requisition'}</Title>
          </Group>
          {banners.map((banner) => (
            <Alert key={banner.text} color={banner.color} role={banner.color === 'red' ? 'alert' : 'status'}>
              {banner.text}
            </Alert>
          ))}
          {warehouses.isError && (
            <Alert color="red" role="alert">
              {errorMessage(warehouses.error, REQUISITION_TEXT.warehousesFailure)}
            </Alert>
          )}
          {warehouses.data && warehouseOptions.length === 0 && (
            <Alert color="yellow">{REQUISITION_TEXT.noWarehouses}</Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              id="requisition-warehouse_name"
              label="Warehouse"
              required
              data={[{ value: '', label: 'Select a warehouse' }, ...warehouseOptions]}
              {...form.getInputProps('warehouse_name')}
              onChange={(event) => {
                // Items belong to a warehouse: another warehouse starts with none, an edit's too.
                form.setFieldValue('warehouse_name', event.currentTarget.value);
                form.setFieldValue('lines', []);
              }}
            />
            <NativeSelect
              id="requisition-employee_id"
              label="Employee"
              data={people.length ? people : [{ value: values.employee_id, label: auth.username ?? 'Me' }]}
              {...form.getInputProps('employee_id')}
            />
          </SimpleGrid>
          <RequisitionLines
            warehouseName={values.warehouse_name}
            lines={values.lines}
            single={editing !== null}
            error={form.errors.lines}
            onChange={(lines) => {
              form.setFieldValue('lines', lines);
              form.clearFieldError('lines');
            }}
          />
          <Textarea
            id="requisition-reason"
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('reason')}
          />
          <SignaturePad label="Signature" onChange={setSignature} disabled={busy || done} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onBack} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={done}>
              {editing ? 'Save Changes' : 'Submit Requisition'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
