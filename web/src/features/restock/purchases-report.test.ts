import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv';
import { purchaseStatusText } from './components/purchase-status';
import { last30Days } from './date-range';
import { PURCHASE_CSV_HEADERS, purchaseCsvFilename, purchaseCsvRows } from './purchases-csv';
import { aPurchase } from './purchase.fixture';

const base = aPurchase({
  item_name: 'Rice 50kg',
  supplied_quantity: 3,
  unit_price: 0.1,
  total_price_paid: 0.3,
  amount_paid: 0.1,
  outstanding: 0.2,
  due_date: '2026-12-01',
  payment_status: 'partial',
});

describe('purchase CSV', () => {
  it('names the file by range and writes the spec columns, money with two decimals, formulas neutralised', () => {
    expect(purchaseCsvFilename('2026-11-01', '2026-11-30')).toBe('purchase_data_2026-11-01_2026-11-30.csv');
    const csv = toCsv(PURCHASE_CSV_HEADERS, purchaseCsvRows([{ ...base, supplier_name: '=HYPERLINK("x")' }]));
    expect(csv.split('\r\n')).toEqual([
      'Item,Supplier,Quantity,Unit Price,Total,Date,Status,Warehouse',
      `Rice 50kg,"'=HYPERLINK(""x"")",3,0.10,0.30,2026-11-20,partial,Main Store`,
    ]);
  });
});

describe('reports', () => {
  it('shows what is still owed in the status', () => {
    expect(purchaseStatusText({ payment_status: 'partial', outstanding: 5_000 })).toBe(
      'partial · ₦5,000.00 due',
    );
    expect(purchaseStatusText({ payment_status: 'paid', outstanding: 0 })).toBe('paid');
  });

  it('defaults to the last 30 Lagos days', () => {
    // 23:30 UTC on 30 Nov is 00:30 on 1 Dec in Lagos.
    expect(last30Days(new Date('2026-11-30T23:30:00Z'))).toEqual({ start: '2026-11-02', end: '2026-12-01' });
  });
});
