import { BarsList } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';

const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Transfer',
  cheque: 'Cheque',
  none: 'None',
};

// Shade 7 of the theme's colours carries the bars' white labels at 4.5:1 or more.
const COLORS = ['indigo.7', 'teal.7', 'orange.7', 'grape.7', 'gray.7'];

/** Sales per payment method, largest first. */
export function ReportPaymentBars({ methods }: { methods: TSalesReport['payment_method_summary'] }) {
  if (methods.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No records
      </Text>
    );
  }
  const data = [...methods]
    .sort((a, b) => b.total_sales - a.total_sales)
    .map((method, index) => ({
      name: METHOD_LABELS[method.payment_method] ?? method.payment_method,
      value: method.total_sales,
      color: COLORS[index % COLORS.length],
    }));
  return (
    <BarsList
      data={data}
      valueFormatter={formatMoney}
      barsLabel="Payment method"
      valueLabel="Total sales"
      variant="filled"
      barTextColor="white"
      // A small share's bar still holds its method's name ("Transfer") at 360 px.
      minBarSize={88}
    />
  );
}
