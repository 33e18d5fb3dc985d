import { NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { REQUISITION_STATUSES } from '@app/domain/schemas/requisitions';
import { DateRangeFields, FilterPanel } from '../../../components/filter-panel';
import { NO_FILTERS, type TRequisitionFilters } from '../utils/requisition-form';

/** The Requisitions filter panel: search, status, start and end date. */
export function RequisitionFilters({
  applied,
  onApply,
}: {
  applied: TRequisitionFilters;
  onApply: (filters: TRequisitionFilters) => void;
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
            placeholder="Item, reason, employee or warehouse"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={draft.q}
            onChange={(event) => change({ q: event.currentTarget.value })}
          />
          <NativeSelect
            label="Status"
            data={[{ value: '', label: 'All' }, ...REQUISITION_STATUSES]}
            value={draft.status}
            onChange={(event) =>
              change({ status: event.currentTarget.value as TRequisitionFilters['status'] })
            }
          />
          <DateRangeFields draft={draft} change={change} />
        </>
      )}
    />
  );
}
