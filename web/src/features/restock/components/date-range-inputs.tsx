import { SimpleGrid, TextInput } from '@mantine/core';
import { reversedRangeError } from '../../../lib/date-range';
import type { TDateRange } from '../date-range';

export function DateRangeInputs({
  value,
  onChange,
  idPrefix,
}: {
  value: TDateRange;
  onChange: (range: TDateRange) => void;
  idPrefix: string;
}) {
  return (
    <SimpleGrid cols={2} spacing="sm" style={{ flex: '1 1 18rem' }} maw={420}>
      <TextInput
        id={`${idPrefix}-start`}
        type="date"
        label="Start date"
        value={value.start}
        max={value.end || undefined}
        onChange={(event) => onChange({ ...value, start: event.currentTarget.value })}
      />
      <TextInput
        id={`${idPrefix}-end`}
        type="date"
        label="End date"
        value={value.end}
        min={value.start || undefined}
        error={reversedRangeError(value.start, value.end)}
        onChange={(event) => onChange({ ...value, end: event.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
