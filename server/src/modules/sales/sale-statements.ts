/**
 * The hot statements that record a sale (see docs/decisions.md "A sale in two statements"): compiled once,
 * run by the sales repository.
 */
import type { TSubscriptionState } from '@app/domain/plans/plans';
import { phoneKey } from '@app/domain/phone/nigerian-phone';
import type { TPricedItem } from '@app/domain/pricing/price-limits';
import { sql, type SQL } from 'drizzle-orm';
import { columnsOf, hotStatement, placeholders } from '../../platform/db/prepared.ts';
import {
  auditEntries,
  customerCounts,
  customers,
  documentCounters,
  items,
  saleLines,
  salesSettings,
  sales,
  tenants,
  warehouses,
} from '../../platform/db/schema/index.ts';
import {
  keptReply,
  KEY_CLAIM,
  KEY_CLAIMED,
  type TKeptReplyValues,
  type TKeyClaimValues,
} from '../../platform/http/idempotency.ts';
import {
  LEDGER_WRITES,
  lockedItemsMember,
  type TLedgerWrites,
  type TLockedItem,
} from '../inventory/index.ts';
import { visibleTo, type TWarehouse } from '../warehouses/index.ts';
import { ITEM_ROLLUPS, NEW_SALE_ROLLUPS, type TItemDayValues } from './sales-rollups.ts';

export type TSaleHeader = typeof sales.$inferSelect;
export type TSaleLine = typeof saleLines.$inferSelect;
export type TItemDay = {
  tenantId: number;
  itemId: number;
  saleDate: string;
  quantity: number;
  revenueKobo: number;
};

export type TOpenedRow = {
  claimed: boolean;
  warehouse: TWarehouse | null;
  saleId: number;
  lineIds: number[];
  now: string;
  plan: 'free' | 'pro';
  expiresAt: string | null;
  transactionCount: number;
  items: TLockedItem[];
  pricedItems: TPricedItem[];
  maxDiscountPercent: number | string | null;
};
/** What the price check needs: the live items' prices and floors, and the business's maximum discount. */
export type TPriceLimits = { items: ReadonlyMap<number, TPricedItem>; maxDiscountPercent: number | null };
export type TOpenedSale = {
  warehouse: TWarehouse;
  saleId: number;
  lineIds: number[];
  now: Date;
  plan: TSubscriptionState;
  /** The sale's items found in the business, locked while pro is active (none otherwise). */
  items: TLockedItem[];
  priceLimits: TPriceLimits;
};
type TOpenSaleValues = TKeyClaimValues & {
  employeeId: number | null;
  warehouseName: string;
  itemIds: number[];
  lineCount: number;
};

// The items are locked here only while pro is active (the clock's edge is harmless); otherwise
// consumeTransaction locks the business row first, as every other writer does, and the items after it.
export const OPEN_SALE = (() => {
  const p = placeholders<TOpenSaleValues>();
  return hotStatement<TOpenSaleValues>(sql`
  with business as (
    select plan, plan_expires_at, transaction_count, coalesce(plan = 'pro' and plan_expires_at > now(), false) as pro
    from ${tenants} where id = ${p('tenantId')}),
  warehouse as (
    select ${warehouses.id} as warehouse_id, ${warehouses.name} as warehouse_name, ${warehouses.accessAll} as access_all
    from ${warehouses}
    where ${visibleTo(p('tenantId'), p('employeeId'))} and lower(${warehouses.name}) = lower(trim(${p('warehouseName')}::text))),
  ${KEY_CLAIM},
  ${lockedItemsMember(sql`${KEY_CLAIMED} and (select pro from business) and exists (select 1 from warehouse)`)}
  select json_build_object(
    'claimed', ${KEY_CLAIMED},
    'warehouse', (select row_to_json(warehouse) from warehouse),
    'saleId', nextval('sales_id_seq'),
    'lineIds', array(select nextval('sale_lines_id_seq') from generate_series(1, ${p('lineCount')}::int)),
    'now', now(),
    'plan', plan, 'expiresAt', plan_expires_at, 'transactionCount', transaction_count,
    'items', coalesce((select json_agg(locked_items) from locked_items), '[]'::json),
    'pricedItems', coalesce((select json_agg(json_build_object('item_id', ${items.id}, 'item_name', ${items.name},
        'price_kobo', ${items.priceKobo}, 'min_price_kobo', ${items.minPriceKobo}))
      from ${items} where ${items.tenantId} = ${p('tenantId')} and ${items.deletedAt} is null
        and ${items.id} = any(${p('itemIds')}::int[])), '[]'::json),
    'maxDiscountPercent', (select ${salesSettings.maxDiscountPercent} from ${salesSettings}
      where ${salesSettings.tenantId} = ${p('tenantId')})) as opened
  from business`);
})();

