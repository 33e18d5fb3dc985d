import { printDate } from '@app/domain/dates/business-date';
import { formatNaira } from '@app/domain/money/money';
import type { TLowItem } from './alerts.repository.ts';

export const LOW_STOCK_EMAIL_KIND = 'alert_low_stock';
export const DAILY_SUMMARY_EMAIL_KIND = 'alert_daily_summary';
/** How many low items the daily summary names; the rest are counted. */
export const SUMMARY_LOW_ITEMS = 20;

export type TEmailText = { subject: string; text: string };

const units = (count: number) => `${count.toLocaleString('en-NG')} ${count === 1 ? 'unit' : 'units'}`;
const countOf = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;

const lowItemLine = (item: TLowItem) =>
  `${item.name} (${item.warehouse}): ${units(item.onHand)} left, reorder level ${item.reorderLevel.toLocaleString('en-NG')}`;

export function lowStockEmail(business: string, item: TLowItem, date: string): TEmailText {
  return {
    subject: `Low stock: ${item.name} (${units(item.onHand)} left)`,
    text: [
      `${item.name} in ${item.warehouse} is down to ${units(item.onHand)} on ${printDate(date)}, at or below its reorder level of ${item.reorderLevel.toLocaleString('en-NG')}.`,
      '',
      'Restock it soon so sales are not refused.',
      '',
      business,
    ].join('\n'),
  };
}

export type TDailyFigures = {
  sales: { totalKobo: number; paidKobo: number; count: number };
  expenses: { totalKobo: number; count: number };
  due: {
    sales: { owedKobo: number; count: number };
    purchases: { owedKobo: number; count: number };
    expenses: { owedKobo: number; count: number };
  };
  lowItems: TLowItem[];
  lowItemCount: number;
};

export function dailySummaryEmail(business: string, date: string, figures: TDailyFigures): TEmailText {
  const { sales, expenses, due } = figures;
  const more = figures.lowItemCount - figures.lowItems.length;
  return {
    subject: `Daily summary for ${business}, ${printDate(date)}`,
    text: [
      `Daily summary for ${business}, ${printDate(date)}`,
      '',
      `Sales: ${formatNaira(sales.totalKobo)} (${countOf(sales.count, 'sale', 'sales')})`,
      `  Paid: ${formatNaira(sales.paidKobo)}`,
      `  On credit: ${formatNaira(sales.totalKobo - sales.paidKobo)}`,
      `Expenses: ${formatNaira(expenses.totalKobo)} (${countOf(expenses.count, 'expense', 'expenses')})`,
      '',
      'Payments due today:',
      `  From customers (sales): ${formatNaira(due.sales.owedKobo)} (${countOf(due.sales.count, 'sale', 'sales')})`,
      `  To suppliers (restock): ${formatNaira(due.purchases.owedKobo)} (${countOf(due.purchases.count, 'purchase', 'purchases')})`,
      `  Expenses: ${formatNaira(due.expenses.owedKobo)} (${countOf(due.expenses.count, 'expense', 'expenses')})`,
      '',
      figures.lowItemCount === 0
        ? 'Low-stock items: none'
        : `Low-stock items (${figures.lowItemCount.toLocaleString('en-NG')}):`,
      ...figures.lowItems.map((item) => `  ${lowItemLine(item)}`),
      ...(more > 0 ? [`  and ${countOf(more, 'more item', 'more items')}`] : []),
      '',
      business,
    ].join('\n'),
  };
}
