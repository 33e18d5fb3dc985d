import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { REQUISITION_STATUSES } from '@app/domain/schemas/requisitions';
import { NO_FILTERS, type TRequisitionFilters } from '../utils/requisition-form';

/** The filter panel: the list changes on Apply Filters; Clear All empties and applies. */
export function RequisitionFilters({
  applied,
  onApply,
}: {
  applied: TRequisitionFilters;
  onApply: (filters: TRequisitionFilters) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const change = (patch: Partial<TRequisitionFilters>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <Title order={3} size="h5" mb="xs">
          Filters
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
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
          <TextInput
            type="date"
            label="Start date"
            value={draft.start_date}
            onChange={(event) => change({ start_date: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="End date"
            value={draft.end_date}
            min={draft.start_date || undefined}
            onChange={(event) => change({ end_date: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            Clear All
          </Button>
          <Button type="submit" leftSection={<IconFilter size={16} />}>
            Apply Filters
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
