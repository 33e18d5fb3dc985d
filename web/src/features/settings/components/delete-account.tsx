import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useNavigate } from 'react-router';
import { isMdRole } from '@app/domain/permissions/check';
import { ZDeleteAccountRequestSchema, type TDeleteAccountType } from '@app/domain/schemas/settings-account';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { useMe } from '../../../lib/api/get-me';
import { clearAllStorage } from '../../../lib/auth-storage';
import { failureText, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../lib/use-auth';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadBusinessExport } from '../api/download-business-export';
import { useSettingsEmployees } from '../api/get-settings-employees';

type TDeleteForm = { account_type: TDeleteAccountType; email: string; password: string; name_value: string };

const resolver = zod4Resolver(ZDeleteAccountRequestSchema);

/**
 * Settings → Delete Account (spec 1 §2), for the MD: remove an employee's account (type "employee"), or
 * close the whole business (type "user") after downloading its data. Both need the MD's own password and
 * a typed confirmation (the employee's name, or the business name exactly), then a confirm dialog.
 */
export function DeleteAccount() {
  const auth = useAuth();
  if (!isMdRole(auth.role)) {
    return (
      <Alert color="blue" variant="light" role="note">
        Only the MD can delete accounts. Ask the MD if your account should be removed.
      </Alert>
    );
  }
  return <DeleteAccountScreen />;
}

function DeleteAccountScreen() {
  const me = useMe();
  const employees = useSettingsEmployees(true);
  const remove = useDeleteAccount();
  const exportData = useDownloadBusinessExport();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<TDeleteForm | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const form = useForm<TDeleteForm>({
    mode: 'controlled',
    initialValues: { account_type: 'employee', email: '', password: '', name_value: '' },
    validate: resolver,
  });
  const type = form.getValues().account_type;
  const businessName = me.data?.tenant_name ?? '';

  const chooseType = (value: string) => {
    const next = value === 'user' ? 'user' : 'employee';
    remove.reset();
    form.setValues({
      account_type: next,
      email: next === 'user' ? (me.data?.email ?? '') : '',
      name_value: '',
      password: '',
    });
    form.clearErrors();
    setPicked(null);
  };

  const pickEmployee = (employeeId: string | null) => {
    setPicked(employeeId);
    const employee = employees.data?.find((e) => String(e.employee_id) === employeeId);
    if (employee) form.setValues({ email: employee.email, name_value: employee.name });
  };

  const runExport = () =>
    exportData.mutate(undefined, {
      onSuccess: () => notifySuccess('Your business data was downloaded'),
      onError: (error) => notifyFailure(failureText('Failed to download the export', error)),
    });

  const confirm = () => {
    if (!confirming) return;
    remove.mutate(
      { ...confirming, email: confirming.email.trim(), name_value: confirming.name_value.trim() },
      {
        onSuccess: (response) => {
          setConfirming(null);
          notifySuccess(response.message);
          if (response.account_type === 'user') {
            clearAllStorage();
            queryClient.clear();
            void navigate('/login', { replace: true });
            return;
          }
          form.setValues({ email: '', password: '', name_value: '' });
          setPicked(null);
        },
        onError: () => setConfirming(null),
      },
    );
  };

  const employeeOptions = (employees.data ?? []).map((e) => ({
    value: String(e.employee_id),
    label: `${e.name} (${e.email})`,
  }));

  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={2} fz="lg">
          Delete Account
        </Title>
        <Text size="sm" c="dimmed">
          Remove an employee’s account, or close your whole business. Your password is asked for either way.
        </Text>
      </div>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form
          onSubmit={form.onSubmit((values) => setConfirming(values))}
          noValidate
          aria-label="Delete account"
        >
          <Stack gap="sm">
            <Radio.Group label="Account type" value={type} onChange={chooseType} withAsterisk>
              <Group gap="lg" mt={6}>
                <Radio value="employee" label="Employee" />
                <Radio value="user" label="User (my whole business)" />
              </Group>
            </Radio.Group>

            {remove.isError && (
              <Alert color="red" role="alert">
                {failureText('Failed to delete account', remove.error)}
              </Alert>
            )}

            {type === 'employee' ? (
              <>
                <Text size="sm" c="dimmed">
                  The employee is signed out at once and can no longer sign in. Their sales, expenses and
                  requisitions keep their name. The e-mail can be given to a new account later.
                </Text>
                {employeeOptions.length > 0 && (
                  <Select
                    label="Pick an employee"
                    placeholder="Fills in the e-mail and name"
                    data={employeeOptions}
                    value={picked}
                    onChange={pickEmployee}
                    searchable
                    clearable
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Employee e-mail"
                    type="email"
                    withAsterisk
                    maxLength={254}
                    autoComplete="off"
                    {...form.getInputProps('email')}
                  />
                  <TextInput
                    label="Employee name"
                    description="Their name, as a confirmation"
                    withAsterisk
                    maxLength={200}
                    autoComplete="off"
                    {...form.getInputProps('name_value')}
                  />
                </SimpleGrid>
              </>
            ) : (
              <>
                <Alert color="red" variant="light" title="This closes the business for good">
                  <Text size="sm">
                    Every sale, item, customer, expense, file and employee account of{' '}
                    <strong>{businessName || 'your business'}</strong> is deleted, and everyone is signed out.
                    This cannot be undone. Download your data first.
                  </Text>
                  <Button
                    mt="sm"
                    variant="white"
                    color="dark"
                    leftSection={<IconDownload size={18} />}
                    loading={exportData.isPending}
                    onClick={runExport}
                  >
                    Download all data (.zip)
                  </Button>
                </Alert>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Your e-mail"
                    type="email"
                    withAsterisk
                    maxLength={254}
                    autoComplete="username"
                    {...form.getInputProps('email')}
                  />
                  <TextInput
                    label="Business name"
                    description={businessName ? `Type “${businessName}” exactly to confirm` : undefined}
                    withAsterisk
                    maxLength={200}
                    autoComplete="off"
                    {...form.getInputProps('name_value')}
                  />
                </SimpleGrid>
              </>
            )}
            <PasswordInput
              label="Your password"
              description="The password you sign in with"
              withAsterisk
              maxLength={128}
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Button
              type="submit"
              color="red"
              leftSection={<IconTrash size={18} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {type === 'user' ? 'Close Business' : 'Delete Account'}
            </Button>
          </Stack>
        </form>
      </Paper>

      <ConfirmDeleteModal
        opened={confirming !== null}
        title={confirming?.account_type === 'user' ? 'Close the business?' : 'Delete employee account?'}
        confirmLabel={confirming?.account_type === 'user' ? 'Close business' : 'Delete account'}
        pending={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {confirming?.account_type === 'user' ? (
          <Text size="sm">
            Close <strong>{businessName}</strong> and delete all its data and files? You and every employee
            are signed out, and nothing can be recovered. Downloaded the export already?
          </Text>
        ) : (
          <Text size="sm">
            Delete the account of <strong>{confirming?.name_value}</strong> ({confirming?.email})? They are
            signed out at once and can no longer sign in.
          </Text>
        )}
      </ConfirmDeleteModal>
    </Stack>
  );
}
