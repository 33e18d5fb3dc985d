import { describe, expect, it } from 'vitest';
import { businessDate } from '@app/domain/dates/business-date';
import {
  expenseBody,
  expenseFormSchema,
  expenseMethodOptions,
  FUTURE_DATE,
  newExpenseValues,
} from './expense-form';

const filled = { ...newExpenseValues(7), vendor_name: 'Ikeja Electric', total_amount: 45_000.5 as const };
const messages = (values: unknown) =>
  expenseFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ??
  [];

describe('the expense form', () => {
  it('refuses in the spec’s words', () => {
    expect(messages({ ...filled, vendor_name: ' ' })).toEqual([['vendor_name', 'Vendor name is required']]);
    expect(messages({ ...filled, total_amount: '' })).toEqual([
      ['total_amount', 'Please enter a valid total amount'],
    ]);
    // An empty form names every missing field at once.
    expect(messages({ ...filled, vendor_name: '', total_amount: '' })).toEqual([
      ['vendor_name', 'Vendor name is required'],
      ['total_amount', 'Please enter a valid total amount'],
    ]);
    expect(messages({ ...filled, payment_status: 'partial', due_date: '2026-12-01' })).toEqual([
      ['amount_paid', 'Please enter the partial payment amount'],
    ]);
    expect(
      messages({ ...filled, payment_status: 'partial', amount_paid: 50_000, due_date: '2026-12-01' }),
    ).toEqual([['amount_paid', 'Partial payment amount must be less than total amount']]);
    expect(messages({ ...filled, payment_status: 'credit' })).toEqual([
      ['due_date', 'Due date is required for credit and partial payments'],
    ]);
  });

  it('refuses a date after today on the device, in the server’s words', () => {
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    expect(messages({ ...filled, expense_date: businessDate(tomorrow) })).toEqual([
      ['expense_date', FUTURE_DATE],
    ]);
    expect(messages({ ...filled, expense_date: businessDate() })).toEqual([]);
  });

  it('offers cash, card and transfer; Check only to an expense already paid by cheque', () => {
    expect(expenseMethodOptions('cash').map((option) => option.label)).toEqual(['Cash', 'Card', 'Transfer']);
    expect(expenseMethodOptions(null).map((option) => option.value)).not.toContain('cheque');
    expect(expenseMethodOptions('cheque').map((option) => option.label)).toEqual([
      'Cash',
      'Card',
      'Transfer',
      'Check',
    ]);
  });

  it('sends only what the status uses', () => {
    expect(expenseBody({ ...filled, amount_paid: 5, due_date: '2026-12-01' }, null)).toMatchObject({
      employee_id: 7,
      amount_paid: null,
      due_date: null,
      invoice_file_url: null,
      notes: null,
    });
  });
});
