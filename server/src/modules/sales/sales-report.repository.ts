import type { TRangePlan } from '@app/domain/dates/months';
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  items,
  payments,
  purchaseLines,
  purchases,
  salePriceOverrides,
  sales,
  salesCustomerMonthly,
  salesDaily,
  salesItemDaily,
  salesItemMonthly,
} from '../../platform/db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import { liveSales, type TSalesScope } from './sales.repository.ts';

/** The live later payments of the business's sales. */
const salePaymentsOf = (tenantId: number) =>
  and(eq(payments.tenantId, tenantId), eq(payments.documentType, 'sale'), isNull(payments.deletedAt));

/** The warehouses an employee's figures come from (all the business's for the MD). */
const inScope = (column: AnyPgColumn, scope: TSalesScope) =>
  scope.warehouseIds ? inArray(column, [...scope.warehouseIds, -1]) : undefined;

/** Units and revenue per item in the range: months from the month rollup, days from the day one (planRange). */
function itemFigures(tenantId: number, plan: TRangePlan): SQL[] {
  return [
    ...plan.days.map(
      (
        part,
      ) => sql`select item_id, ${part.sign} * quantity as quantity, ${part.sign} * revenue_kobo as revenue_kobo
        from ${salesItemDaily} where tenant_id = ${tenantId} and sale_date between ${part.from} and ${part.to}`,
    ),
    ...plan.months.map(
      (
        part,
      ) => sql`select item_id, ${part.sign} * quantity as quantity, ${part.sign} * revenue_kobo as revenue_kobo
        from ${salesItemMonthly}
        where tenant_id = ${tenantId} and month between ${part.from} and ${part.to}`,
    ),
  ];
}