/** One row per item and day. */
export function itemDayValues(rows: readonly TItemDay[]): TItemDayValues {
  const merged = new Map<string, TItemDay>();
  for (const row of rows) {
    const key = `${row.itemId}|${row.saleDate}`;
    const seen = merged.get(key);
    merged.set(
      key,
      seen
        ? { ...seen, quantity: seen.quantity + row.quantity, revenueKobo: seen.revenueKobo + row.revenueKobo }
        : row,
    );
  }
  return columnsOf([...merged.values()], {
    itemDayTenantIds: (d) => d.tenantId,
    itemDayItemIds: (d) => d.itemId,
    itemDayDates: (d) => d.saleDate,
    itemDayQuantities: (d) => d.quantity,
    itemDayRevenues: (d) => d.revenueKobo,
  });
}

/** A sale's lines, by column, as WRITE_SALE takes them. */
export function lineValues(lines: readonly TSaleLine[]): TLineValues {
  return columnsOf(lines, {
    lineIds: (l) => l.id,
    lineItemIds: (l) => l.itemId,
    lineItemNames: (l) => l.itemName,
    lineQuantities: (l) => l.quantity,
    lineUnitPrices: (l) => l.unitPriceKobo,
    lineTotals: (l) => l.totalKobo,
  });
}

/** A sale's header, by column, as WRITE_SALE takes it. */
export function saleValues(header: TSaleHeader) {
  return {
    saleId: header.id,
    publicId: header.publicId,
    customerId: header.customerId,
    tenantId: header.tenantId,
    warehouseId: header.warehouseId,
    saleDate: header.saleDate,
    customerName: header.customerName,
    customerPhone: header.customerPhone,
    // Its customer is found by the phone's key (the column phone_key_of fills), computed here once.
    customerPhoneKey: header.customerPhone === null ? null : phoneKey(header.customerPhone),
    invoiceNumber: header.invoiceNumber,
    notes: header.notes,
    subtotalKobo: header.subtotalKobo,
    vatRate: header.vatRate,
    vatKobo: header.vatKobo,
    discountType: header.discountType,
    discountValue: header.discountValue,
    discountKobo: header.discountKobo,
    grandTotalKobo: header.grandTotalKobo,
    amountPaidKobo: header.amountPaidKobo,
    tenderedKobo: header.tenderedKobo,
    paymentStatus: header.paymentStatus,
    paymentMethod: header.paymentMethod,
    dueDate: header.dueDate,
    invoiceFileId: header.invoiceFileId,
    proformaId: header.proformaId,
    userId: header.userId,
    employeeName: header.employeeName,
    createdAt: header.createdAt.toISOString(),
  };
}

type TLineValues = {
  lineIds: number[];
  lineItemIds: number[];
  lineItemNames: string[];
  lineQuantities: number[];
  lineUnitPrices: number[];
  lineTotals: number[];
};
/** The sale as the audit trail's `sale.created` entry keeps it (its number is filled in by WRITE_SALE). */
export type TSaleAuditValues = { auditAfter: string };

type TWriteSaleValues = ReturnType<typeof saleValues> &
  TSaleAuditValues &
  TLineValues &
  TItemDayValues &
  TLedgerWrites &
  TKeyClaimValues &
  TKeptReplyValues;

/**
 * The business's next sale number, taken by the statement that writes the sale (a member `sale_number`):
 * the counter's row is held only from here to the COMMIT, and a sale that fails leaves no gap.
 */
const SALE_NUMBER = sql`sale_number as (
  insert into ${documentCounters} (tenant_id, kind, last) values (${sql.placeholder('tenantId')}::int, 'sale', 1)
  on conflict (tenant_id, kind) do update set last = ${documentCounters.last} + 1
  returning last as number)`;

