/**
 * The report's rollups, kept by every write to a sale in its transaction (see docs/architecture.md
 * "Report rollups"): per warehouse, day and payment method (sales_daily), per warehouse, month and
 * customer (sales_customer_monthly), and per item, day and month (sales_item_daily, sales_item_monthly).
 * A sale adds its figures when recorded (WRITE_SALE's members below); a later payment takes the sale's
 * figures out and puts them back after (addSaleFigures), deleting takes them out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { placeholders } from '../../platform/db/prepared.ts';
import type { Executor } from '../../platform/db/client.ts';
import {
  payments,
  saleLines,
  sales,
  salesCustomerMonthly,
  salesDaily,
  salesItemDaily,
  salesItemMonthly,
} from '../../platform/db/schema/index.ts';

const ADD_DAILY = sql`on conflict (tenant_id, sale_date, warehouse_id, payment_method) do update set
  sale_count = ${salesDaily}.sale_count + excluded.sale_count,
  total_kobo = ${salesDaily}.total_kobo + excluded.total_kobo,
  paid_kobo = ${salesDaily}.paid_kobo + excluded.paid_kobo,
  paid_at_sale_kobo = ${salesDaily}.paid_at_sale_kobo + excluded.paid_at_sale_kobo,
  paid_at_sale_count = ${salesDaily}.paid_at_sale_count + excluded.paid_at_sale_count,
  owing_count = ${salesDaily}.owing_count + excluded.owing_count,
  vat_kobo = ${salesDaily}.vat_kobo + excluded.vat_kobo`;

const ADD_CUSTOMER_MONTH = sql`on conflict (tenant_id, month, warehouse_id, customer_key) do update set
  customer_name = least(${salesCustomerMonthly}.customer_name, excluded.customer_name),
  sale_count = ${salesCustomerMonthly}.sale_count + excluded.sale_count,
  total_kobo = ${salesCustomerMonthly}.total_kobo + excluded.total_kobo`;

const ADD_ITEM_DAY = sql`on conflict (item_id, sale_date) do update set
  quantity = ${salesItemDaily}.quantity + excluded.quantity,
  revenue_kobo = ${salesItemDaily}.revenue_kobo + excluded.revenue_kobo`;

const ADD_ITEM_MONTH = sql`on conflict (item_id, month) do update set
  quantity = ${salesItemMonthly}.quantity + excluded.quantity,
  revenue_kobo = ${salesItemMonthly}.revenue_kobo + excluded.revenue_kobo`;

const monthOf = (date: SQL) => sql`date_trunc('month', ${date})::date`;

/** What WRITE_SALE's rollup members take: the sale's header values (TSaleHeader's, by saleValues). */
type TNewSaleValues = {
  tenantId: number;
  warehouseId: number;
  saleDate: string;
  paymentMethod: string;
  customerName: string;
  grandTotalKobo: number;
  amountPaidKobo: number;
  vatKobo: number;
};

/** WRITE_SALE's members that add a new sale (no later payments yet) to the day and the customer's month. */
export const NEW_SALE_ROLLUPS = (() => {
  const p = placeholders<TNewSaleValues>();
  const paid = sql`${p('amountPaidKobo')}::bigint`;
  return sql`sale_day as (
    insert into ${salesDaily} (tenant_id, warehouse_id, sale_date, payment_method, sale_count, total_kobo, paid_kobo,
      paid_at_sale_kobo, paid_at_sale_count, owing_count, vat_kobo)
    values (${p('tenantId')}::int, ${p('warehouseId')}::int, ${p('saleDate')}::date, ${p('paymentMethod')}::text, 1,
      ${p('grandTotalKobo')}::bigint, ${paid}, ${paid}, (${paid} > 0)::int,
      (${paid} < ${p('grandTotalKobo')}::bigint)::int, ${p('vatKobo')}::bigint)
    ${ADD_DAILY}),
  sale_customer_month as (
    insert into ${salesCustomerMonthly} (tenant_id, warehouse_id, month, customer_key, customer_name, sale_count, total_kobo)
    values (${p('tenantId')}::int, ${p('warehouseId')}::int, ${monthOf(sql`${p('saleDate')}::date`)},
      lower(${p('customerName')}::text), ${p('customerName')}::text, 1, ${p('grandTotalKobo')}::bigint)
    ${ADD_CUSTOMER_MONTH})`;
})();

/** Units and revenue added to the per-item days and months, by column (itemDayValues makes them). */
export type TItemDayValues = {
  itemDayTenantIds: number[];
  itemDayItemIds: number[];
  itemDayDates: string[];
  itemDayQuantities: number[];
  itemDayRevenues: number[];
};

