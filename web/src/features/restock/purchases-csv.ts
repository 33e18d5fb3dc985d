import { downloadCsv } from '../../lib/csv';
import type { TPurchase } from './restock-types';

export const PURCHASE_CSV_HEADERS = [
  'Item',
  'Supplier',
  'Quantity',
  'Unit Price',
  'Total',
  'Date',
  'Status',
  'Warehouse',
] as const;

export const purchaseCsvFilename = (start: string, end: string) => `purchase_data_${start}_${end}.csv`;

/** Money as plain numbers with two decimals, so a spreadsheet can add them up. */
export function purchaseCsvRows(purchases: readonly TPurchase[]): (string | number)[][] {
  return purchases.map((p) => [
    p.item_name,
    p.supplier_name,
    p.supplied_quantity,
    p.unit_price.toFixed(2),
    p.total_price_paid.toFixed(2),
    p.purchase_date,
    p.payment_status,
    p.warehouse_name,
  ]);
}

export function downloadPurchasesCsv(purchases: readonly TPurchase[], start: string, end: string): void {
  downloadCsv(purchaseCsvFilename(start, end), PURCHASE_CSV_HEADERS, purchaseCsvRows(purchases));
}
