import {
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type PaperProps,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { TSale } from '@app/domain/schemas/sales';
import { PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, formatBusinessDate } from '../utils/sale-row-format';
import { ScrollTable } from '../../../components/scroll-table';

/** Below this width rows become cards (as the Customers list does). */
const PHONE_QUERY = '(max-width: 48em)';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const NONE: ReadonlySet<string> = new Set();

/** True where the sales tables show cards instead of rows. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

/** A status badge never cut short in a narrow column. */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      maw="none"
      styles={{ label: { overflow: 'visible', whiteSpace: 'nowrap' } }}
    >
      {children}
    </Badge>
  );
}

/** Paid / Partial / Credit. */
export function SaleStatusBadge({ status }: { status: TSale['payment_status'] }) {
  return (
    <StatusBadge color={PAYMENT_STATUS_COLORS[status] ?? 'gray'}>
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </StatusBadge>
  );
}

function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="md">
      {children}
    </Text>
  );
}

/** The customer's name with the phone under it, so that a table fits a laptop beside the menu. */
export function CustomerCell({ name, phone }: { name: string; phone: string | null }) {
  return (
    <Table.Td>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      {phone && (
        <Text size="xs" c="dimmed" style={NOWRAP}>
          {phone}
        </Text>
      )}
    </Table.Td>
  );
}

/** The phone layout of a row: a bordered card whose first line is "#id · date" and a badge. */
export function SaleRowCard({
  number,
  date,
  badge,
  children,
  ...props
}: { number: number; date: string; badge?: ReactNode; children: ReactNode } & PaperProps) {
  return (
    <Paper withBorder radius="md" p="sm" {...props}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text size="sm" fw={600}>
          #{number} · {formatBusinessDate(date)}
        </Text>
        {badge}
      </Group>
      {children}
    </Paper>
  );
}

/** The phone layout of a list: a placeholder while it loads, its cards, or the empty text. */
export function SaleCardList<T>({
  label,
  loading,
  skeletonHeight,
  rows,
  renderCard,
  emptyText,
}: {
  label: string;
  loading: boolean;
  skeletonHeight: number;
  rows: readonly T[];
  /** One card, with its key. */
  renderCard: (row: T) => ReactNode;
  emptyText: ReactNode;
}) {
  const none = rows.length === 0;
  return (
    <section aria-label={label} aria-busy={loading}>
      {loading && none && <Skeleton h={skeletonHeight} radius="md" />}
      <Stack gap="xs">{rows.map(renderCard)}</Stack>
      {!loading && none && <EmptyText>{emptyText}</EmptyText>}
    </section>
  );
}

/** The laptop layout of a list: header, then three placeholder rows while it loads, its rows, or the empty text. */
export function SaleDataTable<T>({
  label,
  loading,
  minWidth,
  columns,
  rightAligned,
  unlabelled = NONE,
  rows,
  renderRow,
  emptyText,
}: {
  label: string;
  loading: boolean;
  minWidth: number;
  columns: readonly string[];
  rightAligned: ReadonlySet<string>;
  /** Columns of icon buttons whose own names say what they do: their header is for screen readers only. */
  unlabelled?: ReadonlySet<string>;
  rows: readonly T[];
  /** One Table.Tr, with its key. */
  renderRow: (row: T) => ReactNode;
  emptyText: ReactNode;
}) {
  const none = rows.length === 0;
  return (
    <ScrollTable minWidth={minWidth} label={label}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing={5}
        fz="sm"
        aria-label={label}
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} ta={rightAligned.has(column) ? 'right' : undefined}>
                {unlabelled.has(column) ? <VisuallyHidden>{column}</VisuallyHidden> : column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            none &&
            Array.from({ length: 3 }, (_, row) => (
              <Table.Tr key={`skeleton-${row}`}>
                {columns.map((column) => (
                  <Table.Td key={column}>
                    <Skeleton h={14} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {rows.map(renderRow)}
          {!loading && none && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <EmptyText>{emptyText}</EmptyText>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
