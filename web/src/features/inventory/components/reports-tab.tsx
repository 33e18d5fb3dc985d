import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { downloadCsv } from '../../../lib/csv';
import { formatCount, formatDate } from '../../../lib/format';
import { useInventoryReport, type TReportRow } from '../api/get-inventory-report';
import type { TReportParams, TReportPeriod } from '../api/inventory-keys';
import { CsvButton } from './csv-button';
import { dateRangeError, shiftDate } from './dates';
import { failureText } from './failure';
import { DateRangeFields } from './date-range-fields';
import { ScrollTable } from '../../../components/scroll-table';
import { EmptyRow } from '../../../components/table-parts';
import { OFFLINE_LIST_TEXT, waitsForNetwork } from '../../../components/offline-list-notice';

const PERIODS: TReportPeriod[] = ['Weekly', 'Monthly', 'Yearly'];
const HEADERS = ['Period', 'Item', 'Warehouse', 'Open', 'In', 'Returned', 'Out', 'Closing'] as const;

function csvRow(row: TReportRow): (string | number)[] {
  return [
    row.period,
    row.item_name,
    row.warehouse_name ?? '',
    row.total_open_stock,
    row.total_stock_in,
    row.total_returned,
    row.total_stock_out,
    row.total_closing_stock,
  ];
}

/** Reports (spec 2 §2): Weekly / Monthly / Yearly summaries between two dates; CSV. */
export function ReportsTab({ today, warehouse }: { today: string; warehouse: string | null }) {
  const [form, setForm] = useState<TReportParams>({
    period: 'Weekly',
    start_date: shiftDate(today, 27),
    end_date: today,
  });
  const [applied, setApplied] = useState<TReportParams | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const report = useInventoryReport(applied);
  const rows = report.data ?? [];

  const generate = (event: FormEvent) => {
    event.preventDefault();
    const error = dateRangeError(form.start_date, form.end_date);
    setRangeError(error);
    if (!error) setApplied({ ...form, ...(warehouse ? { warehouse_name: warehouse } : {}) });
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={generate} noValidate aria-label="Inventory report">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Input.Wrapper label="Period" id="report-period-label">
              <SegmentedControl
                fullWidth
                data={PERIODS}
                value={form.period}
                onChange={(value) => setForm({ ...form, period: value as TReportPeriod })}
                aria-labelledby="report-period-label"
              />
            </Input.Wrapper>
            <DateRangeFields form={form} setForm={setForm} today={today} rangeError={rangeError} />
          </SimpleGrid>
          <Group mt="sm" gap="sm" justify="space-between">
            <Button type="submit" leftSection={<IconReportAnalytics size={18} />} loading={report.isFetching}>
              Generate
            </Button>
            <CsvButton
              disabled={rows.length === 0 || !applied}
              onDownload={() =>
                applied &&
                downloadCsv(
                  `inventory_report_${applied.start_date}_to_${applied.end_date}.csv`,
                  HEADERS,
                  rows.map(csvRow),
                )
              }
            />
          </Group>
        </form>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {report.isError && (
          <Alert color="red" role="alert" mb="sm">
            {failureText('Failed to generate report', report.error)}
          </Alert>
        )}
        {applied && (
          <Text size="sm" c="dimmed" mb="xs">
            {applied.period} summary from {formatDate(applied.start_date)} to {formatDate(applied.end_date)}
          </Text>
        )}
        <ScrollTable minWidth={720} label="Inventory report">
          <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label="Inventory report">
            <Table.Thead>
              <Table.Tr>
                {HEADERS.map((header, index) => (
                  <Table.Th key={header} ta={index >= 3 ? 'right' : undefined}>
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.period}-${row.item_id ?? row.item_name}-${row.warehouse_name ?? ''}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.period}
                    {row.period_start && row.period_end && (
                      <Text size="xs" c="dimmed">
                        {formatDate(row.period_start)} – {formatDate(row.period_end)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.item_name}</Table.Td>
                  <Table.Td>{row.warehouse_name ?? ''}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.total_open_stock)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.total_stock_in)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.total_returned)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.total_stock_out)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatCount(row.total_closing_stock)}
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && (
                <EmptyRow columns={HEADERS.length}>
                  {!applied
                    ? 'Choose a period and dates, then press Generate.'
                    : waitsForNetwork(report)
                      ? OFFLINE_LIST_TEXT
                      : report.isPending
                        ? 'Loading...'
                        : 'No records'}
                </EmptyRow>
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  );
}
