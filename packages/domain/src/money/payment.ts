import { formatNaira, type TKobo } from './money.ts';

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

/**
 * The status a record is created with: with nothing to pay it is paid, whatever was chosen (a ₦0 credit sale
 * would otherwise wait in Pending for a payment nobody can make).
 */
export function statusAtCreation(status: TPaymentStatus, totalKobo: TKobo): TPaymentStatus {
  return totalKobo === 0 ? 'paid' : status;
}

export function outstandingKobo(totalKobo: TKobo, paidKobo: TKobo): TKobo {
  return Math.max(0, totalKobo - paidKobo);
}

/** After a later payment: paid once nothing is outstanding, partial while something is. */
export function statusAfterPayment(totalKobo: TKobo, paidKobo: TKobo): TPaymentStatus {
  if (outstandingKobo(totalKobo, paidKobo) === 0) return 'paid';
  return paidKobo > 0 ? 'partial' : 'credit';
}

/** The money documents that take later payments. */
export type TPayableDocument = 'sale' | 'purchase' | 'expense';

export const nothingOutstandingMessage = (document: TPayableDocument) =>
  `Nothing is outstanding on this ${document}`;

/**
 * A later payment above what is outstanding. A sale keeps the wording its API documented; a purchase and
 * an expense use the spec's (spec 3: "Payment amount cannot exceed remaining balance of ₦{balance}").
 */
export function overpaymentMessage(
  document: TPayableDocument,
  amountKobo: TKobo,
  outstanding: TKobo,
): string {
  return document === 'sale'
    ? `Payment of ${formatNaira(amountKobo)} is more than the outstanding ${formatNaira(outstanding)}`
    : `Payment amount cannot exceed remaining balance of ${formatNaira(outstanding)}`;
}

/**
 * A later payment against a document's balance: above 0 (the request schema's rule), at most what is
 * outstanding; answers what the document then has paid and its status, or the message refusing it.
 */
export function applyLaterPayment(
  document: TPayableDocument,
  balance: { totalKobo: TKobo; paidKobo: TKobo },
  amountKobo: TKobo,
): { ok: true; paidKobo: TKobo; status: TPaymentStatus } | { ok: false; error: string } {
  const outstanding = outstandingKobo(balance.totalKobo, balance.paidKobo);
  if (outstanding === 0) return { ok: false, error: nothingOutstandingMessage(document) };
  if (amountKobo > outstanding)
    return { ok: false, error: overpaymentMessage(document, amountKobo, outstanding) };
  const paidKobo = balance.paidKobo + amountKobo;
  return { ok: true, paidKobo, status: statusAfterPayment(balance.totalKobo, paidKobo) };
}

/**
 * The ways a document's money came in, in the order it came: the method it was recorded with for what was paid
 * then (its paid amount less its later payments), then each later payment's method. Empty while nothing is paid.
 */
export function receivedMethods<M extends string>(
  recorded: { method: M; paidKobo: TKobo },
  later: { methods: readonly M[]; kobo: TKobo },
): M[] {
  const methods: M[] = [];
  if (recorded.method !== 'none' && recorded.paidKobo - later.kobo > 0) methods.push(recorded.method);
  for (const method of later.methods) if (!methods.includes(method)) methods.push(method);
  return methods;
}
