import { TextInput } from '@mantine/core';

type TRange = { start_date: string; end_date: string };

/** Start and end date inputs (up to today) for a form laid out by its parent grid. */
export function DateRangeFields<T extends TRange>({
  form,
  setForm,
  today,
  rangeError,
}: {
  form: T;
  setForm: (next: T) => void;
  today: string;
  rangeError: string | null;
}) {
  return (
    <>
      <TextInput
        label="Start date"
        type="date"
        value={form.start_date}
        max={today}
        onChange={(event) => setForm({ ...form, start_date: event.currentTarget.value })}
      />
      <TextInput
        label="End date"
        type="date"
        value={form.end_date}
        max={today}
        error={rangeError}
        onChange={(event) => setForm({ ...form, end_date: event.currentTarget.value })}
      />
    </>
  );
}
