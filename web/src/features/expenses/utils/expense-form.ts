/**
 * The expense form's values and check: the screen's own messages (spec 3 §5) for empty inputs, then the
 * domain's request schema, the one the server validates with. Fields are named like the request's, so the
 * domain's errors land on the right input.
 */
import { z } from 'zod';
import { businessDate } from '@app/domain/dates/business-date';
import { INVALID_TOTAL, ZExpenseRequestSchema, type TExpense } from '@app/domain/schemas/expenses';
import type { TExpenseBody } from '../api/save-expense';

export type TPaymentStatus = 'paid' | 'partial' | 'credit';
export type TPaymentMethod = 'cash' | 'transfer' | 'cheque' | 'card';

export type TExpenseFilters = {
  search: string;
  payment_status: '' | TPaymentStatus;
  start_date: string;
  end_date: string;
};

export const NO_FILTERS: TExpenseFilters = { search: '', payment_status: '', start_date: '', end_date: '' };

export type TExpenseFormValues = {
  vendor_name: string;
  /** '' while the box is empty. */
  total_amount: number | '';
  expense_date: string;
  /** The employee's id as the select holds it; '' for the caller. */
  employee_id: string;
  payment_status: TPaymentStatus;
  payment_method: TPaymentMethod;
  amount_paid: number | '';
  due_date: string;
  invoice_number: string;
  notes: string;
};

type TMethodOption = { value: TPaymentMethod; label: string };

/** Spec 3 §5: cash, card, transfer here ("check" elsewhere is sent as cheque). */
export const EXPENSE_METHOD_OPTIONS: TMethodOption[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'transfer', label: 'Transfer' },
];

/** An expense paid by cheque (the API and an import take it) keeps that choice when it is edited. */
export const expenseMethodOptions = (current: TPaymentMethod | null): TMethodOption[] =>
  current === 'cheque'
    ? [...EXPENSE_METHOD_OPTIONS, { value: 'cheque', label: 'Check' }]
    : EXPENSE_METHOD_OPTIONS;

export const EXPENSE_STATUS_OPTIONS: { value: TPaymentStatus; label: string }[] = [
  { value: 'paid', label: 'Paid' },
  { value: 'partial', label: 'Partial' },
  { value: 'credit', label: 'Credit' },
];

export function newExpenseValues(callerId: number | null): TExpenseFormValues {
  return {
    vendor_name: '',
    total_amount: '',
    expense_date: businessDate(),
    employee_id: callerId ? String(callerId) : '',
    payment_status: 'paid',
    payment_method: 'cash',
    amount_paid: '',
    due_date: '',
    invoice_number: '',
    notes: '',
  };
}

export function expenseValues(expense: TExpense): TExpenseFormValues {
  return {
    vendor_name: expense.vendor_name,
    total_amount: expense.total_amount,
    expense_date: expense.expense_date,
    employee_id: expense.employee_id ? String(expense.employee_id) : '',
    payment_status: expense.payment_status,
    payment_method: expense.payment_method,
    amount_paid: expense.payment_status === 'partial' ? expense.amount_paid : '',
    due_date: expense.due_date ?? '',
    invoice_number: expense.invoice_number ?? '',
    notes: expense.notes ?? '',
  };
}

export function expenseBody(values: TExpenseFormValues, invoiceFileUrl?: string | null): TExpenseBody {
  const optional = (text: string) => text.trim() || null;
  return {
    vendor_name: values.vendor_name,
    total_amount: Number(values.total_amount),
    expense_date: values.expense_date,
    employee_id: values.employee_id ? Number(values.employee_id) : null,
    payment_status: values.payment_status,
    payment_method: values.payment_method,
    amount_paid: values.payment_status === 'partial' && values.amount_paid !== '' ? values.amount_paid : null,
    due_date: values.payment_status === 'paid' ? null : optional(values.due_date),
    invoice_number: optional(values.invoice_number),
    notes: optional(values.notes),
    ...(invoiceFileUrl !== undefined ? { invoice_file_url: invoiceFileUrl } : {}),
  };
}

/** The server's words for a date after today (Lagos time). */
export const FUTURE_DATE = 'Date cannot be in the future';

/** Checks the form's values: empty boxes first, in the screen's words, then the request's own rules. */
export const expenseFormSchema = z
  .object({
    vendor_name: z.string(),
    total_amount: z.union([z.number(), z.literal('')]),
    expense_date: z.string(),
    employee_id: z.string(),
    payment_status: z.enum(['paid', 'partial', 'credit']),
    payment_method: z.enum(['cash', 'transfer', 'cheque', 'card']),
    amount_paid: z.union([z.number(), z.literal('')]),
    due_date: z.string(),
    invoice_number: z.string(),
    notes: z.string(),
  })
  .superRefine((values, ctx) => {
    // Said here too, not only by the request schema below (which runs once these pass): an empty form
    // shows every missing field at once.
    if (!values.vendor_name.trim())
      ctx.addIssue({ code: 'custom', path: ['vendor_name'], message: 'Vendor name is required' });
    if (values.total_amount === '' || values.total_amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['total_amount'], message: INVALID_TOTAL });
    if (!values.expense_date)
      ctx.addIssue({ code: 'custom', path: ['expense_date'], message: 'Date is required' });
    else if (values.expense_date > businessDate())
      ctx.addIssue({ code: 'custom', path: ['expense_date'], message: FUTURE_DATE });
  })
  .transform((values) => expenseBody(values as TExpenseFormValues))
  .pipe(ZExpenseRequestSchema);
