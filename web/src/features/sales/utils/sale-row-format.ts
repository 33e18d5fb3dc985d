import type { TSale, TSalePaymentMethod, TSaleRow } from '@app/domain/schemas/sales';
import { koboToNaira, nairaToKobo } from '@app/domain/money/money';
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

type TSaleMethods = Pick<TSaleRow, 'payment_method' | 'payment_methods'>;

/** Every way a sale's money came, in order; while nothing is paid, the method it was recorded with. */
const methodsOf = (row: TSaleMethods): string[] =>
  row.payment_methods?.length ? row.payment_methods : [row.payment_method];

/** The Payment Method a sale shows: "Cash", or "Cash + Transfer" when its balance came another way. */
export const paymentMethodLabel = (row: TSaleMethods) =>
  methodsOf(row)
    .map((method) => PAYMENT_METHOD_LABELS[method as TSalePaymentMethod] ?? method)
    .join(' + ');

/** How a receipt says the sale was paid: "Paid by Cash", "Part paid by Transfer", "On credit". */
export function receiptPaymentLine(status: TSale['payment_status'], method: string): string {
  if (status === 'credit') return 'On credit';
  const label = PAYMENT_METHOD_LABELS[method as TSalePaymentMethod] ?? method;
  return `${status === 'partial' ? 'Part paid' : 'Paid'} by ${label}`;
}

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

/** The sales among `rows` (lines): how many, what they come to, and the first line shown of each. */
export function salesOf(rows: readonly TSaleRow[]) {
  const firstLines = new Set<number>();
  const seen = new Set<number>();
  let totalKobo = 0;
  for (const row of rows) {
    if (seen.has(row.sale_id)) continue;
    seen.add(row.sale_id);
    firstLines.add(row.line_id);
    totalKobo += nairaToKobo(row.grand_total);
  }
  return { firstLines, count: seen.size, totalNaira: koboToNaira(totalKobo) };
}

/**
 * One CSV row per sale line, numbered as the screens and receipts number sales; money as plain numbers with
 * two decimals so a spreadsheet adds them, a sale's total and outstanding on its first line only (adding the
 * column counts each sale once).
 */
export function saleCsvRows(rows: readonly TSaleRow[]): (string | number)[][] {
  const { firstLines } = salesOf(rows);
  const once = (row: TSaleRow, naira: number) => (firstLines.has(row.line_id) ? naira.toFixed(2) : '');
  return rows.map((row) => [
    row.sale_number,
    row.sale_date,
    customerLabel(row.customer_name),
    row.customer_phone ?? '',
    row.item_name,
    row.quantity,
    row.unit_price.toFixed(2),
    row.total_amount.toFixed(2),
    once(row, row.grand_total),
    once(row, row.outstanding),
    row.payment_status,
    methodsOf(row).join(' + '),
    row.employee_name ?? '',
    row.warehouse_name,
    row.invoice_number ?? '',
  ]);
}
