import { koboToNaira, nairaToKobo } from '@app/domain/money/money';
import type { TSale } from '@app/domain/schemas/sales';
import type { TOutboxRecord } from '../../../lib/offline/db';

/** Past its due date with money still outstanding (business dates compare as text). */
export const isOverdue = (sale: Pick<TSale, 'due_date' | 'outstanding'>, today: string) =>
  sale.outstanding > 0 && sale.due_date !== null && sale.due_date < today;

/**
 * The pending sales as they stand with the payments this device has taken but not yet sent: each waiting
 * payment counts as paid, so the same debt is not collected twice before the sync. Refused ones do not count.
 */
export function withWaitingPayments(
  sales: readonly TSale[],
  records: readonly Pick<TOutboxRecord, 'kind' | 'status' | 'summary'>[],
): TSale[] {
  const waitingKobo = new Map<unknown, number>();
  for (const record of records) {
    if (record.kind !== 'sale_payment' || record.status === 'needs_attention') continue;
    const saleId = record.summary.sale_id;
    waitingKobo.set(saleId, (waitingKobo.get(saleId) ?? 0) + nairaToKobo(Number(record.summary.amount)));
  }
  return sales.map((sale) => {
    const waiting = waitingKobo.get(sale.sale_id);
    if (!waiting) return sale;
    const paidKobo = nairaToKobo(sale.amount_paid) + waiting;
    const outstandingKobo = Math.max(0, nairaToKobo(sale.grand_total) - paidKobo);
    return { ...sale, amount_paid: koboToNaira(paidKobo), outstanding: koboToNaira(outstandingKobo) };
  });
}