/** The report's queries, over the rollups the write path keeps (sales-rollups.ts) and the later payments. */
export function createSalesReportRepository(db: Executor) {
  return {
    /**
     * Live sales of the range that sold below price or gave a discount, per employee: only such sales have a
     * `sale_price_overrides` row, so this reads them and not the range's sales.
     */
    async priceOverrides(scope: TSalesScope, start: string, end: string) {
      return db
        .select({
          employeeName: sql<string>`coalesce(${salePriceOverrides.employeeName}, '')`,
          salesCount: sql<number>`count(*)::int`,
          belowPriceLines: sql<number>`sum(${salePriceOverrides.belowPriceLines})::int`,
          belowPriceKobo: sql<string>`sum(${salePriceOverrides.belowPriceKobo})`,
          discountedSales: sql<number>`(count(*) filter (where ${salePriceOverrides.discountKobo} > 0))::int`,
          discountKobo: sql<string>`sum(${salePriceOverrides.discountKobo})`,
        })
        .from(salePriceOverrides)
        .innerJoin(sales, eq(sales.id, salePriceOverrides.saleId))
        .where(
          and(
            eq(salePriceOverrides.tenantId, scope.tenantId),
            inScope(salePriceOverrides.warehouseId, scope),
            gte(salePriceOverrides.saleDate, start),
            lte(salePriceOverrides.saleDate, end),
            liveSales(scope),
          ),
        )
        .groupBy(sql`1`);
    },

    /**
     * Live sales' figures from the day rollup, in one pass: each day's total (rows with a date), and per
     * payment method (rows with a method).
     */
    async daysAndMethods(scope: TSalesScope, start: string, end: string) {
      const rows = await rowsOf<{
        sale_date: string | null;
        payment_method: string | null;
        total_kobo: string;
        paid_kobo: string;
        paid_at_sale_kobo: string;
        paid_at_sale_count: number;
        owing_count: number;
        vat_kobo: string;
        sale_count: number;
      }>(
        db,
        sql`select sale_date::text, payment_method, sum(total_kobo) as total_kobo, sum(paid_kobo) as paid_kobo,
          sum(paid_at_sale_kobo) as paid_at_sale_kobo, sum(paid_at_sale_count)::int as paid_at_sale_count,
          sum(owing_count)::int as owing_count, sum(vat_kobo) as vat_kobo, sum(sale_count)::int as sale_count
        from ${salesDaily}
        where ${and(
          eq(salesDaily.tenantId, scope.tenantId),
          inScope(salesDaily.warehouseId, scope),
          gte(salesDaily.saleDate, start),
          lte(salesDaily.saleDate, end),
        )}
        group by grouping sets ((sale_date), (payment_method))
        having sum(sale_count) > 0`,
      );
      const days = rows.flatMap((row) =>
        row.sale_date === null ? [] : [{ saleDate: row.sale_date, totalKobo: Number(row.total_kobo) }],
      );
      const methods = rows.flatMap((row) =>
        row.payment_method === null
          ? []
          : [
              {
                paymentMethod: row.payment_method,
                totalKobo: Number(row.total_kobo),
                paidKobo: Number(row.paid_kobo),
                paidAtSaleKobo: Number(row.paid_at_sale_kobo),
                paidAtSaleCount: row.paid_at_sale_count,
                owingCount: row.owing_count,
                vatKobo: Number(row.vat_kobo),
                count: row.sale_count,
              },
            ],
      );
      return { days, methods };
    },

    /** Later payments of live sales received in the range, by method (the date and method of each payment). */
    async laterPaymentsByMethod(scope: TSalesScope, start: string, end: string) {
      return db
        .select({
          paymentMethod: payments.paymentMethod,
          amountKobo: sql<string>`sum(${payments.amountKobo})`,
          count: sql<number>`count(*)::int`,
        })
        .from(payments)
        .innerJoin(sales, eq(sales.id, payments.documentId))
        .where(
          and(
            salePaymentsOf(scope.tenantId),
            liveSales(scope),
            gte(payments.paymentDate, start),
            lte(payments.paymentDate, end),
          ),
        )
        .groupBy(payments.paymentMethod);
    },

    /**
     * Customers by what they spent, names compared case aside: months from the customer rollup, days from
     * the sales (grouped by the name as written first, so lower() runs once per name), as planRange says.
     */
    async topCustomers(scope: TSalesScope, plan: TRangePlan, limit: number) {
      const parts: SQL[] = [
        ...plan.days.map(
          (
            part,
          ) => sql`select lower(customer_name) as customer_key, customer_name, ${part.sign} * sale_count as sale_count,
            ${part.sign} * total_kobo as total_kobo
          from (select ${sales.customerName} as customer_name, count(*) as sale_count, sum(${sales.grandTotalKobo}) as total_kobo
            from ${sales} where ${and(liveSales(scope), gte(sales.saleDate, part.from), lte(sales.saleDate, part.to))}
            group by ${sales.customerName}) by_name`,
        ),
        ...plan.months.map(
          (part) => sql`select customer_key, customer_name, ${part.sign} * sale_count as sale_count,
            ${part.sign} * total_kobo as total_kobo
          from ${salesCustomerMonthly}
          where ${and(
            eq(salesCustomerMonthly.tenantId, scope.tenantId),
            inScope(salesCustomerMonthly.warehouseId, scope),
            gte(salesCustomerMonthly.month, part.from),
            lte(salesCustomerMonthly.month, part.to),
          )}`,
        ),
      ];
      if (parts.length === 0) return [];
      const rows = await rowsOf<{ customer_name: string; total_kobo: string; purchases: string }>(
        db,
        sql`select min(customer_name) as customer_name, sum(total_kobo) as total_kobo, sum(sale_count) as purchases
          from (${sql.join(parts, sql` union all `)}) figures
          group by customer_key having sum(sale_count) > 0
          order by sum(total_kobo) desc limit ${limit}`,
      );
      return rows.map((row) => ({
        customerName: row.customer_name,
        totalKobo: row.total_kobo,
        purchases: Number(row.purchases),
      }));
    },

    /**
     * Units and revenue per item sold in the range, with each item's weighted average purchase cost
     * (all its purchases up to the end date), from the per-item daily figures.
     */
    async itemsSold(scope: TSalesScope, plan: TRangePlan, end: string) {
      const parts = itemFigures(scope.tenantId, plan);
      if (parts.length === 0) return [];
      const rows = await rowsOf<{
        item_id: number;
        item_name: string;
        quantity: string;
        revenue_kobo: string;
        average_cost_kobo: string | null;
      }>(
        db,
        sql`
        with sold as (
          select item_id, sum(quantity) as quantity, sum(revenue_kobo) as revenue_kobo
          from (${sql.join(parts, sql` union all `)}) figures
          group by item_id
        )
        select sold.item_id, i.name as item_name, sold.quantity, sold.revenue_kobo,
          (select sum(l.total_kobo)::numeric / nullif(sum(l.quantity), 0)
             from ${purchaseLines} l join ${purchases} p on p.id = l.purchase_id
             where l.item_id = sold.item_id and p.purchase_date <= ${end} and p.deleted_at is null) as average_cost_kobo
        from sold join ${items} i on i.id = sold.item_id
        ${
          scope.warehouseIds
            ? sql`where i.warehouse_id in (${sql.join(
                [...scope.warehouseIds, -1].map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`,
      );
      return rows.map((row) => ({
        itemId: Number(row.item_id),
        itemName: row.item_name,
        quantity: Number(row.quantity),
        revenueKobo: Number(row.revenue_kobo),
        averageCostKobo: row.average_cost_kobo === null ? 0 : Number(row.average_cost_kobo),
      }));
    },
  };
}
