import { useState } from 'react';
import { Alert, Button, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { usePurchases } from '../api/get-purchases';
import { getPurchasesInRangeQueryOptions } from '../api/get-purchases-in-range';
import { last30Days, type TDateRange } from '../date-range';
import { downloadPurchasesCsv } from '../purchases-csv';
import { notifyError, notifyErrorText, notifySuccess } from '../restock-notify';
import { DateRangeInputs } from './date-range-inputs';
import { PURCHASES_ERROR } from './manage-items-tab';
import { PurchaseTable } from './purchase-table';

export const VIEW_PAGE_SIZE = 20;
export const CSV_MESSAGES = {
  empty: 'No data in selected date range',
  done: 'Purchase data exported',
} as const;

export function ViewDataTab() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<TDateRange>(() => last30Days());
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters = { start_date: range.start || undefined, end_date: range.end || undefined };
  const purchases = usePurchases({ skip: (page - 1) * VIEW_PAGE_SIZE, limit: VIEW_PAGE_SIZE, ...filters });
  const rows = purchases.data?.rows ?? [];
  const total = purchases.data?.total ?? null;
  const pages =
    total === null ? page + (rows.length === VIEW_PAGE_SIZE ? 1 : 0) : Math.ceil(total / VIEW_PAGE_SIZE);

  const changeRange = (next: TDateRange) => {
    setRange(next);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await queryClient.fetchQuery(getPurchasesInRangeQueryOptions(filters));
      if (all.length === 0) {
        notifyErrorText(CSV_MESSAGES.empty);
        return;
      }
      downloadPurchasesCsv(all, range.start || 'all', range.end || 'all');
      notifySuccess(CSV_MESSAGES.done);
    } catch (error) {
      notifyError(error, PURCHASES_ERROR);
    } finally {
      setExporting(false);
    }
  };

  const first = (page - 1) * VIEW_PAGE_SIZE + 1;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Purchase history
        </Title>
        <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
          <DateRangeInputs idPrefix="view" value={range} onChange={changeRange} />
          <Button
            leftSection={<IconDownload size={18} />}
            variant="light"
            onClick={() => void exportCsv()}
            loading={exporting}
          >
            Export CSV
          </Button>
        </Group>

        {purchases.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(purchases.error, PURCHASES_ERROR)}
          </Alert>
        ) : purchases.isSuccess && rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {CSV_MESSAGES.empty}
          </Text>
        ) : (
          <>
            <PurchaseTable purchases={rows} full loading={purchases.isPending} label="Purchase history" />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                {rows.length > 0 &&
                  `Showing ${formatCount(first)}–${formatCount(first + rows.length - 1)}${
                    total !== null ? ` of ${formatCount(total)}` : ''
                  }`}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  siblings={1}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
