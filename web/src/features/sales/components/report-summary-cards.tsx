import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';

type TTotals = TSalesReport['totals'];

type TCard = { label: string; value: (totals: TTotals) => number; color?: string; expenses?: true };

const CARDS: TCard[] = [
  { label: 'Total Sales', value: (t) => t.total_sales },
  { label: 'Total Paid', value: (t) => t.total_paid, color: 'green.8' },
  { label: 'Credit', value: (t) => t.total_credit, color: 'orange.8' },
  { label: 'Expenses', value: (t) => t.total_expenses, expenses: true },
  { label: 'Expenses Paid', value: (t) => t.expenses_paid, expenses: true },
  { label: 'Profit', value: (t) => t.profit, expenses: true },
  { label: 'Cost of Goods Sold', value: (t) => t.cost_of_goods_sold },
  { label: 'Gross Profit', value: (t) => t.gross_profit },
];

/**
 * The report's eight figures in naira; a negative profit shows in red. The expense figures (and the profit after
 * them) only for those the server counted the business's expenses for.
 */
export function ReportSummaryCards({ totals }: { totals: TTotals }) {
  const cards = totals.expenses_included ? CARDS : CARDS.filter((card) => !card.expenses);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Report totals" role="list">
      {cards.map((card) => {
        const value = card.value(totals);
        return (
          <Paper key={card.label} withBorder radius="md" p={{ base: 'xs', sm: 'md' }} role="listitem">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
              {card.label}
            </Text>
            <Text
              fz={{ base: 14, xs: 16, sm: 20 }}
              fw={700}
              c={value < 0 ? 'red.8' : card.color}
              style={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
            >
              {formatMoney(value)}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
