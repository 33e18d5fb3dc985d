import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TExpense } from '@app/domain/schemas/expenses';
import { renderWithProviders, signInForTest } from '../../../test/render';
import { ExpensePayment } from './expense-payment';

const expense = (paid: number): TExpense => ({
  expense_id: 4,
  public_id: '0196f0a4-0000-7000-8000-000000000004',
  vendor_name: 'Ikeja Electric',
  expense_date: '2026-11-26',
  invoice_number: null,
  invoice_file_url: null,
  total_amount: 1_500,
  amount_paid: paid,
  amount_balance: 1_500 - paid,
  payment_method: 'cash',
  due_date: paid < 1_500 ? '2026-12-01' : null,
  payment_status: paid === 0 ? 'credit' : paid < 1_500 ? 'partial' : 'paid',
  employee_id: null,
  employee_name: null,
  notes: null,
  created_at: '2026-11-26T09:00:00Z',
});

afterEach(cleanup);

describe('Add Payment', () => {
  it('asks for the amount while something is owed', async () => {
    signInForTest();
    renderWithProviders(<ExpensePayment expense={expense(500)} onBack={vi.fn()} />);
    expect(
      await screen.findByRole('button', { name: /record payment|save payment|add payment/i }),
    ).toBeTruthy();
    expect(screen.queryByText('Nothing is outstanding on this expense.')).toBeNull();
  });

  it('says nothing is outstanding on a paid expense, with no form to send', async () => {
    signInForTest();
    const onBack = vi.fn();
    renderWithProviders(<ExpensePayment expense={expense(1_500)} onBack={onBack} />);
    expect(await screen.findByText('Nothing is outstanding on this expense.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /record payment|save payment|add payment/i })).toBeNull();
    screen.getByRole('button', { name: 'Go Back' }).click();
    expect(onBack).toHaveBeenCalled();
  });
});
