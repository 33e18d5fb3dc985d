import { useEffect } from 'react';
import { Alert, Button, Grid, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isMdRole } from '@app/domain/permissions/check';
import { ZCompanyRequestSchema } from '@app/domain/schemas/sales';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/use-auth';
import type { TCompany } from '@app/domain/schemas/sales';
import { useCompany } from '../api/get-company';
import { useUpdateCompany, type TCompanyForm } from '../api/update-company';
import { CompanyLogo } from './company-logo';
import { notifySuccess } from '../../../lib/notify';
import { UNSAVED_SETTINGS, useUnsavedChanges } from '../../../lib/unsaved-changes';

function failure(prefix: string, error: unknown): string {
  const detail = errorMessage(error, '');
  return detail ? `${prefix}: ${detail}` : prefix;
}

const formValues = (company: TCompany): TCompanyForm => ({
  tenant_name: company.tenant_name,
  phone_number: company.phone_number ?? '',
  address: company.address ?? '',
  account_number: company.account_number ?? '',
  bank_name: company.bank_name ?? '',
  account_name: company.account_name ?? '',
});

/** Settings → Company (spec 1 §2): the name, contacts, bank details and logo printed on receipts. MD only. */
export function CompanyDetails() {
  const auth = useAuth();
  if (!isMdRole(auth.role)) {
    return (
      <Alert color="blue" variant="light" role="note">
        Only the MD can change the company details.
      </Alert>
    );
  }
  return <CompanyScreen />;
}

function CompanyScreen() {
  const company = useCompany();
  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={2} fz="lg">
          Company
        </Title>
        <Text size="sm" c="dimmed">
          These details appear on your receipts and proforma invoices.
        </Text>
      </div>
      {company.isPending ? (
        <Skeleton h={320} radius="md" />
      ) : company.isError ? (
        <Alert color="red" role="alert">
          {failure('Failed to load data', company.error)}
        </Alert>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CompanyForm company={company.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CompanyLogo logoUrl={company.data.logo_url} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function CompanyForm({ company }: { company: TCompany }) {
  const update = useUpdateCompany();
  const form = useForm<TCompanyForm>({
    mode: 'controlled',
    initialValues: formValues(company),
    validate: zod4Resolver(ZCompanyRequestSchema),
  });
  useUnsavedChanges(form.isDirty(), UNSAVED_SETTINGS);
  const { setInitialValues, setValues } = form;
  useEffect(() => {
    const values = formValues(company);
    setInitialValues(values);
    setValues(values);
  }, [company, setInitialValues, setValues]);

  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => notifySuccess('Company details updated'),
    });
  });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="company-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title id="company-form" order={3} fz="md">
            Business details
          </Title>
          {update.isError && (
            <Alert color="red" role="alert">
              {failure('Failed to update company details', update.error)}
            </Alert>
          )}
          <TextInput
            label="Business name"
            description="Printed on receipts. You still sign in with your registered business name."
            withAsterisk
            maxLength={120}
            autoComplete="organization"
            {...form.getInputProps('tenant_name')}
          />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone number"
                type="tel"
                maxLength={40}
                autoComplete="tel"
                {...form.getInputProps('phone_number')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Bank name" maxLength={120} {...form.getInputProps('bank_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Account name" maxLength={120} {...form.getInputProps('account_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Account number"
                inputMode="numeric"
                maxLength={20}
                {...form.getInputProps('account_number')}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Address"
            rows={3}
            maxLength={300}
            autoComplete="street-address"
            {...form.getInputProps('address')}
          />
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={update.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Save details
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
