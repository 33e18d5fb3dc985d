import { useState } from 'react';
import { Badge, Select, Stack, Table, Text } from '@mantine/core';
import { FilterPanel } from '../../../components/filter-panel';
import { formatDateTime } from '../utils/format-time';
import { useLoginLogs } from '../api/get-login-logs';
import { useReviewEmployees } from '../api/get-review-employees';
import { NO_LOGIN_LOG_FILTERS, type TLoginLogFilters } from '../utils/login-log-filters';
import { ListStates } from './list-states';
import { PersonDatesFields } from './person-dates-fields';
import { ScrollTable } from '../../../components/scroll-table';

/** The server's reason codes in words. */
const REASONS: Record<string, string> = {
  bad_password: 'Wrong password',
  unknown_account: 'Unknown account',
  rate_limited: 'Too many attempts',
};

/** Every sign-in attempt of the business's accounts, newest first, with its filters. */
export function LoginLogsTab() {
  const [filters, setFilters] = useState<TLoginLogFilters>(NO_LOGIN_LOG_FILTERS);
  const logs = useLoginLogs(filters);
  const employees = useReviewEmployees();
  const entries = logs.data?.pages.flatMap((page) => page.entries) ?? [];
  const people = (employees.data ?? []).map((e) => ({ value: String(e.employee_id), label: e.name }));
  return (
    <Stack>
      <FilterPanel
        applied={filters}
        empty={NO_LOGIN_LOG_FILTERS}
        onApply={setFilters}
        fields={(draft, change) => (
          <>
            <Select
              label="Outcome"
              placeholder="All"
              clearable
              data={[
                { value: 'success', label: 'Success' },
                { value: 'failure', label: 'Failure' },
              ]}
              value={draft.outcome || null}
              onChange={(value) => change({ outcome: (value ?? '') as TLoginLogFilters['outcome'] })}
            />
            <PersonDatesFields draft={draft} change={change} people={people} />
          </>
        )}
      />
      <ListStates
        label="login logs"
        isPending={logs.isPending}
        error={logs.error}
        empty={entries.length === 0}
        emptyText="No sign-in attempts match"
        hasNextPage={logs.hasNextPage}
        isFetchingNextPage={logs.isFetchingNextPage}
        onLoadMore={() => void logs.fetchNextPage()}
      >
        <ScrollTable minWidth={760} label="Login logs">
          <Table striped withTableBorder verticalSpacing="xs" aria-label="Login logs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Device</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {entry.name ?? entry.identifier}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {entry.account_kind === 'md' ? 'MD' : 'Employee'} · {entry.identifier}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={entry.success ? 'green' : 'red'}
                      variant="light"
                      style={{ minWidth: 'max-content' }}
                    >
                      {entry.success ? 'Success' : 'Failure'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{entry.reason ? (REASONS[entry.reason] ?? entry.reason) : '—'}</Table.Td>
                  <Table.Td>{entry.ip}</Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={2} maw={260}>
                      {entry.device ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </ListStates>
    </Stack>
  );
}
