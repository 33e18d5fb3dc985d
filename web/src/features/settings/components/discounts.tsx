import { useEffect } from 'react';
import { Alert, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDiscount } from '@tabler/icons-react';
import { MAX_DISCOUNT_RANGE, type TPriceLimits } from '@app/domain/schemas/price-limits';
import { failureText, notifySuccess } from '../../../lib/notify';
import { usePriceLimits } from '../api/get-price-limits';
import { MdSettingsSection } from './md-settings-section';
import { useSavePriceLimits } from '../api/save-price-limits';
import { UNSAVED_SETTINGS, useUnsavedChanges } from '../../../lib/unsaved-changes';

export const DISCOUNTS_MESSAGES = {
  mdOnly: 'Only the MD can change the maximum discount.',
  loadFailure: 'Failed to load data',
  saveFailure: 'Failed to save the maximum discount',
  saved: 'Maximum discount saved',
} as const;

type TValues = { max_discount_percent: number | '' };
const valuesOf = (limits: TPriceLimits): TValues => ({
  max_discount_percent: limits.max_discount_percent ?? '',
});

function DiscountsForm({ limits }: { limits: TPriceLimits }) {
  const save = useSavePriceLimits();
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: valuesOf(limits),
    validate: {
      max_discount_percent: (value) =>
        value === '' || (typeof value === 'number' && value >= 0 && value <= 100) ? null : MAX_DISCOUNT_RANGE,
    },
  });
  useUnsavedChanges(form.isDirty(), UNSAVED_SETTINGS);
  const { setInitialValues, setValues } = form;
  useEffect(() => {
    setInitialValues(valuesOf(limits));
    setValues(valuesOf(limits));
  }, [limits, setInitialValues, setValues]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { max_discount_percent: values.max_discount_percent === '' ? null : values.max_discount_percent },
      { onSuccess: () => notifySuccess(DISCOUNTS_MESSAGES.saved) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Discounts">
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" role="alert">
            {failureText(DISCOUNTS_MESSAGES.saveFailure, save.error)}
          </Alert>
        )}
        <Text size="sm">
          Employees give a discount only with the “Give discounts” permission and sell below an item’s price
          only with “Sell below price” (Manage Access). An item’s minimum price is set in Restock.
        </Text>
        <NumberInput
          id="settings-max_discount_percent"
          label="Maximum discount (%)"
          description="The most an employee may take off a sale or proforma, of its total with VAT. Empty: no maximum. You (the MD) are not limited."
          placeholder="No maximum"
          min={0}
          max={100}
          clampBehavior="none"
          step={0.5}
          decimalScale={2}
          inputMode="decimal"
          suffix="%"
          w={{ base: '100%', xs: 320 }}
          {...form.getInputProps('max_discount_percent')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save Discounts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → Discounts (MD, issue 17 §4): the business's maximum discount for staff. */
export function Discounts() {
  return (
    <MdSettingsSection
      id="discounts-title"
      icon={<IconDiscount size={18} style={{ verticalAlign: 'text-bottom' }} />}
      title="Discounts"
      useSettings={usePriceLimits}
      messages={DISCOUNTS_MESSAGES}
      skeleton={<Skeleton height={56} width={320} />}
    >
      {(limits) => <DiscountsForm limits={limits} />}
    </MdSettingsSection>
  );
}
