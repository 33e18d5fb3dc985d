import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isMdRole } from '@app/domain/permissions/check';
import { ALL_FIELDS_REQUIRED, ZChangePasswordFormSchema } from '@app/domain/schemas/settings-account';
import { useMe } from '../../../lib/api/get-me';
import { failureText } from '../../../lib/notify';
import { useAuth } from '../../../lib/use-auth';
import { useChangePassword } from '../api/change-password';

type TPasswordForm = { email: string; access_code: string; new_password: string; confirm_password: string };

const EMPTY: TPasswordForm = { email: '', access_code: '', new_password: '', confirm_password: '' };
const resolver = zod4Resolver(ZChangePasswordFormSchema);

/** Spec 1 §5: any empty field is "All fields are required"; then the shared schema (and "Passwords do not match"). */
export function passwordFormProblem(values: TPasswordForm): string | null {
  const filled = [
    values.email.trim(),
    values.access_code.trim(),
    values.new_password,
    values.confirm_password,
  ];
  return filled.every(Boolean) ? null : ALL_FIELDS_REQUIRED;
}

/**
 * Settings → Password (spec 1 §2): e-mail, access code, new password and its confirmation. The MD may set
 * the password of any account of the business by its e-mail; an employee sets their own. The account's
 * other sessions are signed out at once; this one stays.
 */
export function PasswordChange() {
  const auth = useAuth();
  const me = useMe();
  const isMd = isMdRole(auth.role);
  const ownEmail = me.data?.email ?? '';
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={2} fz="lg">
          Change Password
        </Title>
        <Text size="sm" c="dimmed">
          {isMd
            ? 'Set a new password for your account or an employee’s, by its e-mail. The business access code is needed. Every other session of that account is signed out at once.'
            : 'Set a new password for your account. The business access code is needed: ask the MD for it. Your other sessions are signed out at once.'}
        </Text>
      </div>
      {/* The form waits for the caller's e-mail: filled in later, it would start again and lose what was typed. */}
      {me.isLoading ? (
        <Skeleton h={180} radius="md" aria-label="Loading the password form" />
      ) : (
        <PasswordForm ownEmail={ownEmail} isMd={isMd} />
      )}
    </Stack>
  );
}

/** The form, started with the caller's own e-mail. */
function PasswordForm({ ownEmail, isMd }: { ownEmail: string; isMd: boolean }) {
  const change = useChangePassword();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<TPasswordForm>({
    mode: 'controlled',
    initialValues: { ...EMPTY, email: ownEmail },
    validate: resolver,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    change.reset();
    const missing = passwordFormProblem(form.getValues());
    setProblem(missing);
    if (missing) {
      form.clearErrors();
      return;
    }
    form.onSubmit((values) =>
      change.mutate(
        {
          email: values.email.trim(),
          access_code: values.access_code.trim(),
          new_password: values.new_password,
        },
        {
          onSuccess: (response) => {
            setDone(response.message);
            form.setValues({ access_code: '', new_password: '', confirm_password: '' });
          },
        },
      ),
    )(event);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {change.isError && (
            <Alert color="red" role="alert">
              {failureText('Failed to change password', change.error)}
            </Alert>
          )}
          {done && (
            <Alert
              color="green"
              role="status"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setDone(null)}
            >
              {done}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="E-mail"
              description={isMd ? 'Yours, or an employee’s' : 'Your account’s e-mail'}
              type="email"
              autoComplete="username"
              withAsterisk
              maxLength={254}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Access code"
              description="The business access code (Settings → Access Code)"
              autoComplete="off"
              withAsterisk
              maxLength={64}
              {...form.getInputProps('access_code')}
            />
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              withAsterisk
              maxLength={128}
              {...form.getInputProps('new_password')}
            />
            <PasswordInput
              label="Confirm new password"
              description="The same password again"
              autoComplete="new-password"
              withAsterisk
              maxLength={128}
              {...form.getInputProps('confirm_password')}
            />
          </SimpleGrid>
          <Button
            type="submit"
            leftSection={<IconLock size={18} />}
            loading={change.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Change Password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
