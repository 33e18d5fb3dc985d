import { Button, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZAdminUnlockRequestSchema, type TAdminUnlockRequest } from '@app/domain/schemas/vendor-admin';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { setGrant, useUnlockAdmin } from '../api/admin-grant';

/** The admin code prompt (spec 3 §2.6); the server checks the code and answers a grant. */
export function AccessPrompt() {
  const unlock = useUnlockAdmin();
  const form = useForm<TAdminUnlockRequest>({
    initialValues: { code: '' },
    validate: zod4Resolver(ZAdminUnlockRequestSchema),
  });
  const submit = form.onSubmit((values) =>
    unlock.mutate(values, {
      onSuccess: (grant) => {
        notifySuccess(grant.msg);
        // Last: keeping the grant swaps this prompt for the console.
        setGrant(grant);
      },
      onError: (error) => {
        form.setFieldValue('code', '');
        notifyError(error, 'Invalid access code');
      },
    }),
  );
  return (
    <Paper withBorder radius="lg" p="xl" maw={440} mx="auto" mt="xl">
      <form onSubmit={submit}>
        <Stack align="stretch" gap="md">
          <ThemeIcon size={52} radius="xl" color="indigo" variant="light" mx="auto" aria-hidden="true">
            <IconShieldLock size={28} />
          </ThemeIcon>
          <Title order={2} ta="center" fz="xl">
            Admin Access Required
          </Title>
          <Text ta="center" c="dimmed">
            Enter the admin access code to continue
          </Text>
          <PasswordInput
            label="Access code"
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={unlock.isPending} fullWidth>
            Unlock
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
