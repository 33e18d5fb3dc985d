import { businessDayStart } from '@app/domain/dates/business-date';
import type { TDailyLog } from '@app/domain/schemas/stock';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/search.ts';
import {
  inventoryAdjustments,
  items,
  stockDaily,
  stockReturns,
  users,
  warehouses,
} from '../../platform/db/schema/index.ts';

export type TLogRow = TDailyLog;

/** A day that moved stock: one whose entries were all reversed (a deleted sale, say) is left out of lists. */
/**
 * An item counts on a business day unless it was deleted by then: a deleted item leaves today's lists, and its
 * history before the day it was deleted stays in the logs and reports (and agrees with Restock's purchases).
 * Lagos is UTC+1 all year, so the deletion's business day is its UTC time plus an hour.
 */
const presentOn = (deletedAt: SQL, day: SQL) =>
  sql`(${deletedAt} is null or (${deletedAt} at time zone 'UTC' + interval '1 hour')::date > ${day})`;

const MOVED = or(gt(stockDaily.supplied, 0), gt(stockDaily.returned, 0), gt(stockDaily.stockOut, 0))!;

/** A daily-log row with its item and warehouse, as filter and history read it. */
const dailyRowColumns = {
  log_date: stockDaily.businessDate,
  item_id: items.id,
  item_name: items.name,
  warehouse_name: warehouses.name,
  reorder_level: items.reorderLevel,
  supplied: stockDaily.supplied,
  returned: stockDaily.returned,
  stock_out: stockDaily.stockOut,
  closing: stockDaily.closing,
};

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

type TRawLog = Record<string, unknown>;
const toLog = (row: TRawLog): TLogRow => {
  const supplied = Number(row.supplied);
  const returned = Number(row.returned);
  const stockOut = Number(row.stock_out);
  const closing = Number(row.closing);
  return {
    log_date: String(row.log_date),
    item_id: Number(row.item_id),
    item_name: String(row.item_name),
    warehouse_name: String(row.warehouse_name),
    open_balance: closing - supplied - returned + stockOut,
    supplied_quantity: supplied,
    return_quantity: returned,
    stock_out: stockOut,
    closing_balance: closing,
    reorder_level: Number(row.reorder_level),
  };
};

