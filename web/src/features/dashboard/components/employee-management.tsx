import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Collapse,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZCreateEmployeeRequestSchema } from '@app/domain/schemas/employees';
import { errorMessage } from '../../../lib/api-client';
import { useCreateEmployee, type TCreateEmployeeInput } from '../api/create-employee';
import { useEmployees } from '../api/get-employees';
import { EmployeeTable } from './employee-table';

const resolver = zod4Resolver(ZCreateEmployeeRequestSchema.omit({ role: true }));

/** Employee Management (MD only, spec 1 §2): create form and the employee table. */
export function EmployeeManagement() {
  const [formOpen, setFormOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const employees = useEmployees(true);
  const create = useCreateEmployee();
  const form = useForm<TCreateEmployeeInput>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '' },
    validate: resolver,
  });

  // The list's failure is only logged (spec 1 §8).
  useEffect(() => {
    if (employees.isError) console.warn('Could not load the employee list', employees.error);
  }, [employees.isError, employees.error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSuccess(null);
    create.reset();
    const values = form.getValues();
    if (!values.name.trim() || !values.email.trim() || !values.password) {
      form.clearErrors();
      setFormError('All fields are required');
      return;
    }
    setFormError(null);
    form.onSubmit((valid) => {
      create.mutate(
        { name: valid.name.trim(), email: valid.email.trim(), password: valid.password },
        {
          onSuccess: (response) => {
            setSuccess(
              response?.message || `Employee ${valid.name.trim()} created. Login details were e-mailed.`,
            );
            form.reset();
          },
        },
      );
    })(event);
  };

  const createError = create.isError ? errorMessage(create.error, '') : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          Employee Management
        </Title>
        <Button
          leftSection={formOpen ? undefined : <IconUserPlus size={18} />}
          variant={formOpen ? 'default' : 'filled'}
          onClick={() => setFormOpen((open) => !open)}
          aria-expanded={formOpen}
          aria-controls="create-employee-form"
        >
          {formOpen ? 'Hide Form' : 'Create Employee'}
        </Button>
      </Group>

      {success && (
        <Alert
          color="green"
          mb="sm"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSuccess(null)}
        >
          {success}
        </Alert>
      )}

      {/* The form mounts when it opens (kept mounted, React rendered it hidden after the first paint). */}
      <Collapse expanded={formOpen} keepMounted={false} id="create-employee-form">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm" mb="md">
            <Text size="sm" c="dimmed">
              The employee&apos;s login credentials will be e-mailed to them. They sign in with Employee Login
              using this e-mail and password.
            </Text>
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            {create.isError && (
              <Alert color="red" role="alert">
                {createError ? `Failed to create employee: ${createError}` : 'Failed to create employee'}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="off"
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                required
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={create.isPending}>
                Create employee account
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>

      <EmployeeTable employees={employees.data ?? []} loading={employees.isPending} />
    </Paper>
  );
}
