import { describe, expect, it } from 'vitest';
import { ZSalesFilterRequestSchema } from '@app/domain/schemas/sales';
import { filterValueOptions, salesFilterRequest, salesFilteredFilename } from './filter-request';

const options = {
  customer_names: ['Ada', 'Musa', 'Ada', ''],
  employee_names: ['Bola'],
  customer_phones: ['0803'],
  item_names: ['Rice 50kg'],
};

describe('sales filter', () => {
  it('offers the values of the chosen type, without blanks or repeats', () => {
    expect(filterValueOptions(options, 'customer_name')).toEqual(['Ada', 'Musa']);
    expect(filterValueOptions(options, 'employee_name')).toEqual(['Bola']);
    expect(filterValueOptions(options, 'customer_phone')).toEqual(['0803']);
    expect(filterValueOptions(options, 'item_name')).toEqual(['Rice 50kg']);
    expect(filterValueOptions(undefined, 'item_name')).toEqual([]);
  });

  it('sends what the server schema accepts, leaving empty fields out', () => {
    const empty = salesFilterRequest({
      keyword: '  ',
      filter_type: 'item_name',
      filter_values: [],
      start_date: '',
      end_date: '',
    });
    expect(empty).toEqual({
      keyword: null,
      filter_type: null,
      filter_values: [],
      start_date: null,
      end_date: null,
      limit: 500,
    });
    const full = salesFilterRequest({
      keyword: ' rice ',
      filter_type: 'customer_name',
      filter_values: ['Ada'],
      start_date: '2026-11-01',
      end_date: '2026-11-22',
    });
    expect(full).toEqual({
      keyword: 'rice',
      filter_type: 'customer_name',
      filter_values: ['Ada'],
      start_date: '2026-11-01',
      end_date: '2026-11-22',
      limit: 500,
    });
    expect(ZSalesFilterRequestSchema.parse(full)).toEqual(full);
  });

  it('names the CSV after today', () => {
    expect(salesFilteredFilename('2026-11-22')).toBe('sales_filtered_2026-11-22.csv');
  });
});