export function createInventoryRepository(db: Executor) {
  const rowsOf = async (query: SQL) => {
    const result = await db.execute(query);
    return (result as unknown as { rows: TRawLog[] }).rows;
  };

  return {
    /** The first business day the ledger holds for the item (null before any movement). */
    async firstMovementDate(tenantId: number, itemId: number): Promise<string | null> {
      const [row] = await db
        .select({ date: items.firstMovementDate })
        .from(items)
        .where(and(eq(items.tenantId, tenantId), eq(items.id, itemId)));
      return row?.date ?? null;
    },

    /**
     * The daily log for a date: every live item with history up to the date. Each item's latest
     * daily row on or before the date gives its closing; that day's figures when the row is the date's.
     */
    async dailyLogs(
      tenantId: number,
      warehouseIds: readonly number[],
      date: string,
      page: { limit: number; offset: number } | { limit: number; after: number | null } | null,
    ) {
      if (warehouseIds.length === 0) return { rows: [] as TLogRow[], total: 0, more: false };
      // Items deleted after the date are rare: only when there are some does the log read past the live
      // items' indexes (items_tenant_name_idx, items_history_idx) to include them.
      const inWarehouses = sql`i.tenant_id = ${tenantId} and i.warehouse_id in (${ids(warehouseIds)})`;
      const deletedLater = sql`i.deleted_at >= ${businessDayStart(date, 1).toISOString()}::timestamptz`;
      const anyDeletedLater =
        (await rowsOf(sql`select 1 from ${items} i where ${inWarehouses} and ${deletedLater} limit 1`))
          .length > 0;
      const scope = anyDeletedLater
        ? sql`${inWarehouses} and (i.deleted_at is null or ${deletedLater})`
        : sql`${inWarehouses} and i.deleted_at is null`;
      const latest = sql`select d.business_date, d.supplied, d.returned, d.stock_out, d.closing from ${stockDaily} d
        where d.item_id = i.id and d.business_date <= ${date} order by d.business_date desc limit 1`;
      const keyset = page !== null && 'after' in page;
      // After the item `after` in the log's order (name, warehouse, id): its place is looked up, not sent.
      const after =
        keyset && page.after !== null
          ? sql`and (i.name, w.name, i.id) > (select ai.name, aw.name, ai.id from ${items} ai
              join ${warehouses} aw on aw.id = ai.warehouse_id where ai.id = ${page.after} and ai.tenant_id = ${tenantId})`
          : sql``;
      const paging = !page
        ? sql``
        : keyset
          ? sql`limit ${page.limit + 1}`
          : sql`limit ${page.limit} offset ${page.offset}`;
      const rows = await rowsOf(sql`
        select ${date}::text as log_date, i.id as item_id, i.name as item_name, w.name as warehouse_name, i.reorder_level,
          case when l.business_date = ${date} then l.supplied else 0 end as supplied,
          case when l.business_date = ${date} then l.returned else 0 end as returned,
          case when l.business_date = ${date} then l.stock_out else 0 end as stock_out,
          l.closing
        from ${items} i
        join ${warehouses} w on w.id = i.warehouse_id
        cross join lateral (${latest}) l
        where ${scope} and i.first_movement_date <= ${date} ${after}
        order by i.name, w.name, i.id
        ${paging}`);
      if (keyset)
        return { rows: rows.slice(0, page.limit).map(toLog), total: null, more: rows.length > page.limit };
      const total = page
        ? Number(
            (
              await rowsOf(sql`select count(*) as n from ${items} i
                where ${scope} and i.first_movement_date <= ${date}`)
            )[0]?.n ?? 0,
          )
        : rows.length;
      return { rows: rows.map(toLog), total, more: false };
    },

    /** Days with movement in a range, newest first. */
    async filterLogs(
      tenantId: number,
      warehouseIds: readonly number[],
      filter: {
        start: string;
        end: string;
        itemName: string | null;
        keyword: string | null;
        limit: number;
        offset: number;
      },
    ): Promise<TLogRow[]> {
      if (warehouseIds.length === 0) return [];
      const conditions = [
        eq(stockDaily.tenantId, tenantId),
        presentOn(sql`${items.deletedAt}`, sql`${stockDaily.businessDate}`),
        inArray(items.warehouseId, [...warehouseIds]),
        gte(stockDaily.businessDate, filter.start),
        lte(stockDaily.businessDate, filter.end),
        MOVED,
      ];
      if (filter.itemName) conditions.push(sql`lower(${items.name}) = lower(${filter.itemName})`);
      if (filter.keyword) {
        conditions.push(
          or(containsText(items.name, filter.keyword), containsText(warehouses.name, filter.keyword))!,
        );
      }
      const rows = await db
        .select(dailyRowColumns)
        .from(stockDaily)
        .innerJoin(items, eq(items.id, stockDaily.itemId))
        .innerJoin(warehouses, eq(warehouses.id, items.warehouseId))
        .where(and(...conditions))
        .orderBy(desc(stockDaily.businessDate), asc(items.name), asc(items.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return rows.map(toLog);
    },

    /** Period sums per item: open is the closing before the period (within the range), closing = open + in − out. */
    async reportSummary(
      tenantId: number,
      warehouseIds: readonly number[],
      range: { unit: 'week' | 'month' | 'year'; start: string; end: string },
    ) {
      if (warehouseIds.length === 0) return [];
      const unit = sql.raw(`'${range.unit}'`);
      const label = sql.raw(
        range.unit === 'week' ? `'IYYY-"W"IW'` : range.unit === 'month' ? `'YYYY-MM'` : `'YYYY'`,
      );
      const step = sql.raw(`'1 ${range.unit}'`);
      const rows = await rowsOf(sql`
        with sums as (
          select d.item_id, date_trunc(${unit}, d.business_date::timestamp)::date as bucket,
            sum(d.supplied) as supplied, sum(d.returned) as returned, sum(d.stock_out) as stock_out
          from ${stockDaily} d
          join ${items} i on i.id = d.item_id
          where d.tenant_id = ${tenantId} and ${presentOn(sql`i.deleted_at`, sql`d.business_date`)}
            and i.warehouse_id in (${ids(warehouseIds)})
            and d.business_date between ${range.start} and ${range.end}
          group by 1, 2
        )
        select to_char(s.bucket, ${label}) as period,
          greatest(s.bucket, ${range.start}::date)::text as period_start,
          least((s.bucket + interval ${step} - interval '1 day')::date, ${range.end}::date)::text as period_end,
          s.item_id, i.name as item_name, w.name as warehouse_name, s.supplied, s.returned, s.stock_out,
          coalesce((select d.closing from ${stockDaily} d where d.item_id = s.item_id
            and d.business_date < greatest(s.bucket, ${range.start}::date) order by d.business_date desc limit 1), 0) as open
        from sums s
        join ${items} i on i.id = s.item_id
        join ${warehouses} w on w.id = i.warehouse_id
        order by s.bucket, i.name, w.name`);
      return rows.map((row) => {
        const open = Number(row.open);
        const supplied = Number(row.supplied);
        const returned = Number(row.returned);
        const stockOut = Number(row.stock_out);
        return {
          period: String(row.period),
          period_start: String(row.period_start),
          period_end: String(row.period_end),
          item_id: Number(row.item_id),
          item_name: String(row.item_name),
          warehouse_name: String(row.warehouse_name),
          total_open_stock: open,
          total_stock_in: supplied,
          total_returned: returned,
          total_stock_out: stockOut,
          total_closing_stock: open + supplied + returned - stockOut,
        };
      });
    },

    /** The item's days in a range, newest first; `movedOnly` leaves out days whose every figure went back to 0. */
    async itemHistory(
      tenantId: number,
      itemId: number,
      fromDate: string,
      toDate: string,
      movedOnly = false,
    ): Promise<TLogRow[]> {
      const rows = await db
        .select(dailyRowColumns)
        .from(stockDaily)
        .innerJoin(items, eq(items.id, stockDaily.itemId))
        .innerJoin(warehouses, eq(warehouses.id, items.warehouseId))
        .where(
          and(
            eq(stockDaily.tenantId, tenantId),
            eq(stockDaily.itemId, itemId),
            gte(stockDaily.businessDate, fromDate),
            lte(stockDaily.businessDate, toDate),
            movedOnly ? MOVED : undefined,
          ),
        )
        .orderBy(desc(stockDaily.businessDate));
      return rows.map(toLog);
    },

    async insertAdjustment(row: typeof inventoryAdjustments.$inferInsert): Promise<number> {
      const [inserted] = await db
        .insert(inventoryAdjustments)
        .values(row)
        .returning({ id: inventoryAdjustments.id });
      return inserted!.id;
    },

    async insertReturn(row: typeof stockReturns.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(stockReturns).values(row).returning({ id: stockReturns.id });
      return inserted!.id;
    },

    recentAdjustments(tenantId: number, warehouseIds: readonly number[], limit: number) {
      if (warehouseIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          adjustment_id: inventoryAdjustments.id,
          item_id: items.id,
          item_name: items.name,
          log_date: inventoryAdjustments.businessDate,
          field: inventoryAdjustments.field,
          old_value: inventoryAdjustments.oldValue,
          new_value: inventoryAdjustments.newValue,
          notes: inventoryAdjustments.notes,
          created_at: inventoryAdjustments.createdAt,
          user_name: users.name,
        })
        .from(inventoryAdjustments)
        .innerJoin(items, eq(items.id, inventoryAdjustments.itemId))
        .leftJoin(users, eq(users.id, inventoryAdjustments.userId))
        .where(
          and(eq(inventoryAdjustments.tenantId, tenantId), inArray(items.warehouseId, [...warehouseIds])),
        )
        .orderBy(desc(inventoryAdjustments.createdAt), desc(inventoryAdjustments.id))
        .limit(limit);
    },
  };
}
