import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { nothingOutstandingMessage } from '@app/domain/money/payment';
import type { TExpense } from '@app/domain/schemas/expenses';
import { LaterPaymentForm } from '../../../components/later-payment-form';
import {
  laterPaymentRequest,
  laterPaymentSchema,
  type TLaterPaymentValues,
} from '../../../components/later-payment-schema';
import { failureText } from '../../../lib/notify';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useRecordExpensePayment } from '../api/record-expense-payment';
import { EXPENSE_METHOD_OPTIONS } from '../utils/expense-form';
import { BACK_TO_LIST_MS, EXPENSE_MESSAGES } from '../utils/expense-messages';

/** Add Payment (spec 3 §2.2): vendor and balance, then the amount (full, half, quarter), method, date, notes. */
export function ExpensePayment({ expense, onBack }: { expense: TExpense; onBack: () => void }) {
  const record = useRecordExpensePayment();
  const idempotency = useIdempotencyKey(`expenses.payment.${expense.expense_id}`);
  const [banner, setBanner] = useState<{ ok: boolean; text: string } | null>(null);
  const done = banner?.ok === true;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onBack, BACK_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [done, onBack]);

  const submit = (valid: TLaterPaymentValues) => {
    if (done) return;
    const body = laterPaymentRequest(valid);
    setBanner(null);
    record.mutate(
      { expenseId: expense.expense_id, body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (answer) => {
          idempotency.reset();
          setBanner({ ok: true, text: answer.msg });
        },
        onError: (error) =>
          setBanner({ ok: false, text: failureText(EXPENSE_MESSAGES.paymentFailure, error) }),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={720}>
      <Stack gap="md">
        <Group gap="xs">
          <ActionIcon variant="subtle" aria-label="Back to expenses" onClick={onBack}>
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Title order={2}>Add Payment</Title>
        </Group>
        <Text>
          Vendor: <strong>{expense.vendor_name}</strong>
        </Text>
        {banner && (
          <Alert color={banner.ok ? 'green' : 'red'} role={banner.ok ? 'status' : 'alert'}>
            {banner.text}
          </Alert>
        )}
        {/* A paid expense opened from an old link: nothing to pay (not after this form's own payment). */}
        {expense.amount_balance <= 0 && !done ? (
          <Stack gap="sm" align="flex-start">
            <Alert color="blue" role="status">
              {nothingOutstandingMessage('expense')}.
            </Alert>
            <Button variant="default" onClick={onBack}>
              Go Back
            </Button>
          </Stack>
        ) : (
          <LaterPaymentForm
            idPrefix="expense-payment"
            total={expense.total_amount}
            paid={expense.amount_paid}
            outstanding={expense.amount_balance}
            outstandingLabel="Remaining balance"
            methodOptions={EXPENSE_METHOD_OPTIONS}
            initialMethod={expense.payment_method}
            schema={laterPaymentSchema('expense', expense.amount_balance)}
            capAmount
            noFutureDate
            shareButtons
            pending={record.isPending || done}
            onSubmit={submit}
            onCancel={onBack}
          />
        )}
      </Stack>
    </Paper>
  );
}
