import { Alert, Stack, Text } from '@mantine/core';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { formatCount } from '../../../lib/format';
import { SALES_LIST_LIMIT, useSales } from '../api/get-sales';
import { failureText } from '../utils/sale-form-notify';
import { QueuedSales } from './queued-sales';
import { SalesTable } from './sales-table';

export const LIST_MESSAGES = {
  empty: 'No sales records found. Try creating a new sale.',
  failure: 'Failed to load sales',
} as const;

/** List (spec 2 §2): the latest 500 sale lines, 20 a page, with delete for permitted users. */
export function ListTab() {
  const sales = useSales();
  const rows = sales.data?.rows ?? [];
  const total = sales.data?.total ?? null;

  if (waitsForNetwork(sales) || sales.isError) {
    return (
      <Stack gap="sm">
        <QueuedSales />
        {waitsForNetwork(sales) ? (
          <OfflineListNotice />
        ) : (
          <Alert color="red" role="alert">
            {failureText(LIST_MESSAGES.failure, sales.error)}
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <QueuedSales />
      {total !== null && total > rows.length && (
        <Text size="sm" c="dimmed">
          The latest {formatCount(SALES_LIST_LIMIT)} of {formatCount(total)} sale lines; use the Filter tab to
          find older ones.
        </Text>
      )}
      <SalesTable rows={rows} loading={sales.isPending} label="Sales" emptyText={LIST_MESSAGES.empty} />
    </Stack>
  );
}
