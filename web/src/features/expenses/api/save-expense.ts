import type { TExpense, TExpenseRequest } from '@app/domain/schemas/expenses';
import type { z } from 'zod';
import type { ZExpenseRequestSchema } from '@app/domain/schemas/expenses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import { expensesKeys } from './expenses-keys';

export type TExpenseBody = z.input<typeof ZExpenseRequestSchema>;
type TSaved = TExpense & { msg: string };

export const createExpense = ({ body, idempotencyKey }: { body: TExpenseBody; idempotencyKey: string }) =>
  api.post<TSaved>('/expenses/json', body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** The edit goes as multipart (spec 3 §7): the expense's fields, and a new invoice file when one was chosen. */
export function updateExpense({ id, body, file }: { id: number; body: TExpenseBody; file: File | null }) {
  const data = new FormData();
  data.append('expense_id', String(id));
  for (const [name, value] of Object.entries(body) as [keyof TExpenseRequest, unknown][]) {
    if (name === 'public_id' || value === undefined) continue;
    data.append(name, value === null ? '' : String(value));
  }
  if (file) data.append('invoice_file', file, file.name);
  return apiRequest<TSaved>(`/expenses/${id}`, { method: 'PUT', multipart: data });
}

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    // An expense counts one free-plan transaction: the banner's count follows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: expensesKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}

export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKeys.all }),
  });
}
