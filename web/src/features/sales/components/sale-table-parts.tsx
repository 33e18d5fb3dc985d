import { Badge, Group, Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TSale } from '@app/domain/schemas/sales';
import { PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS } from '../sale-row-format';

/** Paid / Partial / Credit, never cut short in a narrow column. */
export function SaleStatusBadge({ status }: { status: TSale['payment_status'] }) {
  return (
    <Badge
      color={PAYMENT_STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      tt="none"
      maw="none"
      styles={{ label: { overflow: 'visible', whiteSpace: 'nowrap' } }}
    >
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** The phone layout of a row: a bordered card whose first line is a title and a badge. */
export function SaleRowCard({
  title,
  badge,
  children,
  ...props
}: { title: ReactNode; badge?: ReactNode; children: ReactNode } & PaperProps) {
  return (
    <Paper withBorder radius="md" p="sm" {...props}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        {title}
        {badge}
      </Group>
      {children}
    </Paper>
  );
}
