import type { TSale, TSalePaymentMethod, TSaleRow } from '@app/domain/schemas/sales';
import { formatDate } from '../../../lib/format';

export const WALK_IN = 'Walk-in';

/** A sale without a customer name is a walk-in customer (spec 2 §3). */
export const customerLabel = (name: string | null | undefined) => name?.trim() || WALK_IN;

/** A business date (YYYY-MM-DD) as 22 Nov 2026; noon UTC is the same day in Lagos. */
export const formatBusinessDate = (date: string | null | undefined) =>
  date ? formatDate(`${date.slice(0, 10)}T12:00:00Z`) : '';

export const PAYMENT_STATUS_COLORS: Record<TSale['payment_status'], string> = {
  paid: 'green',
  partial: 'yellow',
  credit: 'red',
};

export const PAYMENT_STATUS_LABELS: Record<TSale['payment_status'], string> = {
  paid: 'Paid',
  partial: 'Partial',
  credit: 'Credit',
};

export const PAYMENT_METHOD_LABELS: Record<TSalePaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Transfer',
  cheque: 'Cheque',
  none: 'None',
};

export const SALE_CSV_HEADERS = [
  'Sale ID',
  'Date',
  'Customer',
  'Customer Phone',
  'Item',
  'Quantity',
  'Unit Price',
  'Total Amount',
  'Sale Total',
  'Outstanding',
  'Payment Status',
  'Payment Method',
  'Employee',
  'Warehouse',
  'Invoice Number',
] as const;

/** One CSV row per sale line; money as plain numbers with two decimals so a spreadsheet adds them. */
export function saleCsvRows(rows: readonly TSaleRow[]): (string | number)[][] {
  return rows.map((row) => [
    row.sale_id,
    row.sale_date,
    customerLabel(row.customer_name),
    row.customer_phone ?? '',
    row.item_name,
    row.quantity,
    row.unit_price.toFixed(2),
    row.total_amount.toFixed(2),
    row.grand_total.toFixed(2),
    row.outstanding.toFixed(2),
    row.payment_status,
    row.payment_method,
    row.employee_name ?? '',
    row.warehouse_name,
    row.invoice_number ?? '',
  ]);
}
