import { useState } from 'react';
import { Alert, Badge, Group, Paper, Table, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { formatCount } from '../../../lib/format';
import { useLowStock } from '../api/get-low-stock';
import { failureText } from './failure';
import { Pager } from './pager';
import { ScrollTable } from '../../../components/scroll-table';
import { EmptyRow } from '../../../components/table-parts';

/** Spec 2 §9: 5 low-stock rows a page. */
export const LOW_STOCK_PAGE_SIZE = 5;

/** Items whose closing balance is at or below their reorder level. */
export function LowStockList({ warehouse }: { warehouse: string | null }) {
  const lowStock = useLowStock(warehouse);
  const [page, setPage] = useState(1);
  const rows = lowStock.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / LOW_STOCK_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * LOW_STOCK_PAGE_SIZE, current * LOW_STOCK_PAGE_SIZE);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="low-stock"
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Group gap={6}>
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" aria-hidden="true" />
          <Title id="low-stock" order={3} fz="md">
            Low stock
          </Title>
        </Group>
        {lowStock.isSuccess && (
          <Badge color={rows.length ? 'red' : 'green'} variant="light" tt="none">
            {rows.length} {rows.length === 1 ? 'item' : 'items'}
          </Badge>
        )}
      </Group>
      {waitsForNetwork(lowStock) ? (
        <OfflineListNotice />
      ) : (
        <>
          {lowStock.isError && (
            <Alert color="red" role="alert" mb="xs">
              {failureText('Failed to load inventory data', lowStock.error)}
            </Alert>
          )}
          <ScrollTable minWidth={400} label="Low stock">
            <Table striped withTableBorder verticalSpacing="xs" aria-label="Low stock">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Closing balance</Table.Th>
                  <Table.Th ta="right">Reorder level</Table.Th>
                  <Table.Th>Warehouse</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((row) => (
                  <Table.Tr key={row.item_id}>
                    <Table.Td>{row.item_name}</Table.Td>
                    <Table.Td ta="right" c={row.closing_balance === 0 ? 'red.8' : undefined} fw={600}>
                      {formatCount(row.closing_balance)}
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(row.reorder_level)}</Table.Td>
                    <Table.Td>{row.warehouse_name}</Table.Td>
                  </Table.Tr>
                ))}
                {shown.length === 0 && (
                  <EmptyRow columns={4}>{lowStock.isPending ? 'Loading...' : 'No items found'}</EmptyRow>
                )}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
      {pages > 1 && (
        <Pager
          label="Low stock pages"
          page={current}
          pages={pages}
          hasNext={current < pages}
          onPage={setPage}
        />
      )}
    </Paper>
  );
}
