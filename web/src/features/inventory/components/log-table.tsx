import { Badge, Table, Text } from '@mantine/core';
import { formatCount, formatDate } from '../../../lib/format';
import type { TDailyLogRow } from '../api/get-daily-logs';
import { ScrollTable } from '../../../components/scroll-table';
import { EmptyRow } from '../../../components/table-parts';

export const LOG_CSV_HEADERS = [
  'Date',
  'Item',
  'Warehouse',
  'Open',
  'Supplied',
  'Returned',
  'Stock out',
  'Closing',
] as const;

export function logCsvRow(row: TDailyLogRow): (string | number)[] {
  return [
    row.log_date,
    row.item_name,
    row.warehouse_name ?? '',
    row.open_balance,
    row.supplied_quantity,
    row.return_quantity,
    row.stock_out,
    row.closing_balance,
  ];
}

function isLow(row: TDailyLogRow): boolean {
  return typeof row.reorder_level === 'number' && row.closing_balance <= row.reorder_level;
}

/** Daily stock figures: Date, Item, Warehouse, Open, Supplied, Returned, Stock out, Closing. */
export function LogTable({
  rows,
  loading,
  label,
  emptyText = 'No records',
}: {
  rows: readonly TDailyLogRow[];
  loading: boolean;
  label: string;
  emptyText?: string;
}) {
  return (
    <ScrollTable minWidth={720} label={label}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {LOG_CSV_HEADERS.map((header, index) => (
              <Table.Th key={header} ta={index >= 3 ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.log_date}-${row.item_id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.log_date)}</Table.Td>
              <Table.Td>{row.item_name}</Table.Td>
              <Table.Td>{row.warehouse_name ?? ''}</Table.Td>
              <Table.Td ta="right">{formatCount(row.open_balance)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.supplied_quantity)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.return_quantity)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.stock_out)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {isLow(row) && (
                  <Badge color="red" variant="light" size="xs" mr={6}>
                    Low
                  </Badge>
                )}
                <Text span fw={600} size="sm">
                  {formatCount(row.closing_balance)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <EmptyRow columns={LOG_CSV_HEADERS.length}>{loading ? 'Loading...' : emptyText}</EmptyRow>
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
