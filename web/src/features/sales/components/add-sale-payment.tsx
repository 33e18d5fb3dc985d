import { Button, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import type { TSaleFormState } from '../utils/sale-form';
import {
  isPaymentMethod,
  isPaymentStatus,
  SALE_PAYMENT_METHODS,
  SALE_PAYMENT_STATUSES,
} from '../utils/sale-form-options';

const ID = 'add-sale';

/**
 * Payment of a sale: method, status, amount paid (Auto fills the grand total), the due date of a
 * credit sale and the details of a partial payment (its amount is what was paid).
 */
export function AddSalePayment({
  state,
  grandTotal,
  today,
  errors,
  onChange,
}: {
  state: TSaleFormState;
  grandTotal: number;
  today: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<TSaleFormState>) => void;
}) {
  const change =
    state.payment_status === 'paid' && typeof state.amount_customer_paid === 'number'
      ? state.amount_customer_paid - grandTotal
      : 0;
  const numberOrEmpty = (value: string | number): number | '' => (typeof value === 'number' ? value : '');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        id={`${ID}-payment_method`}
        label="Payment method"
        data={SALE_PAYMENT_METHODS}
        allowDeselect={false}
        value={state.payment_method}
        onChange={(value) => isPaymentMethod(value) && onChange({ payment_method: value })}
        error={errors.payment_method}
      />
      <Select
        id={`${ID}-payment_status`}
        label="Payment status"
        data={SALE_PAYMENT_STATUSES}
        allowDeselect={false}
        value={state.payment_status}
        onChange={(value) => isPaymentStatus(value) && onChange({ payment_status: value })}
        error={errors.payment_status}
      />
      {state.payment_status === 'paid' && (
        <div>
          <NumberInput
            id={`${ID}-amount_customer_paid`}
            label="Amount paid (₦)"
            min={0}
            clampBehavior="none"
            allowNegative={false}
            decimalScale={2}
            inputMode="decimal"
            thousandSeparator=","
            value={state.amount_customer_paid}
            onChange={(value) => onChange({ amount_customer_paid: numberOrEmpty(value) })}
            error={errors.amount_customer_paid}
            rightSectionWidth={64}
            rightSection={
              <Button
                size="compact-xs"
                variant="light"
                aria-label="Fill the amount paid with the grand total"
                onClick={() => onChange({ amount_customer_paid: grandTotal })}
              >
                Auto
              </Button>
            }
          />
          {change > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              Change to give: {formatMoney(change)}
            </Text>
          )}
        </div>
      )}
      {state.payment_status === 'credit' && (
        <TextInput
          id={`${ID}-due_date`}
          type="date"
          label="Due date"
          required
          min={today}
          value={state.due_date}
          onChange={(event) => onChange({ due_date: event.currentTarget.value })}
          error={errors.due_date}
        />
      )}
      {state.payment_status === 'partial' && (
        <>
          <NumberInput
            id={`${ID}-partial_payment_amount`}
            label="Partial amount (₦)"
            required
            min={0}
            clampBehavior="none"
            allowNegative={false}
            decimalScale={2}
            inputMode="decimal"
            thousandSeparator=","
            value={state.partial_payment_amount}
            onChange={(value) => onChange({ partial_payment_amount: numberOrEmpty(value) })}
            error={errors.partial_payment_amount}
          />
          <TextInput
            id={`${ID}-partial_payment_date`}
            type="date"
            label="Partial payment date"
            max={today}
            value={state.partial_payment_date}
            onChange={(event) => onChange({ partial_payment_date: event.currentTarget.value })}
            error={errors.partial_payment_date}
          />
          <TextInput
            id={`${ID}-partial_payment_note`}
            label="Partial payment note"
            maxLength={500}
            value={state.partial_payment_note}
            onChange={(event) => onChange({ partial_payment_note: event.currentTarget.value })}
            error={errors.partial_payment_note}
          />
        </>
      )}
    </SimpleGrid>
  );
}
