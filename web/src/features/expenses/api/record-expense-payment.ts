import type { TExpense } from '@app/domain/schemas/expenses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TLaterPaymentRequest } from '../../../components/later-payment-schema';
import { expensesKeys } from './expenses-keys';

export const recordExpensePayment = ({
  expenseId,
  body,
  idempotencyKey,
}: {
  expenseId: number;
  body: TLaterPaymentRequest;
  idempotencyKey: string;
}) =>
  api.post<{ msg: string; expense: TExpense }>(
    '/expenses/payments',
    { expense_id: expenseId, ...body },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );

export function useRecordExpensePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordExpensePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKeys.all }),
  });
}
