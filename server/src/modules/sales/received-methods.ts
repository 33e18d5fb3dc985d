import { nairaToKobo } from '@app/domain/money/money';
import { receivedMethods } from '@app/domain/money/payment';
import type { Executor } from '../../platform/db/client.ts';
import { createPayablesRepository } from '../payables/index.ts';

type TPaidSale = { sale_id: number; payment_method: string; amount_paid: number };

/**
 * The sales (or sale lines) with `payment_methods`: every way each sale's money came, in order (the method it
 * was recorded with, then its later payments'), read in one query for them all.
 */
export async function withReceivedMethods<T extends TPaidSale>(
  db: Executor,
  tenantId: number,
  sales: readonly T[],
): Promise<(T & { payment_methods: string[] })[]> {
  const saleIds = [...new Set(sales.map((sale) => sale.sale_id))];
  const later = await createPayablesRepository(db).laterMethodsOf(tenantId, 'sale', saleIds);
  return sales.map((sale) => ({
    ...sale,
    payment_methods: receivedMethods<string>(
      { method: sale.payment_method, paidKobo: nairaToKobo(sale.amount_paid) },
      later.get(sale.sale_id) ?? { methods: [], kobo: 0 },
    ),
  }));
}
