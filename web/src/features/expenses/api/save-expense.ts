import type { TExpense, TExpenseRequest } from '@app/domain/schemas/expenses';
import type { z } from 'zod';
import type { ZExpenseRequestSchema } from '@app/domain/schemas/expenses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import type { TOutboxRecord } from '../../../lib/offline/db';
import { recordOrQueue, submissionIds } from '../../../lib/offline/record-offline';
import { expensesKeys } from './expenses-keys';
import { expenseInvoiceAttachment } from './upload-expense-invoice';

export type TExpenseBody = z.input<typeof ZExpenseRequestSchema>;
type TSaved = TExpense & { msg: string };

export const EXPENSE_QUEUED_MESSAGE =
  'Expense saved on this device; it will be sent when the connection returns';

/** What the screen gets back: the server's expense, or the record kept on the device. */
export type TCreateExpenseAnswer = (TSaved & { queued?: undefined }) | { msg: string; queued: TOutboxRecord };

/** The list's card of an expense waiting on the device (issue 16 §3). */
export type TQueuedExpenseSummary = {
  vendor_name: string;
  total_amount: number;
  expense_date: string;
  payment_status: string;
};

/**
 * Records an expense: posted when the server can be reached, otherwise kept in the outbox (issue 16 §3) with
 * its client-made public id, its Idempotency-Key and the time it was recorded (`recorded_at`, kept with the
 * key, so a retry is the same request), and sent once by the sync engine.
 */
export async function createExpense({
  body,
  idempotencyKey,
  offlineInvoice,
}: {
  body: TExpenseBody;
  idempotencyKey: string;
  /** An invoice the server could not be reached to take: the expense is kept on the device with it. */
  offlineInvoice?: File;
}): Promise<TCreateExpenseAnswer> {
  const ids = submissionIds(idempotencyKey);
  const sent = { ...body, ...ids };
  const summary: TQueuedExpenseSummary = {
    vendor_name: body.vendor_name,
    total_amount: Number(body.total_amount),
    expense_date: body.expense_date,
    payment_status: body.payment_status,
  };
  const outcome = await recordOrQueue<TSaved>({
    kind: 'expense',
    path: '/expenses/json',
    body: sent,
    publicId: ids.public_id,
    idempotencyKey,
    businessDate: body.expense_date,
    recordedAt: ids.recorded_at,
    summary,
    invalidates: [[...expensesKeys.all], [...subscriptionKeys.all]],
    ...(offlineInvoice ? { attachment: await expenseInvoiceAttachment(offlineInvoice) } : {}),
  });
  return outcome.queued ? { msg: EXPENSE_QUEUED_MESSAGE, queued: outcome.record } : outcome.answer;
}

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
    // Offline the call still runs (and queues the expense) instead of waiting for the network.
    networkMode: 'always',
    // An expense counts one free-plan transaction: the banner's count follows. A queued one is on the list
    // from the outbox; its sync refreshes both.
    onSuccess: (answer) =>
      answer.queued
        ? undefined
        : Promise.all([
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
