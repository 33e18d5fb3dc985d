import '@mantine/charts/styles.css';
import { useState, type ReactNode } from 'react';
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp, IconArrowsHorizontal } from '@tabler/icons-react';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { OfflineListNotice, waitsForNetwork } from '../../../components/offline-list-notice';
import { ApiError, detailToMessage } from '../../../lib/api-client';
import { useHasPermission } from '../../../lib/use-has-permission';
import { useSalesReport, type TReportRange } from '../api/get-sales-report';
import { ReportDailyChart } from './report-daily-chart';
import { ReportPaymentBars } from './report-payment-bars';
import { dailySeries, last30Days, trendText } from './report-series';
import { ReportPriceOverrides } from './report-price-overrides';
import { ReportSummaryCards } from './report-summary-cards';
import { ReportTopCustomers, ReportTopProducts } from './report-top-tables';
import { reversedRangeError } from '../../../lib/date-range';

export const REPORT_MESSAGES = {
  denied: DENIED_MESSAGES['sales.report_tab.access'],
  failed: 'Failed to load report',
  missingDate: 'Choose a start date and an end date.',
  noSales: 'No sales in this period.',
  offline: 'You are offline: this report will load when the connection returns.',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function TrendIcon({ text }: { text: string }) {
  if (text.includes('increased')) return <IconTrendingUp size={20} color="var(--mantine-color-green-7)" />;
  if (text.includes('decreased')) return <IconTrendingDown size={20} color="var(--mantine-color-red-7)" />;
  return <IconArrowsHorizontal size={20} color="var(--mantine-color-gray-7)" />;
}

function ReportBody({ report }: { report: TSalesReport }) {
  const points = dailySeries(report.timeseries, report.start_date, report.end_date);
  const trend = trendText(points);
  return (
    <Stack gap="md">
      <ReportSummaryCards totals={report.totals} />
      <Section title="Daily Sales">
        <Stack gap="xs">
          {report.timeseries.length > 0 ? (
            <>
              <ReportDailyChart points={points} />
              <Group gap="xs" wrap="nowrap">
                <TrendIcon text={trend} />
                <Text size="sm" fw={500} aria-live="polite">
                  {trend}
                </Text>
              </Group>
            </>
          ) : (
            <Text c="dimmed" size="sm">
              {REPORT_MESSAGES.noSales}
            </Text>
          )}
        </Stack>
      </Section>
      <Section title="Payment Methods">
        <ReportPaymentBars methods={report.payment_method_summary} />
      </Section>
      {report.price_overrides && (
        <Section title="Below Price and Discounts">
          <ReportPriceOverrides overrides={report.price_overrides} />
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Top Products">
          <ReportTopProducts products={report.top_products} />
        </Section>
        <Section title="Top Customers">
          <ReportTopCustomers customers={report.top_customers} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Report (spec 2 §2): totals, payment methods, the daily line with its quadratic trend, top
 * products and customers for a date range. Lazy-loaded with the charts; needs sales.report_tab.access.
 */
export function ReportTab() {
  const canView = useHasPermission('sales.report_tab.access');
  const [range, setRange] = useState<TReportRange>(() => last30Days());
  const validRange = Boolean(range.start && range.end && range.start <= range.end);
  const report = useSalesReport(range, canView && validRange);

  if (!canView) {
    return (
      <Alert color="yellow" role="note">
        {REPORT_MESSAGES.denied}
      </Alert>
    );
  }

  const data = report.data;
  const detail = report.error instanceof ApiError ? detailToMessage(report.error.detail) : null;

  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="sm" maw={420}>
        <TextInput
          type="date"
          label="Start date"
          value={range.start}
          max={range.end || undefined}
          onChange={(event) => setRange({ ...range, start: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="End date"
          value={range.end}
          min={range.start || undefined}
          error={reversedRangeError(range.start, range.end)}
          onChange={(event) => setRange({ ...range, end: event.currentTarget.value })}
        />
      </SimpleGrid>
      {!(range.start && range.end) && (
        <Alert color="yellow" role="alert">
          {REPORT_MESSAGES.missingDate}
        </Alert>
      )}
      {waitsForNetwork(report) && <OfflineListNotice text={REPORT_MESSAGES.offline} />}
      {report.isError && !waitsForNetwork(report) && (
        <Alert color="red" role="alert">
          {detail ? `${REPORT_MESSAGES.failed}: ${detail}` : REPORT_MESSAGES.failed}
        </Alert>
      )}

      {data ? (
        <ReportBody report={data} />
      ) : (
        report.isFetching && (
          <Stack gap="md" aria-busy="true">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} h={72} radius="md" />
              ))}
            </SimpleGrid>
            <Skeleton h={300} radius="md" />
          </Stack>
        )
      )}
    </Stack>
  );
}
