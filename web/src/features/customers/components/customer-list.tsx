import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFilter, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TCustomer } from '@app/domain/schemas/customers';
import { formatCount, formatDate } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useExportCustomers, type TCustomerExportFormat } from '../api/export-customers';
import { useCustomerMetrics } from '../api/get-customer-metrics';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../api/get-customers';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PERMISSIONS,
  failureText,
  notifyCustomerError,
} from './customers-notify';
import { DeleteCustomerModal } from './delete-customer-modal';
import { ScrollTable } from '../../../components/scroll-table';
import { EmptyRow } from '../../../components/table-parts';
import { reversedRangeError } from '../../../lib/date-range';

const COLUMNS = ['ID', 'Name', 'Phone', 'Email', 'Address', 'Created', 'Actions'] as const;
export const SEARCH_DEBOUNCE_MS = 400;

type TDateFilter = { start: string; end: string };

/** The date filter narrows only the page already loaded (spec 2 §2: the dates are not sent). */
function withinDates(customer: TCustomer, { start, end }: TDateFilter): boolean {
  const created = businessDate(new Date(customer.created_at));
  return (!start || created >= start) && (!end || created <= end);
}

function RowActions({
  customer,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  customer: TCustomer;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (customer: TCustomer) => void;
  onDelete: (customer: TCustomer) => void;
}) {
  if (!canEdit && !canDelete) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        View only
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {canEdit && (
        <Tooltip label="Edit" withArrow>
          <ActionIcon variant="light" aria-label={`Edit ${customer.name}`} onClick={() => onEdit(customer)}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label="Delete" withArrow>
          <ActionIcon
            variant="light"
            color="red"
            aria-label={`Delete ${customer.name}`}
            onClick={() => onDelete(customer)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** Customer List (spec 2 §2): Total, search, date filters, the table, Prev/Next and the CSV. */
export function CustomerList({
  editingId,
  onEdit,
  onDeleted,
}: {
  editingId: number | null;
  onEdit: (customer: TCustomer) => void;
  onDeleted: (customer: TCustomer) => void;
}) {
  const canEdit = useHasPermission(CUSTOMER_PERMISSIONS.edit);
  const canDelete = useHasPermission(CUSTOMER_PERMISSIONS.delete);
  const canExport = useHasPermission(CUSTOMER_PERMISSIONS.export);
  // On a phone each customer is a card; the seven columns would not fit 360 px.
  const phone = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [filtersShown, setFiltersShown] = useState(false);
  const [dates, setDates] = useState<TDateFilter>({ start: '', end: '' });
  const [toDelete, setToDelete] = useState<TCustomer | null>(null);

  const customers = useCustomers({ search: debouncedSearch, page, limit: CUSTOMERS_PAGE_SIZE });
  const metrics = useCustomerMetrics();
  const exporter = useExportCustomers();
  const loaded = customers.data?.customers ?? [];
  const rows = loaded.filter((customer) => withinDates(customer, dates));
  const total = customers.data?.total ?? 0;
  const hasNext = page * CUSTOMERS_PAGE_SIZE < total;
  const emptyText = customers.isPending ? 'Loading...' : 'No records';

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const download = (format: TCustomerExportFormat) =>
    exporter.mutate(
      { search: debouncedSearch, format },
      {
        onError: (error) =>
          notifyCustomerError(error, CUSTOMER_MESSAGES.downloadFailed, CUSTOMER_MESSAGES.exportDenied),
      },
    );
  const deleted = (customer: TCustomer) => {
    // The last row of a later page went: show the page before rather than an empty one.
    if (loaded.length === 1 && page > 1) setPage(page - 1);
    onDeleted(customer);
  };
  const actions = (customer: TCustomer) => (
    <RowActions
      customer={customer}
      canEdit={canEdit}
      canDelete={canDelete}
      onEdit={onEdit}
      onDelete={setToDelete}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} fz="lg">
              Customer List
            </Title>
            {metrics.data && (
              <Badge variant="light" size="lg" aria-label={`Total ${metrics.data.total_customers}`}>
                Total: {formatCount(metrics.data.total_customers)}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button
              variant={filtersShown ? 'light' : 'default'}
              size="compact-sm"
              leftSection={<IconFilter size={16} />}
              aria-expanded={filtersShown}
              onClick={() => setFiltersShown((shown) => !shown)}
            >
              {filtersShown ? 'Hide Filters' : 'Show Filters'}
            </Button>
            {canExport &&
              (['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  loading={exporter.isPending && exporter.variables.format === format}
                  disabled={exporter.isPending && exporter.variables.format !== format}
                  onClick={() => download(format)}
                >
                  {format === 'csv' ? 'Download CSV' : 'Download Excel'}
                </Button>
              ))}
          </Group>
        </Group>

        <TextInput
          aria-label="Search by name or phone"
          placeholder="Search by name or phone"
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={120}
          onChange={(event) => changeSearch(event.currentTarget.value)}
        />

        <Collapse expanded={filtersShown}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <SimpleGrid cols={2} spacing="sm" style={{ flex: '1 1 16rem' }} maw={420}>
              <TextInput
                type="date"
                label="Start date"
                value={dates.start}
                max={dates.end || undefined}
                onChange={(event) => setDates({ ...dates, start: event.currentTarget.value })}
              />
              <TextInput
                type="date"
                label="End date"
                value={dates.end}
                min={dates.start || undefined}
                error={reversedRangeError(dates.start, dates.end)}
                onChange={(event) => setDates({ ...dates, end: event.currentTarget.value })}
              />
            </SimpleGrid>
            <Button variant="default" onClick={() => setDates({ start: '', end: '' })}>
              Clear
            </Button>
          </Group>
        </Collapse>

        {customers.isError && (
          <Alert color="red" role="alert">
            {failureText(CUSTOMER_MESSAGES.fetchFailed, customers.error)}
          </Alert>
        )}

        {phone ? (
          <Stack gap="xs" aria-label="Customers" role="list" aria-busy={customers.isFetching}>
            {rows.map((customer) => (
              <Paper
                key={customer.customer_id}
                withBorder
                radius="md"
                p="sm"
                role="listitem"
                bg={customer.customer_id === editingId ? 'var(--mantine-color-blue-0)' : undefined}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {customer.name}{' '}
                      <Text span size="xs" c="dimmed">
                        #{customer.customer_id}
                      </Text>
                    </Text>
                    <Text size="sm">{customer.phone}</Text>
                    {customer.email && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {customer.email}
                      </Text>
                    )}
                    {customer.address && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {customer.address}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      Created {formatDate(customer.created_at)}
                    </Text>
                  </div>
                  {actions(customer)}
                </Group>
              </Paper>
            ))}
            {rows.length === 0 && (
              <Text c="dimmed" size="sm" ta="center" py="sm" role="listitem">
                {emptyText}
              </Text>
            )}
          </Stack>
        ) : (
          <ScrollTable minWidth={760} label="Customers">
            <Table
              striped
              highlightOnHover
              withTableBorder
              verticalSpacing="xs"
              aria-label="Customers"
              aria-busy={customers.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((customer) => (
                  <Table.Tr
                    key={customer.customer_id}
                    bg={customer.customer_id === editingId ? 'var(--mantine-color-blue-0)' : undefined}
                  >
                    <Table.Td>{customer.customer_id}</Table.Td>
                    <Table.Td fw={500}>{customer.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{customer.phone}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{customer.email ?? ''}</Table.Td>
                    <Table.Td>{customer.address ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(customer.created_at)}</Table.Td>
                    <Table.Td>{actions(customer)}</Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && <EmptyRow columns={COLUMNS.length}>{emptyText}</EmptyRow>}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}

        <Group component="nav" aria-label="Customer pages" justify="space-between" gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={page <= 1 || customers.isFetching}
            onClick={() => setPage(page - 1)}
          >
            Prev
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            Page {page}
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={!hasNext || customers.isFetching}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </Group>
      </Stack>

      <DeleteCustomerModal customer={toDelete} onClose={() => setToDelete(null)} onDeleted={deleted} />
    </Paper>
  );
}
