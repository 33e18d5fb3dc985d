import { useEffect } from 'react';
import { Alert, Button, Group, Select, Skeleton, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBellRinging, IconLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  SUMMARY_HOURS,
  ZAlertSettingsRequestSchema,
  type TAlertSettings,
  type TAlertSettingsRequest,
} from '@app/domain/schemas/alerts';
import { failureText, notifySuccess } from '../../../lib/notify';
import { useAlertSettings } from '../api/get-alert-settings';
import { MdSettingsSection } from './md-settings-section';
import { useSaveAlertSettings } from '../api/save-alert-settings';
import { UNSAVED_SETTINGS, useUnsavedChanges } from '../../../lib/unsaved-changes';

export const ALERTS_MESSAGES = {
  proOnly: 'Alerts are a Pro feature. Upgrade to Pro to get low-stock e-mails and the daily summary.',
  mdOnly: 'Only the MD can change the alerts.',
  loadFailure: 'Failed to load data',
  saveFailure: 'Failed to save alerts',
  saved: 'Alerts saved',
} as const;

const HOURS = Array.from({ length: SUMMARY_HOURS.max - SUMMARY_HOURS.min + 1 }, (_, index) => {
  const hour = SUMMARY_HOURS.min + index;
  return { value: String(hour), label: `${String(hour).padStart(2, '0')}:00` };
});

const requestOf = (settings: TAlertSettings): TAlertSettingsRequest => ({
  low_stock_enabled: settings.low_stock_enabled,
  daily_summary_enabled: settings.daily_summary_enabled,
  daily_summary_hour: settings.daily_summary_hour,
});

function AlertsForm({ settings }: { settings: TAlertSettings }) {
  const save = useSaveAlertSettings();
  const locked = !settings.plan_allows;
  const form = useForm<TAlertSettingsRequest>({
    mode: 'controlled',
    initialValues: requestOf(settings),
    validate: zod4Resolver(ZAlertSettingsRequestSchema),
  });
  useUnsavedChanges(form.isDirty(), UNSAVED_SETTINGS);
  const { setInitialValues, setValues } = form;
  useEffect(() => {
    setInitialValues(requestOf(settings));
    setValues(requestOf(settings));
  }, [settings, setInitialValues, setValues]);

  const submit = form.onSubmit((values) =>
    save.mutate(values, { onSuccess: () => notifySuccess(ALERTS_MESSAGES.saved) }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Alerts">
      <Stack gap="md">
        {locked && (
          <Alert color="yellow" icon={<IconLock size={18} />} role="status">
            {ALERTS_MESSAGES.proOnly}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {failureText(ALERTS_MESSAGES.saveFailure, save.error)}
          </Alert>
        )}
        <Switch
          label="Low-stock alerts"
          description="E-mail the MD and the inventory officers when a sale or movement takes an item to or below its reorder level (once per item a day)."
          disabled={locked}
          {...form.getInputProps('low_stock_enabled', { type: 'checkbox' })}
        />
        <Switch
          label="Daily summary"
          description="E-mail the MD the day's sales (paid and on credit), expenses, payments due today and low-stock items."
          disabled={locked}
          {...form.getInputProps('daily_summary_enabled', { type: 'checkbox' })}
        />
        <Select
          label="Send the daily summary at"
          description="Lagos time"
          data={HOURS}
          allowDeselect={false}
          disabled={locked || !form.values.daily_summary_enabled}
          w={{ base: '100%', xs: 220 }}
          {...form.getInputProps('daily_summary_hour')}
          value={String(form.values.daily_summary_hour)}
          onChange={(value) => form.setFieldValue('daily_summary_hour', Number(value))}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={locked || !form.isDirty()}>
            Save Alerts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → Alerts (MD, Pro): low-stock e-mails and the daily summary, each on or off, and its hour. */
export function Alerts() {
  return (
    <MdSettingsSection
      id="alerts-title"
      icon={<IconBellRinging size={18} style={{ verticalAlign: 'text-bottom' }} />}
      title="Alerts"
      useSettings={useAlertSettings}
      messages={ALERTS_MESSAGES}
      skeleton={
        <>
          <Skeleton height={40} />
          <Skeleton height={40} />
          <Skeleton height={56} width={220} />
        </>
      }
    >
      {(settings) => <AlertsForm settings={settings} />}
    </MdSettingsSection>
  );
}
