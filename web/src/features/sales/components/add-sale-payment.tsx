import { Button, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/format';
import type { TSaleFormState } from '../utils/sale-form';
import {
  isPaymentMethod,
  isPaymentStatus,
  SALE_PAYMENT_METHODS,
  SALE_PAYMENT_STATUSES,
  type TSalePaymentStatus,
} from '../utils/sale-form-options';

const ID = 'add-sale';

type TPaymentProps = {
  state: TSaleFormState;
  today: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<TSaleFormState>) => void;
};

const numberOrEmpty = (value: string | number): number | '' => (typeof value === 'number' ? value : '');

/**
 * How the sale is paid, on the form's face: method and status, and what the status then requires (the due
 * date of a credit sale, the amount of a partial payment). `onStatus` lets the form ask for the customer.
 */
export function AddSalePayment({
  state,
  today,
  errors,
  onChange,
  onStatus,
}: TPaymentProps & { onStatus: (status: TSalePaymentStatus) => void }) {
  return (
    <SimpleGrid cols={2} spacing="xs">
      <Select
        id={`${ID}-payment_method`}
        label="Payment method"
        data={SALE_PAYMENT_METHODS}
        allowDeselect={false}
        value={state.payment_method}
        onChange={(value) => isPaymentMethod(value) && onChange({ payment_method: value })}
        error={errors.payment_method}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        id={`${ID}-payment_status`}
        label="Payment status"
        data={SALE_PAYMENT_STATUSES}
        allowDeselect={false}
        value={state.payment_status}
        onChange={(value) => isPaymentStatus(value) && onStatus(value)}
        error={errors.payment_status}
        comboboxProps={{ withinPortal: true }}
      />
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
        <MoneyInput
          id={`${ID}-partial_payment_amount`}
          allowNegative={false}
          label="Partial amount (₦)"
          required
          value={state.partial_payment_amount}
          onChange={(value) => onChange({ partial_payment_amount: numberOrEmpty(value) })}
          error={errors.partial_payment_amount}
        />
      )}
    </SimpleGrid>
  );
}

/**
 * The payment's details under "More": the amount the customer handed over (Auto fills the grand total)
 * and the change to give, or the date and note of a partial payment.
 */
export function AddSalePaymentMore({
  state,
  grandTotal,
  today,
  errors,
  onChange,
}: TPaymentProps & { grandTotal: number }) {
  const change =
    state.payment_status === 'paid' && typeof state.amount_customer_paid === 'number'
      ? state.amount_customer_paid - grandTotal
      : 0;

  if (state.payment_status === 'paid')
    return (
      <div>
        <MoneyInput
          id={`${ID}-amount_customer_paid`}
          allowNegative={false}
          label="Amount paid (₦)"
          value={state.amount_customer_paid}
          onChange={(value) => onChange({ amount_customer_paid: numberOrEmpty(value) })}
          error={errors.amount_customer_paid}
          rightSectionWidth={72}
          rightSection={
            <Button
              size="compact-sm"
              variant="light"
              title="Fill the amount paid with the grand total"
              onClick={() => onChange({ amount_customer_paid: grandTotal })}
            >
              Auto
            </Button>
          }
        />
        {change > 0 && (
          <Text size="sm" mt={4}>
            Change to give: {formatMoney(change)}
          </Text>
        )}
      </div>
    );
  if (state.payment_status === 'partial')
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
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
      </SimpleGrid>
    );
  return null;
}
