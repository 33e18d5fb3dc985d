import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { EXPENSE_STATUS_OPTIONS, NO_FILTERS, type TExpenseFilters } from '../utils/expense-form';

/** The Filters panel: the list changes only on Apply Filters; Clear All empties and applies. */
export function ExpenseFilters({
  applied,
  onApply,
}: {
  applied: TExpenseFilters;
  onApply: (filters: TExpenseFilters) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const change = (patch: Partial<TExpenseFilters>) => setDraft((current) => ({ ...current, ...patch }));

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
        aria-label="Filters"
      >
        <Title order={3} size="h5" mb="xs">
          Filters
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
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