/** The members `item_days` and `item_months` that add TItemDayValues (one row per item and day). */
export const ITEM_ROLLUPS = (() => {
  const p = placeholders<TItemDayValues>();
  return sql`item_rows as (
    select * from unnest(${p('itemDayTenantIds')}::int[], ${p('itemDayItemIds')}::int[], ${p('itemDayDates')}::date[],
      ${p('itemDayQuantities')}::int[], ${p('itemDayRevenues')}::bigint[]) as r(tenant_id, item_id, sale_date, quantity, revenue_kobo)),
  item_days as (
    insert into ${salesItemDaily} (tenant_id, item_id, sale_date, quantity, revenue_kobo)
    select * from item_rows
    ${ADD_ITEM_DAY}),
  item_months as (
    insert into ${salesItemMonthly} (tenant_id, item_id, month, quantity, revenue_kobo)
    select tenant_id, item_id, ${monthOf(sql`sale_date`)}, sum(quantity), sum(revenue_kobo) from item_rows group by 1, 2, 3
    ${ADD_ITEM_MONTH})`;
})();

/** Each live sale's figures for the day rollup, with what it was paid when recorded. */
function saleFigures(where: SQL, sign: 1 | -1) {
  const later = sql`(select coalesce(sum(p.amount_kobo), 0) from ${payments} p
    where p.document_type = 'sale' and p.document_id = s.id and p.deleted_at is null)`;
  return sql`
    insert into ${salesDaily} (tenant_id, warehouse_id, sale_date, payment_method, sale_count, total_kobo, paid_kobo,
      paid_at_sale_kobo, paid_at_sale_count, owing_count, vat_kobo)
    select tenant_id, warehouse_id, sale_date, payment_method, ${sign} * count(*), ${sign} * sum(grand_total_kobo),
      ${sign} * sum(amount_paid_kobo), ${sign} * sum(amount_paid_kobo - later), ${sign} * count(*) filter (where amount_paid_kobo > later),
      ${sign} * count(*) filter (where amount_paid_kobo < grand_total_kobo), ${sign} * sum(vat_kobo)
    from (select s.*, ${later} as later from ${sales} s where s.deleted_at is null and ${where}) s
    group by tenant_id, warehouse_id, sale_date, payment_method
    ${ADD_DAILY}`;
}

function customerFigures(where: SQL, sign: 1 | -1) {
  return sql`
    insert into ${salesCustomerMonthly} (tenant_id, warehouse_id, month, customer_key, customer_name, sale_count, total_kobo)
    select tenant_id, warehouse_id, ${monthOf(sql`sale_date`)}, lower(customer_name), min(customer_name),
      ${sign} * count(*), ${sign} * sum(grand_total_kobo)
    from ${sales} s where s.deleted_at is null and ${where}
    group by 1, 2, 3, 4
    ${ADD_CUSTOMER_MONTH}`;
}

function itemFigures(where: SQL, sign: 1 | -1) {
  const lines = sql`select s.tenant_id, l.item_id, s.sale_date, ${sign} * sum(l.quantity) as quantity,
      ${sign} * sum(l.total_kobo) as revenue_kobo
    from ${saleLines} l join ${sales} s on s.id = l.sale_id
    where s.deleted_at is null and ${where} group by 1, 2, 3`;
  return [
    sql`insert into ${salesItemDaily} (tenant_id, item_id, sale_date, quantity, revenue_kobo) ${lines} ${ADD_ITEM_DAY}`,
    sql`insert into ${salesItemMonthly} (tenant_id, item_id, month, quantity, revenue_kobo)
      select tenant_id, item_id, ${monthOf(sql`sale_date`)}, sum(quantity), sum(revenue_kobo) from (${lines}) d
      group by 1, 2, 3 ${ADD_ITEM_MONTH}`,
  ];
}

export type TSaleFigures = 'day' | 'all';

/**
 * Adds (sign 1) or takes out (sign −1) a live sale's figures: its day's (`day`: around a later payment,
 * which moves only those), or all of them (`all`: before it is deleted, while it and its payments are live).
 */
export async function addSaleFigures(db: Executor, saleId: number, sign: 1 | -1, figures: TSaleFigures) {
  const where = sql`s.id = ${saleId}`;
  await db.execute(saleFigures(where, sign));
  if (figures === 'day') return;
  await db.execute(customerFigures(where, sign));
  for (const statement of itemFigures(where, sign)) await db.execute(statement);
}

/** Recomputes a business's rollups from its sales (for data loaded with SQL, and to check the kept ones). */
export async function rebuildSalesRollups(db: Executor, tenantId: number) {
  for (const table of [salesDaily, salesCustomerMonthly, salesItemDaily, salesItemMonthly])
    await db.execute(sql`delete from ${table} where tenant_id = ${tenantId}`);
  const where = sql`s.tenant_id = ${tenantId}`;
  for (const statement of [saleFigures(where, 1), customerFigures(where, 1), ...itemFigures(where, 1)])
    await db.execute(statement);
}
