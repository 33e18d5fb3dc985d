import { describe, expect, it } from 'vitest';
import type { TProforma } from '@app/domain/schemas/sales';
import { proforma } from '../testing/proforma-list-fixtures';
import { toCsv } from '../../../lib/csv';
import {
  NO_PROFORMA_FILTERS,
  PROFORMA_CSV_HEADERS,
  filterProformas,
  proformaCsvRows,
  proformaDate,
  proformasFilename,
} from './proforma-list-filter';

const list = [
  proforma(1, { customer_name: 'Adaeze Okafor', date: '2026-11-01' }),
  proforma(2, { customer_name: 'Musa Bello', date: '2026-11-10', status: 'converted', sale_id: 9 }),
  proforma(3, { customer_name: 'ADA Stores', date: '2026-11-20' }),
  proforma(4, { customer_name: 'Chinedu', date: '', created_at: '2026-11-15T23:30:00Z' }),
];
const ids = (rows: TProforma[]) => rows.map((row) => row.proforma_id);

describe('filterProformas', () => {
  it('keeps everything without filters', () => {
    expect(ids(filterProformas(list, NO_PROFORMA_FILTERS))).toEqual([1, 2, 3, 4]);
  });

  it('matches a customer substring in any case, ignoring spaces around it', () => {
    expect(ids(filterProformas(list, { ...NO_PROFORMA_FILTERS, customer: '  ada ' }))).toEqual([1, 3]);
  });

  it('filters by status', () => {
    expect(ids(filterProformas(list, { ...NO_PROFORMA_FILTERS, status: 'converted' }))).toEqual([2]);
    expect(ids(filterProformas(list, { ...NO_PROFORMA_FILTERS, status: 'pending' }))).toEqual([1, 3, 4]);
  });

  it('keeps both ends of the date range and falls back to created_at', () => {
    const range = { ...NO_PROFORMA_FILTERS, start: '2026-11-10', end: '2026-11-15' };
    expect(ids(filterProformas(list, range))).toEqual([2, 4]);
    expect(proformaDate(list[3]!)).toBe('2026-11-15');
    expect(ids(filterProformas(list, { ...NO_PROFORMA_FILTERS, start: '2026-11-20' }))).toEqual([3]);
    expect(ids(filterProformas(list, { ...NO_PROFORMA_FILTERS, end: '2026-11-01' }))).toEqual([1]);
  });

  it('combines the filters', () => {
    const filters = { customer: 'a', status: 'pending' as const, start: '2026-11-02', end: '' };
    expect(ids(filterProformas(list, filters))).toEqual([3]);
  });
});

describe('proforma CSV', () => {
  it('names the file by date and writes one row per proforma', () => {
    expect(proformasFilename('2026-11-22')).toBe('proformas_2026-11-22.csv');
    const rows = proformaCsvRows([list[1]!]);
    expect(rows).toEqual([
      [
        2,
        '2026-11-10',
        'Musa Bello',
        '08031234567',
        'Main Store',
        'Rice 50kg x 2; Beans x 1',
        '125000.00',
        '9375.00',
        '0.00',
        '134375.00',
        'converted',
        9,
      ],
    ]);
    expect(toCsv(PROFORMA_CSV_HEADERS, rows).split(/\r?\n/)[0]).toBe(
      'Proforma ID,Date,Customer,Customer Phone,Warehouse,Items,Subtotal,VAT,Discount,Grand Total,Status,Sale ID',
    );
  });
});
