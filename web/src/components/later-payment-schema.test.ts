import { describe, expect, it } from 'vitest';
import { laterPaymentSchema } from './later-payment-schema';

const TODAY = '2026-11-26';
const base = { payment_method: 'cash' as const, payment_date: TODAY, notes: '' };
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the later payment form', () => {
  it.each(['purchase', 'expense'] as const)('caps a payment on a %s at the remaining balance', (document) => {
    const schema = laterPaymentSchema(document, 5_000);
    expect(firstError(schema.safeParse({ ...base, amount: 0 }))).toBe('Please enter a valid payment amount');
    expect(firstError(schema.safeParse({ ...base, amount: '' }))).toBe('Please enter a valid payment amount');
    expect(firstError(schema.safeParse({ ...base, amount: 5_000.01 }))).toBe(
      'Payment amount cannot exceed remaining balance of ₦5,000.00',
    );
    expect(schema.safeParse({ ...base, amount: 5_000 }).data).toEqual({
      amount: 5_000,
      payment_method: 'cash',
      payment_date: TODAY,
      notes: null,
    });
  });

  it('needs a payment date', () => {
    const result = laterPaymentSchema('expense', 10).safeParse({ ...base, payment_date: '', amount: 1 });
    expect(firstError(result)).toBe('Payment date is required');
  });
});
