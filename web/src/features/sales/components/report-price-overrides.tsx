import { Group, Stack, Text } from '@mantine/core';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';

type TOverrides = NonNullable<TSalesReport['price_overrides']>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Issue 17 §4: what the period's sales took off their items' prices (below price, discounts), and by whom. */
export function ReportPriceOverrides({ overrides }: { overrides: TOverrides }) {
  if (overrides.sales_count === 0)
    return (
      <Text c="dimmed" size="sm">
        Every sale in this period was at the items’ prices, without a discount.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">
        {plural(overrides.below_price_lines, 'line', 'lines')} sold below the item’s price (
        {formatMoney(overrides.below_price_total)} off) and{' '}
        {plural(overrides.discounted_sales, 'discount', 'discounts')} ({formatMoney(overrides.discount_total)}
        ), on {plural(overrides.sales_count, 'sale', 'sales')}.
      </Text>
      <Stack gap={4} role="list" aria-label="Price overrides by employee">
        {overrides.by_employee.map((row) => (
          <Group key={row.employee_name} justify="space-between" wrap="wrap" gap="xs" role="listitem">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.employee_name || 'Unknown'}
            </Text>
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {plural(row.sales_count, 'sale', 'sales')}: {formatMoney(row.below_price_total)} below price,{' '}
              {formatMoney(row.discount_total)} discounts
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
