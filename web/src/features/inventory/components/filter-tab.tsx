import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../../lib/csv';
import { formatDate } from '../../../lib/format';
import type { TDailyLogRow } from '../api/get-daily-logs';
import { FILTER_PAGE_SIZE, filterInventoryQueryOptions, useFilterInventory } from '../api/filter-inventory';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { serverFiltered, useItemSearch } from '../api/get-items-map';
import type { TFilterParams } from '../api/inventory-keys';
import { CsvButton } from './csv-button';
import { dateRangeError, shiftDate } from './dates';
import { failureText } from './failure';
import { LOG_CSV_HEADERS, LogTable, logCsvRow } from './log-table';
import { Pager } from './pager';
import { DateRangeFields } from './date-range-fields';
import { notifyFailure } from '../../../lib/notify';

/** The CSV gathers the filtered rows page by page, up to this many pages. */
export const CSV_MAX_PAGES = 50;

type TFilterForm = Omit<TFilterParams, 'page' | 'warehouse'>;

/** Filter (spec 2 §2): logs by date range, item and keyword; 20 a page; CSV of every page. */
export function FilterTab({ warehouse, today }: { warehouse: string | null; today: string }) {
  const queryClient = useQueryClient();
  const picker = useItemSearch(warehouse);
  // The filter takes an item name; the same name in two warehouses is one choice.
  const names = [...new Set(picker.options.map((option) => option.itemName))].sort();
  const initial: TFilterForm = {
    start_date: shiftDate(today, 6),
    end_date: today,
    item_name: null,
    keyword: '',
  };
  const [form, setForm] = useState<TFilterForm>(initial);
  const [submitted, setSubmitted] = useState<TFilterParams>({ ...initial, warehouse, page: 1 });
  // The screen's warehouse applies too; choosing another starts again at page 1.
  const applied: TFilterParams =
    submitted.warehouse === warehouse ? submitted : { ...submitted, warehouse, page: 1 };
  const setApplied = (next: Omit<TFilterParams, 'warehouse'>) => setSubmitted({ ...next, warehouse });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const result = useFilterInventory(applied);
  const rows = result.data ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const error = dateRangeError(form.start_date, form.end_date);
    setRangeError(error);
    if (!error) setApplied({ ...form, keyword: form.keyword.trim(), page: 1 });
  };

  const download = async () => {
    setExporting(true);
    try {
      const all: TDailyLogRow[] = [];
      for (let page = 1; page <= CSV_MAX_PAGES; page += 1) {
        const batch = await queryClient.fetchQuery(filterInventoryQueryOptions({ ...applied, page }));
        all.push(...batch);
        if (batch.length < FILTER_PAGE_SIZE) break;
      }
      downloadCsv(`inventory_daily_${today}.csv`, LOG_CSV_HEADERS, all.map(logCsvRow));
    } catch (error) {
      notifyFailure(failureText('Failed to filter', error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={apply} noValidate aria-label="Filter inventory logs">
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
            <DateRangeFields form={form} setForm={setForm} today={today} rangeError={rangeError} />
            <Select
              label="Item"
              placeholder="All items"
              data={form.item_name && !names.includes(form.item_name) ? [form.item_name, ...names] : names}
              searchable
              searchValue={picker.search}
              onSearchChange={picker.setSearch}
              filter={serverFiltered}
              clearable
              nothingFoundMessage="No items found"
              value={form.item_name}
              onChange={(value) => setForm({ ...form, item_name: value })}
            />
            <TextInput
              label="Keyword"
              placeholder="Item or warehouse"
              value={form.keyword}
              onChange={(event) => setForm({ ...form, keyword: event.currentTarget.value })}
            />
          </SimpleGrid>
          <Group mt="sm" gap="sm" justify="space-between">
            <Button
              type="submit"
              leftSection={<IconFilter size={18} />}
              loading={result.isFetching && !exporting}
            >
              Apply
            </Button>
            <CsvButton onDownload={() => void download()} disabled={rows.length === 0} loading={exporting} />
          </Group>
        </form>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {result.isError && (
          <Alert color="red" role="alert" mb="sm">
            {failureText('Failed to filter', result.error)}
          </Alert>
        )}
        <Text size="sm" c="dimmed" mb="xs">
          Days with movement from {formatDate(applied.start_date)} to {formatDate(applied.end_date)}
          {applied.warehouse ? ` in ${applied.warehouse}` : ''}
          {applied.item_name ? `, item ${applied.item_name}` : ''}
          {applied.keyword ? `, matching “${applied.keyword}”` : ''}. Newest first.
        </Text>
        {waitsForNetwork(result) ? (
          <OfflineListNotice />
        ) : (
          <LogTable rows={rows} loading={result.isPending} label="Filtered inventory logs" />
        )}
        <Pager
          label="Filtered log pages"
          page={applied.page}
          pages={null}
          hasNext={rows.length >= FILTER_PAGE_SIZE}
          onPage={(page) => setApplied({ ...applied, page })}
          busy={result.isPlaceholderData}
        />
      </Paper>
    </Stack>
  );
}
