import { LineChart } from '@mantine/charts';
import { formatMoney } from '../../../lib/format';
import type { TDailyPoint } from './report-series';

const SHORT_DAY = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const COMPACT_NAIRA = new Intl.NumberFormat('en-NG', {
  notation: 'compact',
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 1,
});

const shortDay = (date: string) => SHORT_DAY.format(new Date(`${date}T00:00:00Z`));

/** Total sales per day with the quadratic trend as a dashed line. */
export function ReportDailyChart({ points }: { points: readonly TDailyPoint[] }) {
  return (
    <LineChart
      h={260}
      data={points.map((point) => ({ ...point, day: shortDay(point.date) }))}
      dataKey="day"
      series={[
        { name: 'total_sales', label: 'Total sales', color: 'indigo.6' },
        { name: 'trend', label: 'Trend', color: 'orange.6', strokeDasharray: '6 4' },
      ]}
      curveType="linear"
      withDots={false}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: (value: number) => COMPACT_NAIRA.format(value), width: 56 }}
      xAxisProps={{ minTickGap: 16 }}
      gridAxis="y"
      aria-label="Daily total sales with trend"
    />
  );
}
