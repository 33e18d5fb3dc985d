import type { TPurchase } from './restock-types';

type TLine = Omit<
  TPurchase,
  'purchase_total' | 'purchase_amount_paid' | 'purchase_outstanding' | 'purchase_line_count'
>;

/**
 * A purchase line as GET /api/restock answers it, for tests: paid in full and, unless told otherwise, alone
 * in its purchase (whose figures are then the line's).
 */
export function aPurchase(overrides: Partial<TPurchase> = {}): TPurchase {
  const line: TLine = {
    purchase_id: 1,
    public_id: '01936b2e-8f00-7a4c-9d10-5b2f3c4d5e6f',
    item_id: 1,
    item_name: 'Rice 50kg',
    supplier_name: 'Dangote Foods',
    supplier_phone: null,
    supplied_quantity: 2,
    unit_price: 1_000,
    total_price_paid: 2_000,
    amount_paid: 2_000,
    outstanding: 0,
    purchase_date: '2026-11-20',
    due_date: null,
    payment_status: 'paid',
    payment_method: 'cash',
    warehouse_name: 'Main Store',
    invoice_file_url: null,
    notes: null,
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
  return {
    purchase_total: line.total_price_paid,
    purchase_amount_paid: line.amount_paid,
    purchase_outstanding: line.outstanding,
    purchase_line_count: 1,
    ...line,
    ...overrides,
  };
}
