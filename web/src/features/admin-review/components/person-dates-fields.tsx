import { Select, TextInput } from '@mantine/core';

type TPersonDates = { user_id: string; from: string; to: string };

/** The Person, From and To filters the Audit log and Login logs tabs share (To no earlier than From). */
export function PersonDatesFields({
  draft,
  change,
  people,
}: {
  draft: TPersonDates;
  change: (patch: Partial<TPersonDates>) => void;
  people: { value: string; label: string }[];
}) {
  return (
    <>
      <Select
        label="Person"
        placeholder="Everyone"
        clearable
        data={people}
        value={draft.user_id || null}
        onChange={(value) => change({ user_id: value ?? '' })}
      />
      <TextInput
        type="date"
        label="From"
        value={draft.from}
        onChange={(event) => change({ from: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="To"
        value={draft.to}
        min={draft.from || undefined}
        onChange={(event) => change({ to: event.currentTarget.value })}
      />
    </>
  );
}
