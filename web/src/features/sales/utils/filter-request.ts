import type { SALES_FILTER_TYPES, TSalesFilterRequest } from '@app/domain/schemas/sales';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { REVERSED_RANGE_MESSAGE } from '../../../lib/date-range';
import type { TSalesFilterOptions } from '../api/get-filter-options';

export type TSalesFilterType = (typeof SALES_FILTER_TYPES)[number];

export const FILTER_TYPE_OPTIONS: { value: TSalesFilterType; label: string }[] = [
  { value: 'customer_name', label: 'Customer name' },
  { value: 'employee_name', label: 'Employee name' },
  { value: 'customer_phone', label: 'Customer phone' },
  { value: 'item_name', label: 'Item name' },
];

/** Spec 2 §9: the filter asks for at most 500 sale lines. */
export const FILTER_LIMIT = 500;

export const FILTER_MESSAGES = {
  failure: 'Failed to filter sales',
  empty: 'No sales match these filters.',
  exportDenied: DENIED_MESSAGES['sales.export.access'],
  range: REVERSED_RANGE_MESSAGE,
} as const;

export type TSalesFilterForm = {
  keyword: string;
  filter_type: TSalesFilterType;
  filter_values: string[];
  start_date: string;
  end_date: string;
};

const OPTION_LISTS: Record<TSalesFilterType, keyof TSalesFilterOptions> = {
  customer_name: 'customer_names',
  employee_name: 'employee_names',
  customer_phone: 'customer_phones',
  item_name: 'item_names',
};

/** The multi-select's choices for the chosen filter type (blanks and repeats dropped). */
export function filterValueOptions(
  options: TSalesFilterOptions | undefined,
  type: TSalesFilterType,
): string[] {
  const list = options?.[OPTION_LISTS[type]] ?? [];
  return [...new Set(list.map((value) => value?.trim()).filter((value): value is string => Boolean(value)))];
}

/** The request the Apply button sends; empty fields are left out. */
export function salesFilterRequest(form: TSalesFilterForm): TSalesFilterRequest {
  return {
    keyword: form.keyword.trim() || null,
    filter_type: form.filter_values.length > 0 ? form.filter_type : null,
    filter_values: form.filter_values,
    start_date: form.start_date || null,
    end_date: form.end_date || null,
    limit: FILTER_LIMIT,
  };
}

export const salesFilteredFilename = (today: string) => `sales_filtered_${today}.csv`;
