import { useState } from 'react';
import { Alert, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { BUSINESS_TIME_ZONE } from '@app/domain/dates/business-date';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { DAILY_LOGS_PAGE_SIZE, useDailyLogs } from '../api/get-daily-logs';
import { failureText } from './failure';
import { LogTable } from './log-table';
import { Pager } from './pager';

const TIME = new Intl.DateTimeFormat('en-NG', { timeStyle: 'medium', timeZone: BUSINESS_TIME_ZONE });

/**
 * Daily logs for one date (spec 2 §2 Home): every item with history up to the date, 20 a page,
 * paged by the server; refreshed every 8 s while mounted (the Home tab unmounts when hidden).
 */
export function DailyLogs({
  date,
  onDateChange,
  warehouse,
  today,
  dateLocked,
}: {
  date: string;
  onDateChange: (date: string) => void;
  warehouse: string | null;
  today: string;
  dateLocked: boolean;
}) {
  // The page belongs to one date and warehouse: changing either starts again at page 1.
  const [paging, setPaging] = useState({ date, warehouse, page: 1 });
  const page = paging.date === date && paging.warehouse === warehouse ? paging.page : 1;
  const logs = useDailyLogs({ date, warehouse, page });
  const rows = logs.data?.rows ?? [];
  const total = logs.data?.total ?? null;
  const pages = total === null ? null : Math.max(1, Math.ceil(total / DAILY_LOGS_PAGE_SIZE));
  const hasNext = pages === null ? rows.length >= DAILY_LOGS_PAGE_SIZE : page < pages;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="daily-logs"
    >
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap">
        <div>
          <Title id="daily-logs" order={3} fz="md">
            Daily logs
          </Title>
          <Text size="xs" c="dimmed" aria-live="off">
            {total !== null ? `${total} ${total === 1 ? 'item' : 'items'} · ` : ''}
            {logs.dataUpdatedAt
              ? `updated ${TIME.format(logs.dataUpdatedAt)}`
              : waitsForNetwork(logs)
                ? 'offline'
                : 'loading'}
            {logs.isFetching && !waitsForNetwork(logs) && <Loader size={10} ml={6} aria-label="Refreshing" />}
          </Text>
        </div>
        <TextInput
          label="Date"
          type="date"
          value={dateLocked ? today : date}
          max={today}
          disabled={dateLocked}
          description={dateLocked ? 'Employees see today only' : undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // A day to come has no log yet: typed past the picker's limit, it is not taken.
            if (value && value <= today) onDateChange(value);
          }}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {waitsForNetwork(logs) ? (
        <OfflineListNotice />
      ) : (
        <>
          {logs.isError && (
            <Alert color="red" role="alert" mb="sm">
              {failureText('Failed to load inventory data', logs.error)}
            </Alert>
          )}
          <LogTable rows={rows} loading={logs.isPending} label={`Daily logs for ${date}`} />
        </>
      )}
      {(page > 1 || hasNext) && (
        <Pager
          label="Daily log pages"
          page={page}
          pages={pages}
          hasNext={hasNext}
          onPage={(next) => setPaging({ date, warehouse, page: next })}
          busy={logs.isPlaceholderData}
        />
      )}
    </Paper>
  );
}
