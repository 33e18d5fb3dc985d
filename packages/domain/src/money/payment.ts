import type { TKobo } from './money.ts';

export type TPaymentStatus = 'paid' | 'partial' | 'credit';

export const PARTIAL_NEEDS_AMOUNT = 'Please enter the partial payment amount';
export const PARTIAL_BELOW_TOTAL = 'Partial payment amount must be less than total amount';

/**
 * What is paid when a record is created: all of it (paid), nothing (credit), or the amount entered,
 * which must be above 0 and below the total (partial). Returns an error message instead when invalid.
 */
export function amountPaidAtCreation(
  status: TPaymentStatus,
  totalKobo: TKobo,
  enteredKobo: TKobo | null,
): { ok: true; amountPaidKobo: TKobo } | { ok: false; error: string } {
  if (status === 'paid') return { ok: true, amountPaidKobo: totalKobo };
  if (status === 'credit') return { ok: true, amountPaidKobo: 0 };
  if (!enteredKobo || enteredKobo <= 0) return { ok: false, error: PARTIAL_NEEDS_AMOUNT };
  if (enteredKobo >= totalKobo) return { ok: false, error: PARTIAL_BELOW_TOTAL };
  return { ok: true, amountPaidKobo: enteredKobo };
}

export function outstandingKobo(totalKobo: TKobo, paidKobo: TKobo): TKobo {
  return Math.max(0, totalKobo - paidKobo);
}

/** After a later payment: paid once nothing is outstanding, partial while something is. */
export function statusAfterPayment(totalKobo: TKobo, paidKobo: TKobo): TPaymentStatus {
  if (outstandingKobo(totalKobo, paidKobo) === 0) return 'paid';
  return paidKobo > 0 ? 'partial' : 'credit';
}
