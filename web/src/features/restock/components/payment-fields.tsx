import {
  Group,
  Input,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { koboToNaira, nairaToKobo } from '@app/domain/money/money';
import { formatMoney } from '../../../lib/format';
import type { TPaymentFormFields } from '../restock-forms';
import type { TPaymentMethod, TPaymentStatus } from '../restock-types';

export const PAYMENT_STATUS_OPTIONS: { value: TPaymentStatus; label: string }[] = [
  { value: 'paid', label: 'Paid' },
  { value: 'partial', label: 'Partial' },
  { value: 'credit', label: 'Credit' },
];

/** The spec's "check" is sent as "cheque" (spec 3 §5). */
export const PAYMENT_METHOD_OPTIONS: { value: TPaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'card', label: 'Card' },
];

type TField = keyof TPaymentFormFields;

/**
 * Payment status, method, the amount paid (partial) and the due date (credit and partial), with
 * what remains to pay. Shared by Add New Item and Restock Items.
 */
export function PaymentFields({
  idPrefix,
  values,
  errors,
  totalKobo,
  onChange,
  disabled,
}: {
  idPrefix: string;
  values: TPaymentFormFields;
  errors: Partial<Record<TField, React.ReactNode>>;
  totalKobo: number;
  onChange: (patch: Partial<TPaymentFormFields>) => void;
  disabled?: boolean;
}) {
  const paidKobo =
    values.payment_status === 'paid'
      ? totalKobo
      : values.payment_status === 'partial' && values.amount_paid !== ''
        ? Math.min(totalKobo, nairaToKobo(values.amount_paid))
        : 0;
  const outstanding = koboToNaira(Math.max(0, totalKobo - paidKobo));

  return (
    <Stack gap="sm">
      <Input.Wrapper
        label="Payment status"
        labelElement="div"
        labelProps={{ id: `${idPrefix}-payment_status-label` }}
      >
        <SegmentedControl
          id={`${idPrefix}-payment_status`}
          aria-labelledby={`${idPrefix}-payment_status-label`}
          fullWidth
          data={PAYMENT_STATUS_OPTIONS}
          value={values.payment_status}
          onChange={(value) => onChange({ payment_status: value as TPaymentStatus })}
          disabled={disabled}
        />
      </Input.Wrapper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          id={`${idPrefix}-payment_method`}
          label="Payment method"
          data={PAYMENT_METHOD_OPTIONS}
          value={values.payment_method}
          onChange={(event) => onChange({ payment_method: event.currentTarget.value as TPaymentMethod })}
          disabled={disabled}
        />
        {values.payment_status === 'partial' && (
          <MoneyInput
            id={`${idPrefix}-amount_paid`}
            label="Amount paid (₦)"
            required
            value={values.amount_paid}
            onChange={(value) => onChange({ amount_paid: typeof value === 'number' ? value : '' })}
            error={errors.amount_paid}
            disabled={disabled}
          />
        )}
        {values.payment_status !== 'paid' && (
          <TextInput
            id={`${idPrefix}-due_date`}
            type="date"
            label="Due date"
            required
            value={values.due_date}
            onChange={(event) => onChange({ due_date: event.currentTarget.value })}
            error={errors.due_date}
            disabled={disabled}
          />
        )}
      </SimpleGrid>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          Total: <strong>{formatMoney(koboToNaira(totalKobo))}</strong>
        </Text>
        {values.payment_status !== 'paid' && (
          <Text size="sm" c="orange.8">
            Outstanding: <strong>{formatMoney(outstanding)}</strong>
          </Text>
        )}
      </Group>
    </Stack>
  );
}
