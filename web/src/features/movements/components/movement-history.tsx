import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import { MOVEMENT_PAGE_SIZE, type TMovement, type TTransferType } from '@app/domain/schemas/movements';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMovements } from '../api/get-movement-data';
import { exportMovements } from '../api/record-movement';
import { NO_FILTERS, type TMovementFilters } from '../utils/movement-form';
import { ScrollTable } from '../../../components/scroll-table';
import { SkeletonRows } from '../../../components/table-parts';
import { reversedRangeError } from '../../../lib/date-range';

export const TYPE_LABELS: Record<TTransferType, string> = {
  warehouse_transfer: 'Warehouse Transfer',
  customer_sale: 'Customer Sale',
  stockout: 'Write-off',
};
const COLUMNS = ['Type', 'Item', 'From', 'To', 'Quantity', 'Issued By', 'Date', 'Status'];
/** Spec 3 §9: a filter change refetches after 100 ms. */
const FILTER_PAUSE_MS = 100;

function destination(movement: TMovement) {
  if (movement.transfer_type === 'warehouse_transfer')
    return `${movement.to_store} · ${movement.item_name_to}`;
  if (movement.transfer_type === 'customer_sale') return movement.customer_name ?? 'Customer';
  return 'Written off';
}

/** Movement History: search, filters, Export CSV and 20 a page. */
export function MovementHistory({ warehouses }: { warehouses: string[] }) {
  const [filters, setFilters] = useState<TMovementFilters>(NO_FILTERS);
  const [applied] = useDebouncedValue(filters, FILTER_PAUSE_MS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const history = useMovements(applied, (page - 1) * MOVEMENT_PAGE_SIZE);
  const rows = history.data?.rows ?? [];
  const total = history.data?.total ?? 0;
  const change = (patch: Partial<TMovementFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((value) => value !== '');

  const download = async () => {
    setExporting(true);
    try {
      await exportMovements(applied, `stock_movements_${businessDate()}.csv`);
      notifySuccess('Exported successfully');
    } catch (error) {
      notifyError(error, 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3}>Movement History</Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={exporting}
          onClick={() => void download()}
        >
          Export CSV
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mb="sm">
        <TextInput
          label="Search"
          placeholder="Item, person or note"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={filters.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
        />
        <NativeSelect
          label="Type"
          data={[
            { value: '', label: 'All types' },
            ...Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label })),
          ]}
          value={filters.transfer_type}
          onChange={(event) =>
            change({ transfer_type: event.currentTarget.value as TMovementFilters['transfer_type'] })
          }
        />
        <NativeSelect
          label="Warehouse"
          data={[{ value: '', label: 'All warehouses' }, ...warehouses]}
          value={filters.warehouse}
          onChange={(event) => change({ warehouse: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="Start date"
          value={filters.start_date}
          onChange={(event) => change({ start_date: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="End date"
          value={filters.end_date}
          min={filters.start_date || undefined}
          error={reversedRangeError(filters.start_date, filters.end_date)}
          onChange={(event) => change({ end_date: event.currentTarget.value })}
        />
      </SimpleGrid>
      {history.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(history.error, 'Failed to load movements')}
        </Alert>
      ) : !history.isPending && rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {filtered ? 'No matching movements found' : 'No movements found'}
        </Text>
      ) : (
        <>
          <ScrollTable minWidth={860} label="Movement history">
            <Table
              striped
              withTableBorder
              verticalSpacing="xs"
              aria-label="Movement history"
              aria-busy={history.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th key={column} ta={column === 'Quantity' ? 'right' : undefined}>
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.isPending && <SkeletonRows columns={COLUMNS} />}
                {rows.map((movement) => (
                  <Table.Tr key={movement.movement_id}>
                    <Table.Td>{TYPE_LABELS[movement.transfer_type]}</Table.Td>
                    <Table.Td fw={500}>{movement.item_name_from}</Table.Td>
                    <Table.Td>{movement.from_store}</Table.Td>
                    <Table.Td>{destination(movement)}</Table.Td>
                    <Table.Td ta="right">{formatCount(movement.quantity)}</Table.Td>
                    <Table.Td>{movement.issued_by}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(`${movement.movement_date}T12:00:00Z`)}
                    </Table.Td>
                    <Table.Td>
                      {/* max-content: the table may not squeeze the label to "COMPLET…" */}
                      <Badge
                        color={movement.status === 'completed' ? 'green' : 'yellow'}
                        variant="light"
                        miw="max-content"
                      >
                        {movement.status === 'completed' ? 'Completed' : movement.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {total > MOVEMENT_PAGE_SIZE && (
            <Group justify="flex-end" mt="sm">
              <Pagination
                total={Math.ceil(total / MOVEMENT_PAGE_SIZE)}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}
