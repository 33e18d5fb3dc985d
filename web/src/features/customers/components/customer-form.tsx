import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconUserPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZCustomerRequestSchema, type TCustomer } from '@app/domain/schemas/customers';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PERMISSIONS,
  notifyCustomerError,
  notifyCustomerSuccess,
} from './customers-notify';

export const ADD_DENIED = DENIED_MESSAGES['customers.create.access'];

type TCustomerFormValues = { name: string; phone: string; email: string; address: string };

const valuesOf = (customer: TCustomer | null): TCustomerFormValues => ({
  name: customer?.name ?? '',
  phone: customer?.phone ?? '',
  email: customer?.email ?? '',
  address: customer?.address ?? '',
});

/**
 * Add a customer, or edit the one given (spec 2 §2). The page remounts it (by key) when the customer
 * being edited changes, so its values always start from that customer. Cancel empties it and
 * returns to adding.
 */
export function CustomerForm({ editing, onDone }: { editing: TCustomer | null; onDone: () => void }) {
  const canCreate = useHasPermission(CUSTOMER_PERMISSIONS.create);
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const form = useForm<TCustomerFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(editing),
    validate: zod4Resolver(ZCustomerRequestSchema),
  });
  const disabled = !editing && !canCreate;
  const busy = create.isPending || update.isPending;

  const finish = () => {
    form.setValues(valuesOf(null));
    form.resetDirty(valuesOf(null));
    onDone();
  };

  const submit = form.onSubmit((values) => {
    const customer = ZCustomerRequestSchema.parse(values);
    if (editing) {
      update.mutate(
        { customer_id: editing.customer_id, customer },
        {
          onSuccess: () => {
            notifyCustomerSuccess(CUSTOMER_MESSAGES.updated);
            finish();
          },
          onError: (error) =>
            notifyCustomerError(error, CUSTOMER_MESSAGES.updateFailed, CUSTOMER_MESSAGES.editDenied),
        },
      );
    } else {
      create.mutate(customer, {
        onSuccess: () => {
          notifyCustomerSuccess(CUSTOMER_MESSAGES.added);
          finish();
        },
        onError: (error) => notifyCustomerError(error, CUSTOMER_MESSAGES.addFailed, ADD_DENIED),
      });
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit customer' : 'Add customer'}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {editing ? `Edit Customer #${editing.customer_id}` : 'Add Customer'}
          </Title>
          {disabled && (
            <Alert color="yellow" role="note">
              {ADD_DENIED}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4, xl: 1 }} spacing="sm">
            <TextInput
              label="Name"
              required
              maxLength={120}
              autoComplete="off"
              disabled={disabled}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              required
              maxLength={40}
              autoComplete="off"
              disabled={disabled}
              {...form.getInputProps('phone')}
            />
            <TextInput
              label="Email"
              type="email"
              maxLength={254}
              autoComplete="off"
              disabled={disabled}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Address"
              maxLength={300}
              autoComplete="off"
              disabled={disabled}
              {...form.getInputProps('address')}
            />
          </SimpleGrid>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={finish} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={disabled}
              leftSection={editing ? <IconDeviceFloppy size={18} /> : <IconUserPlus size={18} />}
            >
              {editing ? 'Update Customer' : 'Add Customer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
