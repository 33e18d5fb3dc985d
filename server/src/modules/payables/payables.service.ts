/**
 * The payables: later payments against a money document's outstanding balance (a sale, a purchase, an
 * expense), through one rule (packages/domain applyLaterPayment) and one audit entry shape.
 * The caller locks the document's header and passes its balance; this records the payment and settles
 * the header in the caller's transaction.
 */
import { printDate } from '@app/domain/dates/business-date';
import { koboToNaira, nairaToKobo, type TKobo } from '@app/domain/money/money';
import { applyLaterPayment, outstandingKobo, type TPaymentStatus } from '@app/domain/money/payment';
import { paymentValues, writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Transaction } from '../../platform/db/client.ts';
import { AppError, type TErrorCode } from '../../platform/errors.ts';
import { assertNotFuture } from '../inventory/index.ts';
import { createPayablesRepository, type TPayableType } from './payables.repository.ts';

/** How a refused payment answers: sales and purchases as their contracts say, an expense as spec 3 (422). */
const REFUSAL: Record<TPayableType, TErrorCode> = {
  sale: 'bad_request',
  purchase: 'bad_request',
  expense: 'unprocessable',
};

const DOCUMENT_NAMES: Record<TPayableType, string> = {
  sale: 'sale',
  purchase: 'purchase',
  expense: 'expense',
};

/** A document under the caller's row lock, with its balance. */
export type TPayable = {
  type: TPayableType;
  id: number;
  /** The document's business date: no payment is dated before it. */
  date: string;
  totalKobo: TKobo;
  paidKobo: TKobo;
  status: TPaymentStatus;
};

/** A later payment as the API takes it (naira). */
export type TPaymentInput = {
  amount: number;
  payment_method: string;
  payment_date: string;
  notes?: string | null | undefined;
};

/** A payment is dated today or earlier, and not before its document. */
export function assertPaymentDate(type: TPayableType, paymentDate: string, documentDate: string): void {
  assertNotFuture(paymentDate);
  if (paymentDate < documentDate)
    throw new AppError(
      REFUSAL[type],
      `The payment date (${printDate(paymentDate)}) is before the ${DOCUMENT_NAMES[type]}'s date (${printDate(documentDate)})`,
    );
}

/** Records a payment on `document`: refused with the document's message when nothing or less is outstanding. */
export async function addPayment(
  tx: Transaction,
  actor: TActor,
  document: TPayable,
  input: TPaymentInput,
): Promise<{ paidKobo: TKobo; status: TPaymentStatus }> {
  assertPaymentDate(document.type, input.payment_date, document.date);
  const amountKobo = nairaToKobo(input.amount);
  const paid = applyLaterPayment(document.type, document, amountKobo);
  if (!paid.ok) throw new AppError(REFUSAL[document.type], paid.error);
  const repo = createPayablesRepository(tx);
  await repo.insert({
    tenantId: actor.tenantId,
    documentType: document.type,
    documentId: document.id,
    amountKobo,
    paymentMethod: input.payment_method,
    paymentDate: input.payment_date,
    notes: input.notes ?? null,
    userId: actor.userId,
  });
  await repo.settle(document.type, document.id, { ...paid, method: input.payment_method });
  const figures = (paidKobo: TKobo, status: TPaymentStatus) => ({
    amount_paid: koboToNaira(paidKobo),
    outstanding: koboToNaira(outstandingKobo(document.totalKobo, paidKobo)),
    payment_status: status,
  });
  await writeAudit(tx, actor, {
    kind: `${document.type}.payment_added`,
    recordType: document.type,
    recordId: document.id,
    ...paymentValues(figures(document.paidKobo, document.status), figures(paid.paidKobo, paid.status), input),
  });
  return { paidKobo: paid.paidKobo, status: paid.status };
}

/** Marks a deleted document's payments deleted with it (money is never removed). */
export async function markPaymentsDeleted(
  tx: Transaction,
  actor: TActor,
  type: TPayableType,
  documentId: number,
): Promise<void> {
  await createPayablesRepository(tx).markDeletedOf(actor.tenantId, type, documentId, actor.userId);
}
