import type { ReactNode } from 'react';
import { Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { formatCount } from '../lib/format';

/** Placeholder rows while a table's first page loads. */
export function SkeletonRows({ columns, rows = 3 }: { columns: readonly string[]; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={`skeleton-${row}`}>
      {columns.map((column) => (
        <Table.Td key={column}>
          <Skeleton h={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/**
 * The one row of a table with nothing to show ("No records", "Loading..."): its text stays at the left edge of
 * what is in view and wraps within the screen's width, so a table wider than a phone, scrolled or not, never
 * puts it off-screen.
 */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text
          c="dimmed"
          size="sm"
          py="xs"
          style={{ position: 'sticky', left: 12, width: 'fit-content', maxWidth: 'calc(100vw - 5rem)' }}
        >
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** "1–10 of 42" and the page buttons of a server-paged list (none when one page holds everything). */
export function PageFooter({
  skip,
  shown,
  total,
  pageSize,
  page,
  onPage,
  siblings,
}: {
  skip: number;
  shown: number;
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** Page buttons on each side of the current one (spec 3: up to 5 buttons for Expenses is 2). */
  siblings?: number;
}) {
  return (
    <Group justify="space-between" gap="xs">
      {/* Nothing to count while the page loads or when it is empty (its empty state says so). */}
      <Text size="sm" c="dimmed">
        {shown > 0 && `${formatCount(skip + 1)}–${formatCount(skip + shown)} of ${formatCount(total)}`}
      </Text>
      {total > pageSize && (
        <Pagination
          total={Math.ceil(total / pageSize)}
          value={page}
          onChange={onPage}
          size="sm"
          {...(siblings === undefined ? {} : { siblings, boundaries: 0 })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Group>
  );
}
