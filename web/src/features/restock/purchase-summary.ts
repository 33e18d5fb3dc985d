import { koboToNaira, nairaToKobo } from '@app/domain/money/money';
import type { TPurchase } from './restock-types';

export type TPurchaseSummary = {
  totalPurchases: number;
  totalAmount: number;
  outstanding: number;
  itemsRestocked: number;
  unitsRestocked: number;
  warehouses: number;
};

/** The Reports tab's cards; money added up in kobo. */
export function summarisePurchases(purchases: readonly TPurchase[]): TPurchaseSummary {
  let amountKobo = 0;
  let outstandingKobo = 0;
  let units = 0;
  const items = new Set<number>();
  const warehouses = new Set<string>();
  for (const purchase of purchases) {
    amountKobo += nairaToKobo(purchase.total_price_paid);
    outstandingKobo += nairaToKobo(purchase.outstanding);
    units += purchase.supplied_quantity;
    items.add(purchase.item_id);
    warehouses.add(purchase.warehouse_name);
  }
  return {
    totalPurchases: purchases.length,
    totalAmount: koboToNaira(amountKobo),
    outstanding: koboToNaira(outstandingKobo),
    itemsRestocked: items.size,
    unitsRestocked: units,
    warehouses: warehouses.size,
  };
}
