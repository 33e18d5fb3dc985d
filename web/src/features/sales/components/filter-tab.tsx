import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TSalesFilterRequest } from '@app/domain/schemas/sales';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { errorMessage } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useFilterSales } from '../api/filter-sales';
import { useFilterOptions } from '../api/get-filter-options';
import {
  FILTER_MESSAGES,
  FILTER_TYPE_OPTIONS,
  filterValueOptions,
  salesFilterRequest,
  salesFilteredFilename,
  type TSalesFilterForm,
  type TSalesFilterType,
} from '../utils/filter-request';
import { SALE_CSV_HEADERS, saleCsvRows } from '../utils/sale-row-format';
import { failureText, notifySaleError } from '../utils/sale-form-notify';
import { SalesTable } from './sales-table';

const EMPTY_FORM: TSalesFilterForm = {
  keyword: '',
  filter_type: 'customer_name',
  filter_values: [],
  start_date: '',
  end_date: '',
};

/** Filter (spec 2 §2): keyword, a filter type with its values, a date range; Apply; CSV of the result. */
export function FilterTab() {
  const canExport = useHasPermission('sales.export.access');
  const options = useFilterOptions();
  const [form, setForm] = useState<TSalesFilterForm>(EMPTY_FORM);
  const [applied, setApplied] = useState<TSalesFilterRequest | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const result = useFilterSales(applied);
  const rows = result.data ?? [];
  const today = businessDate();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const badRange = Boolean(form.start_date && form.end_date && form.end_date < form.start_date);
    setRangeError(badRange ? FILTER_MESSAGES.range : null);
    if (!badRange) setApplied(salesFilterRequest(form));
  };

  const download = () => {
    if (!canExport) {
      notifySaleError(FILTER_MESSAGES.exportDenied);
      return;
    }
    downloadCsv(salesFilteredFilename(today), SALE_CSV_HEADERS, saleCsvRows(rows));
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={apply} noValidate aria-label="Filter sales">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
            <TextInput
              label="Keyword"
              placeholder="Customer, phone, item, employee or invoice"
              value={form.keyword}
              maxLength={120}
              onChange={(event) => setForm({ ...form, keyword: event.currentTarget.value })}
            />
            <Select
              label="Filter type"
              data={FILTER_TYPE_OPTIONS}
              allowDeselect={false}
              value={form.filter_type}
              onChange={(value) =>
                value && setForm({ ...form, filter_type: value as TSalesFilterType, filter_values: [] })
              }
            />
            <MultiSelect
              label="Values"
              placeholder={form.filter_values.length ? undefined : 'Any'}
              data={filterValueOptions(options.data, form.filter_type)}
              value={form.filter_values}
              onChange={(values) => setForm({ ...form, filter_values: values })}
              searchable
              clearable
              nothingFoundMessage="No matches"
              error={
                options.isError ? errorMessage(options.error, 'Failed to load filter options') : undefined
              }
            />
            <TextInput
              type="date"
              label="Start date"
              value={form.start_date}
              max={form.end_date || today}
              onChange={(event) => setForm({ ...form, start_date: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="End date"
              value={form.end_date}
              min={form.start_date || undefined}
              max={today}
              error={rangeError}
              onChange={(event) => setForm({ ...form, end_date: event.currentTarget.value })}
            />
          </SimpleGrid>
          <Group mt="md" gap="sm" justify="space-between">
            <Group gap="sm">
              <Button type="submit" leftSection={<IconFilter size={18} />} loading={result.isFetching}>
                Apply
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setForm(EMPTY_FORM);
                  setRangeError(null);
                }}
              >
                Clear
              </Button>
            </Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              disabled={rows.length === 0}
              onClick={download}
            >
              Download Filtered
            </Button>
          </Group>
        </form>
      </Paper>

      {applied === null ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          Choose filters and press Apply to see matching sales.
        </Text>
      ) : waitsForNetwork(result) ? (
        <OfflineListNotice />
      ) : result.isError ? (
        <Alert color="red" role="alert">
          {failureText(FILTER_MESSAGES.failure, result.error)}
        </Alert>
      ) : (
        <SalesTable
          key={JSON.stringify(applied)}
          rows={rows}
          loading={result.isPending}
          label="Filtered sales"
          emptyText={FILTER_MESSAGES.empty}
        />
      )}
    </Stack>
  );
}
