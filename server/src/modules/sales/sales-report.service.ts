import { businessDate } from '@app/domain/dates/business-date';
import { planRange } from '@app/domain/dates/months';
import { koboToNaira } from '@app/domain/money/money';
import type { TSalesReport, TSalesReportQuery } from '@app/domain/schemas/sales';
import type { TActor } from '../../platform/auth/access.ts';
import type { Executor } from '../../platform/db/client.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { expenseFiguresBetween } from '../expenses/index.ts';
import { salesScope } from './sale-recording.ts';
import { createSalesReportRepository } from './sales-report.repository.ts';

const EXPENSES_KEY = 'expenses.page.access';

/** The Report tab's figures over live sales in the range (see docs/sales-api.md "Report"). */
export async function salesReport(
  db: Executor,
  actor: TActor,
  query: TSalesReportQuery,
): Promise<TSalesReport> {
  if (query.end_date < query.start_date)
    throw new AppError('bad_request', 'End date must be on or after the start date');
  const repo = createSalesReportRepository(db);
  const scope = await salesScope(db, actor);
  const plan = planRange(query.start_date, query.end_date, businessDate());
  // Expenses belong to the whole business: only those who may see them get them (and a profit after them).
  const expensesIncluded = actorHas(actor, EXPENSES_KEY);
  const [daily, laterPayments, customers, sold, expenses, overrides] = await Promise.all([
    repo.daysAndMethods(scope, query.start_date, query.end_date),
    repo.laterPaymentsByMethod(scope, query.start_date, query.end_date),
    repo.topCustomers(scope, plan, query.limit),
    repo.itemsSold(scope, plan, query.end_date),
    expensesIncluded
      ? expenseFiguresBetween(db, actor.tenantId, query.start_date, query.end_date)
      : { totalKobo: 0, paidKobo: 0 },
    repo.priceOverrides(scope, query.start_date, query.end_date),
  ]);
  let totalKobo = 0;
  let paidKobo = 0;
  let vatKobo = 0;
  let count = 0;
  // Money received by method: what was paid with each sale (on its date, its method) and each later
  // payment (on its date, its method); "none" is what the range's sales still owe.
  const byMethod = new Map<string, { totalKobo: number; count: number }>();
  const receive = (method: string, kobo: number, times: number) => {
    if (kobo <= 0) return;
    const seen = byMethod.get(method) ?? { totalKobo: 0, count: 0 };
    byMethod.set(method, { totalKobo: seen.totalKobo + kobo, count: seen.count + times });
  };
  for (const row of daily.methods) {
    totalKobo += row.totalKobo;
    paidKobo += row.paidKobo;
    vatKobo += row.vatKobo;
    count += row.count;
    receive(row.paymentMethod, row.paidAtSaleKobo, row.paidAtSaleCount);
  }
  for (const row of laterPayments) receive(row.paymentMethod, Number(row.amountKobo), row.count);
  receive(
    'none',
    totalKobo - paidKobo,
    daily.methods.reduce((owing, row) => owing + row.owingCount, 0),
  );
  const cogsKobo = Math.round(sold.reduce((sum, item) => sum + item.quantity * item.averageCostKobo, 0));
  const expensesKobo = expenses.totalKobo;
  return {
    start_date: query.start_date,
    end_date: query.end_date,
    totals: {
      total_sales: koboToNaira(totalKobo),
      total_paid: koboToNaira(paidKobo),
      total_credit: koboToNaira(totalKobo - paidKobo),
      total_expenses: koboToNaira(expensesKobo),
      expenses_paid: koboToNaira(expenses.paidKobo),
      profit: koboToNaira(totalKobo - expensesKobo),
      expenses_included: expensesIncluded,
      total_vat: koboToNaira(vatKobo),
      cost_of_goods_sold: koboToNaira(cogsKobo),
      gross_profit: koboToNaira(totalKobo - vatKobo - cogsKobo),
      sales_count: count,
    },
    payment_method_summary: [...byMethod]
      .map(([method, value]) => ({
        payment_method: method,
        total_sales: koboToNaira(value.totalKobo),
        count: value.count,
      }))
      .sort((a, b) => b.total_sales - a.total_sales),
    timeseries: daily.days
      .sort((a, b) => a.saleDate.localeCompare(b.saleDate))
      .map((day) => ({ sale_date: day.saleDate, total_sales: koboToNaira(day.totalKobo) })),
    top_products: topProductsOf(sold, query.limit),
    price_overrides: priceOverridesOf(overrides),
    top_customers: customers.map((row) => ({
      customer_name: row.customerName,
      total_spent: koboToNaira(Number(row.totalKobo)),
      purchases: row.purchases,
    })),
  };
}

/**
 * The best sellers by revenue: one row per item name (the same product kept in two warehouses is one
 * product to the owner), and none for an item whose sales in the range were all deleted.
 */
function topProductsOf(
  sold: readonly { itemName: string; quantity: number; revenueKobo: number }[],
  limit: number,
): TSalesReport['top_products'] {
  const byName = new Map<string, { quantity: number; revenueKobo: number }>();
  for (const item of sold) {
    if (item.quantity === 0) continue;
    const seen = byName.get(item.itemName) ?? { quantity: 0, revenueKobo: 0 };
    byName.set(item.itemName, {
      quantity: seen.quantity + item.quantity,
      revenueKobo: seen.revenueKobo + item.revenueKobo,
    });
  }
  return [...byName]
    .sort(([, a], [, b]) => b.revenueKobo - a.revenueKobo)
    .slice(0, limit)
    .map(([itemName, item]) => ({
      item_name: itemName,
      quantity_sold: item.quantity,
      total_sales: koboToNaira(item.revenueKobo),
    }));
}

/** The report's overrides: the employees' rows added up, and each employee's (the most taken off first). */
function priceOverridesOf(
  rows: readonly {
    employeeName: string;
    salesCount: number;
    belowPriceLines: number;
    belowPriceKobo: string;
    discountedSales: number;
    discountKobo: string;
  }[],
): NonNullable<TSalesReport['price_overrides']> {
  const sum = (pick: (row: (typeof rows)[number]) => number | string) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0);
  return {
    sales_count: sum((row) => row.salesCount),
    below_price_lines: sum((row) => row.belowPriceLines),
    below_price_total: koboToNaira(sum((row) => row.belowPriceKobo)),
    discounted_sales: sum((row) => row.discountedSales),
    discount_total: koboToNaira(sum((row) => row.discountKobo)),
    by_employee: rows
      .map((row) => ({
        employee_name: row.employeeName,
        sales_count: row.salesCount,
        below_price_total: koboToNaira(Number(row.belowPriceKobo)),
        discount_total: koboToNaira(Number(row.discountKobo)),
      }))
      .sort(
        (a, b) =>
          b.below_price_total + b.discount_total - (a.below_price_total + a.discount_total) ||
          a.employee_name.localeCompare(b.employee_name),
      ),
  };
}
