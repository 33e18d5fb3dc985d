import { NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DateRangeFields, FilterPanel } from '../../../components/filter-panel';
import { EXPENSE_STATUS_OPTIONS, NO_FILTERS, type TExpenseFilters } from '../utils/expense-form';

/** The Expenses Filters panel: search, payment status, start and end date. */
export function ExpenseFilters({
  applied,
  onApply,
}: {
  applied: TExpenseFilters;
  onApply: (filters: TExpenseFilters) => void;
}) {
  return (
    <FilterPanel
      applied={applied}
      empty={NO_FILTERS}
      onApply={onApply}
      fields={(draft, change) => (
        <>
          <TextInput
            label="Search"
            placeholder="Vendor or invoice number"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={draft.search}
            onChange={(event) => change({ search: event.currentTarget.value })}
          />
          <NativeSelect
            label="Payment status"
            data={[{ value: '', label: 'All' }, ...EXPENSE_STATUS_OPTIONS]}
            value={draft.payment_status}
            onChange={(event) =>
              change({ payment_status: event.currentTarget.value as TExpenseFilters['payment_status'] })
            }
          />
          <DateRangeFields draft={draft} change={change} />
        </>
      )}
    />
  );
}
