import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MoneyInput } from './money-input';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { businessDate } from '@app/domain/dates/business-date';
import { formatMoney } from '../lib/format';

export type TLaterPaymentForm<TMethod extends string> = {
  /** '' while the box is empty. */
  amount: number | '';
  payment_method: TMethod;
  payment_date: string;
  notes: string;
};

const SHARES = [
  { label: 'Full', share: 1 },
  { label: 'Half', share: 2 },
  { label: 'Quarter', share: 4 },
] as const;

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * A later payment against a sale or a purchase with money outstanding: what is owed, then the
 * amount (the outstanding to start with), method, date and notes. The caller sends the values.
 */
export function LaterPaymentForm<TMethod extends string>({
  idPrefix,
  total,
  paid,
  outstanding,
  outstandingLabel,
  methodOptions,
  initialMethod,
  schema,
  capAmount = false,
  noFutureDate = false,
  shareButtons = false,
  pending,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  total: number;
  paid: number;
  outstanding: number;
  outstandingLabel: string;
  methodOptions: { value: TMethod; label: string }[];
  initialMethod: TMethod;
  /** Checks the form's values (the screen's messages, then the request's schema). */
  schema: z.ZodType;
  /** The amount box's maximum is the outstanding. */
  capAmount?: boolean;
  /** The date box's maximum is the business day. */
  noFutureDate?: boolean;
  /** Full, Half and Quarter of the outstanding fill the amount. */
  shareButtons?: boolean;
  pending: boolean;
  onSubmit: (values: TLaterPaymentForm<TMethod>) => void;
  onCancel: () => void;
}) {
  const form = useForm<TLaterPaymentForm<TMethod>>({
    mode: 'controlled',
    initialValues: {
      amount: outstanding,
      payment_method: initialMethod,
      payment_date: businessDate(),
      notes: '',
    },
    validate: zod4Resolver(schema),
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Figure label="Total">
            <Text fw={600}>{formatMoney(total)}</Text>
          </Figure>
          <Figure label="Already paid">
            <Text fw={600}>{formatMoney(paid)}</Text>
          </Figure>
          <Figure label={outstandingLabel}>
            <Text fw={700} c="orange.8">
              {formatMoney(outstanding)}
            </Text>
          </Figure>
        </SimpleGrid>
        {shareButtons && (
          <Group gap="xs">
            {SHARES.map(({ label, share }) => (
              <Button
                key={label}
                size="xs"
                variant="light"
                onClick={() => form.setFieldValue('amount', Math.round((outstanding * 100) / share) / 100)}
              >
                {label}
              </Button>
            ))}
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput
            id={`${idPrefix}-amount`}
            label="Amount (₦)"
            required
            max={capAmount ? outstanding : undefined}
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <NativeSelect
            id={`${idPrefix}-payment_method`}
            label="Payment method"
            data={methodOptions}
            {...form.getInputProps('payment_method')}
          />
          <TextInput
            id={`${idPrefix}-payment_date`}
            type="date"
            label="Payment date"
            required
            max={noFutureDate ? businessDate() : undefined}
            {...form.getInputProps('payment_date')}
          />
          <Textarea
            id={`${idPrefix}-notes`}
            label="Notes (optional)"
            autosize
            minRows={1}
            maxRows={4}
            maxLength={500}
            {...form.getInputProps('notes')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Record Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
