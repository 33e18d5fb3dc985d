import { BarsList } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';

const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Transfer',
  cheque: 'Cheque',
  none: 'Still owed',
};

// Shade 7 of the theme's colours carries the bars' white labels at 4.5:1 or more.
const COLORS = ['indigo.7', 'teal.7', 'orange.7', 'grape.7', 'gray.7'];

/**
 * The money received in the range by how it was paid (a later payment on its own date, by its own method) and
 * what the range's sales still owe, largest first (docs/decisions.md, "Payment methods are the money received").
 */
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
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Money received in this period by how it was paid, a later payment on its own date; Still owed is what
        this period&apos;s sales have not been paid yet.
      </Text>
      <BarsList
        data={data}
        valueFormatter={formatMoney}
        barsLabel="Payment method"
        valueLabel="Amount"
        variant="filled"
        barTextColor="white"
        // A small share's bar still holds its method's name ("Transfer") at 360 px.
        minBarSize={88}
      />
    </Stack>
  );
}
