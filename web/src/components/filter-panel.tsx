import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';
import { reversedRangeError } from '../lib/date-range';

/**
 * A list's Filters panel (spec 3: search, status, dates, Apply Filters, Clear All): the fields edit a draft,
 * the list changes on Apply Filters, and Clear All empties the draft and applies it.
 */
export function FilterPanel<T extends Record<string, string>>({
  applied,
  empty,
  onApply,
  fields,
}: {
  applied: T;
  empty: T;
  onApply: (filters: T) => void;
  fields: (draft: T, change: (patch: Partial<T>) => void) => ReactNode;
}) {
  const [draft, setDraft] = useState(applied);
  const change = (patch: Partial<T>) => setDraft((current) => ({ ...current, ...patch }));
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
          {fields(draft, change)}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            onClick={() => {
              setDraft(empty);
              onApply(empty);
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

/** The Start date and End date boxes of a Filters panel (the end no earlier than the start). */
export function DateRangeFields({
  draft,
  change,
}: {
  draft: { start_date: string; end_date: string };
  change: (patch: { start_date?: string; end_date?: string }) => void;
}) {
  return (
    <>
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
        error={reversedRangeError(draft.start_date, draft.end_date)}
        onChange={(event) => change({ end_date: event.currentTarget.value })}
      />
    </>
  );
}
