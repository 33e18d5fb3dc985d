import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZCreateEmployeeRequestSchema } from '@app/domain/schemas/employees';
import { failureText } from '../../../lib/notify';
import { useCreateEmployee, type TCreateEmployeeInput } from '../api/create-employee';

const resolver = zod4Resolver(ZCreateEmployeeRequestSchema.omit({ role: true }));

/** The MD's form for a new employee (spec 1 §2); `onCreated` gets the message to show above it. */
export function CreateEmployeeForm({ onCreated }: { onCreated: (message: string | null) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateEmployee();
  const form = useForm<TCreateEmployeeInput>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '' },
    validate: resolver,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onCreated(null);
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
            onCreated(
              response?.message || `Employee ${valid.name.trim()} created. Login details were e-mailed.`,
            );
            form.reset();
          },
        },
      );
    })(event);
  };

  return (
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
            {failureText('Failed to create employee', create.error)}
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
  );
}
