import { Badge } from '@mantine/core';

const COLOR = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;
const LABEL = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;

/** A vendor's or product's state: pending, approved or rejected. */
export function StatusBadge({ status }: { status: keyof typeof COLOR }) {
  return (
    <Badge color={COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {LABEL[status]}
    </Badge>
  );
}
