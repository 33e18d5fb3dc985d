/**
 * The later-payment form's check, shared by every money document that takes one (a purchase, an expense):
 * the spec's messages for the amount (spec 3 §5), then the request schema the server validates with.
 */
import { z } from 'zod';
import { koboToNaira, nairaToKobo } from '@app/domain/money/money';
import { overpaymentMessage, type TPayableDocument } from '@app/domain/money/payment';
import { ZPurchasePaymentRequestSchema } from '@app/domain/schemas/stock';
import type { TLaterPaymentForm } from './later-payment-form';

export const PAYMENT_AMOUNT_MESSAGE = 'Please enter a valid payment amount';

export type TPaymentMethod = 'cash' | 'transfer' | 'cheque' | 'card';
export type TLaterPaymentValues = TLaterPaymentForm<TPaymentMethod>;
export type TLaterPaymentRequest = z.input<typeof ZPurchasePaymentRequestSchema>;

/** The form's values as the request sends them (empty notes left out). */
export function laterPaymentRequest(values: TLaterPaymentValues): TLaterPaymentRequest {
  return {
    amount: koboToNaira(nairaToKobo(Number(values.amount))),
    payment_method: values.payment_method,
    payment_date: values.payment_date,
    notes: values.notes.trim() || undefined,
  };
}

/** Above 0 and at most what is outstanding, worded for the document; a date and a method. */
export const laterPaymentSchema = (document: Exclude<TPayableDocument, 'sale'>, outstanding: number) =>
  z
    .object({
      amount: z.union([z.number(), z.literal('')]).superRefine((value, ctx) => {
        if (value === '' || value <= 0) ctx.addIssue({ code: 'custom', message: PAYMENT_AMOUNT_MESSAGE });
        else if (nairaToKobo(value) > nairaToKobo(outstanding))
          ctx.addIssue({
            code: 'custom',
            message: overpaymentMessage(document, nairaToKobo(value), nairaToKobo(outstanding)),
          });
      }),
      payment_method: z.enum(['cash', 'transfer', 'cheque', 'card']),
      payment_date: z.string().refine((value) => value.trim() !== '', { error: 'Payment date is required' }),
      notes: z.string(),
    })
    .transform((values) => laterPaymentRequest(values as TLaterPaymentValues))
    .pipe(ZPurchasePaymentRequestSchema);
