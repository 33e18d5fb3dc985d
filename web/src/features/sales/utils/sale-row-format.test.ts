import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../lib/csv';
import { saleRow } from '../testing/sale-row-fixtures';
import {
  SALE_CSV_HEADERS,
  customerLabel,
  formatBusinessDate,
  paymentMethodLabel,
  saleCsvRows,
} from './sale-row-format';

describe('sale rows', () => {
  it('shows a sale without a customer name as Walk-in', () => {
    expect(customerLabel('')).toBe('Walk-in');
    expect(customerLabel('   ')).toBe('Walk-in');
    expect(customerLabel(null)).toBe('Walk-in');
    expect(customerLabel('Musa')).toBe('Musa');
  });

  it('shows a business date as the same Lagos day', () => {
    expect(formatBusinessDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatBusinessDate('')).toBe('');
  });

  it('writes CSV money as plain two-decimal numbers and neutralises formulas', () => {
    const rows = saleCsvRows([saleRow(1, { customer_name: '', customer_phone: null, item_name: '=cmd()' })]);
    expect(rows[0]).toEqual([
      1,
      '2026-11-21',
      'Walk-in',
      '',
      '=cmd()',
      2,
      '1500.50',
      '3001.00',
      '6452.15',
      '0.00',
      'paid',
      'cash',
      'Bola',
      'Main Store',
      'INV-1',
    ]);
    const csv = toCsv(SALE_CSV_HEADERS, rows);
    expect(csv.split(/\r?\n/)[0]).toBe(
      'Sale ID,Date,Customer,Customer Phone,Item,Quantity,Unit Price,Total Amount,Sale Total,Outstanding,Payment Status,Payment Method,Employee,Warehouse,Invoice Number',
    );
    expect(csv).toContain("'=cmd()");
  });

  it("numbers each row with the sale number people see, and gives each sale's total and outstanding once", () => {
    const first = saleRow(1, { sale_id: 132, sale_number: 34, outstanding: 452.15 });
    const second = saleRow(2, { sale_id: 132, sale_number: 34, outstanding: 452.15 });
    const rows = saleCsvRows([first, second]);
    expect(rows.map((row) => [row[0], row[8], row[9]])).toEqual([
      [34, '6452.15', '452.15'],
      [34, '', ''],
    ]);
  });

  it('names every way a sale was paid, and the recorded method while nothing is paid', () => {
    const split = saleRow(1, { payment_method: 'cash', payment_methods: ['cash', 'transfer'] });
    expect(paymentMethodLabel(split)).toBe('Cash + Transfer');
    expect(saleCsvRows([split])[0]![11]).toBe('cash + transfer');
    expect(paymentMethodLabel(saleRow(2, { payment_method: 'none', payment_methods: [] }))).toBe('None');
    expect(paymentMethodLabel(saleRow(3, { payment_method: 'card' }))).toBe('Card');
  });
});
