import type { TSalePaymentMethod } from '@app/domain/schemas/sales';

export type TSalePaymentStatus = 'paid' | 'partial' | 'credit';

/** Spec 2 §4: cash, card, transfer, check and none; "check" is sent as "cheque". */
export const SALE_PAYMENT_METHODS: { value: TSalePaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'cheque', label: 'Check' },
  { value: 'none', label: 'None' },
];

export const SALE_PAYMENT_STATUSES: { value: TSalePaymentStatus; label: string }[] = [
  { value: 'paid', label: 'Paid' },
  { value: 'partial', label: 'Partial' },
  { value: 'credit', label: 'Credit' },
];

export const isPaymentMethod = (value: string | null): value is TSalePaymentMethod =>
  SALE_PAYMENT_METHODS.some((option) => option.value === value);

export const isPaymentStatus = (value: string | null): value is TSalePaymentStatus =>
  SALE_PAYMENT_STATUSES.some((option) => option.value === value);