/** A sale's JSON (at `path` in `json`) with what only WRITE_SALE knows: its number and its customer. */
const withWrittenFields = (json: SQL, path: string[]) => {
  const at = (field: string) => `{${[...path, field].join(',')}}`;
  // jsonb_set answers NULL for a NULL value: a walk-in sale's customer_id is JSON null, not SQL NULL.
  return sql`jsonb_set(jsonb_set(${json}, ${sql.raw(`'${at('sale_number')}'`)}, to_jsonb((select number from sale_number))),
    ${sql.raw(`'${at('customer_id')}'`)}, coalesce(to_jsonb((select customer_id from new_sale)), 'null'::jsonb))`;
};

export const WRITE_SALE = (() => {
  const p = placeholders<TWriteSaleValues>();
  return hotStatement<TWriteSaleValues>(sql`
  with ${SALE_NUMBER},
  new_customer as (
    insert into ${customers} (tenant_id, name, phone)
    select ${p('tenantId')}::int, ${p('customerName')}::text, ${p('customerPhone')}::text
    where ${p('customerId')}::int is null and ${p('customerPhone')}::text is not null
      and not exists (select 1 from ${customers} where tenant_id = ${p('tenantId')}::int
        and phone_key = ${p('customerPhoneKey')}::text)
    on conflict do nothing
    returning id),
  customer_tally as (
    insert into ${customerCounts} (tenant_id, total)
    select ${p('tenantId')}::int, count(*) from new_customer having count(*) > 0
    on conflict (tenant_id) do update set total = ${customerCounts.total} + excluded.total),
  new_sale as (
    insert into ${sales} (id, public_id, tenant_id, number, customer_id, warehouse_id, sale_date, customer_name, customer_phone, invoice_number,
      notes, subtotal_kobo, vat_rate, vat_kobo, discount_type, discount_value, discount_kobo, grand_total_kobo,
      amount_paid_kobo, tendered_kobo, payment_status, payment_method, due_date, invoice_file_id, proforma_id,
      user_id, employee_name, created_at)
    select ${p('saleId')}::int, ${p('publicId')}::uuid, ${p('tenantId')}::int, (select number from sale_number),
      coalesce(${p('customerId')}::int, (select id from new_customer), (select id from ${customers}
        where tenant_id = ${p('tenantId')}::int and phone_key = ${p('customerPhoneKey')}::text
        order by id limit 1)), ${p('warehouseId')}::int,
      ${p('saleDate')}::date,
      ${p('customerName')}::text, ${p('customerPhone')}::text, ${p('invoiceNumber')}::text, ${p('notes')}::text,
      ${p('subtotalKobo')}::bigint, ${p('vatRate')}::numeric, ${p('vatKobo')}::bigint, ${p('discountType')}::text,
      ${p('discountValue')}::numeric, ${p('discountKobo')}::bigint, ${p('grandTotalKobo')}::bigint,
      ${p('amountPaidKobo')}::bigint, ${p('tenderedKobo')}::bigint, ${p('paymentStatus')}::text,
      ${p('paymentMethod')}::text, ${p('dueDate')}::date, ${p('invoiceFileId')}::text, ${p('proformaId')}::int,
      ${p('userId')}::int, ${p('employeeName')}::text, ${p('createdAt')}::timestamptz
    returning customer_id),
  new_lines as (
    insert into ${saleLines} (id, tenant_id, sale_id, item_id, item_name, quantity, unit_price_kobo, total_kobo)
    select l.id, ${p('tenantId')}::int, ${p('saleId')}::int, l.item_id, l.item_name, l.quantity, l.unit_price, l.total
    from unnest(${p('lineIds')}::int[], ${p('lineItemIds')}::int[], ${p('lineItemNames')}::text[],
      ${p('lineQuantities')}::int[], ${p('lineUnitPrices')}::bigint[], ${p('lineTotals')}::bigint[])
      as l(id, item_id, item_name, quantity, unit_price, total)),
  ${ITEM_ROLLUPS},
  ${NEW_SALE_ROLLUPS},
  ${LEDGER_WRITES},
  audit as (
    insert into ${auditEntries} (tenant_id, user_id, user_name, kind, record_type, record_id, after)
    values (${p('tenantId')}::int, ${p('userId')}::int, ${p('employeeName')}::text, 'sale.created', 'sale',
      ${p('saleId')}::int::text,
      ${withWrittenFields(sql`${p('auditAfter')}::jsonb`, [])})),
  ${keptReply((body) => withWrittenFields(body, ['sale']))}
  select number as "saleNumber", (select customer_id from new_sale) as "customerId" from sale_number`);
})();
