import { z } from 'zod';
import { nairaToKobo } from '@app/domain/money/money';
import { overpaymentMessage } from '@app/domain/money/payment';
import { ZSalePaymentRequestSchema, type TSalePaymentRequest } from '@app/domain/schemas/sales';
import type { TLaterPaymentForm } from '../../../components/later-payment-form';

export type TSalePaymentMethodChoice = 'cash' | 'card' | 'transfer' | 'cheque';

export type TSalePaymentForm = TLaterPaymentForm<TSalePaymentMethodChoice>;

export const SALE_PAYMENT_MESSAGES = {
  amount: 'Please enter a valid payment amount',
  date: 'Payment date is required',
  success: 'Payment recorded successfully',
  failure: 'Failed to record payment',
} as const;

export const SALE_PAYMENT_METHOD_OPTIONS: { value: TSalePaymentMethodChoice; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'card', label: 'Card' },
  { value: 'cheque', label: 'Cheque' },
];

export function salePaymentPayload(form: TSalePaymentForm): TSalePaymentRequest {
  return {
    amount: form.amount === '' ? 0 : form.amount,
    payment_method: form.payment_method,
    payment_date: form.payment_date,
    notes: form.notes.trim() || null,
  };
}

/** The screen's own checks (empty amount, at most the outstanding), then the server's schema. */
export const salePaymentFormSchema = (outstanding: number) =>
  z
    .object({
      amount: z
        .union([z.number(), z.literal('')])
        .refine((value) => value !== '' && value > 0, { error: SALE_PAYMENT_MESSAGES.amount })
        .refine((value) => value === '' || nairaToKobo(value) <= nairaToKobo(outstanding), {
          error: (issue) =>
            overpaymentMessage('sale', nairaToKobo(Number(issue.input)), nairaToKobo(outstanding)),
        }),
      payment_method: z.enum(['cash', 'card', 'transfer', 'cheque']),
      payment_date: z.string().min(1, { error: SALE_PAYMENT_MESSAGES.date }),
      notes: z.string(),
    })
    .transform((form): z.input<typeof ZSalePaymentRequestSchema> => salePaymentPayload(form))
    .pipe(ZSalePaymentRequestSchema);
