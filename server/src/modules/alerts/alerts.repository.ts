import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import {
  alertDeliveries,
  alertSettings,
  expenseDaily,
  items,
  stockDaily,
  tenants,
  users,
  warehouses,
} from '../../platform/db/schema/index.ts';

export type TAlertKind = 'low_stock' | 'daily_summary';

/** What a business gets when it never opened Settings → Alerts (the table's defaults). */
export const DEFAULT_ALERT_SETTINGS = {
  lowStockEnabled: true,
  dailySummaryEnabled: true,
  dailySummaryHour: 20,
};

export type TAlertSettingsRow = typeof DEFAULT_ALERT_SETTINGS;

/** A low item: at or below its reorder level. */
export type TLowItem = { id: number; name: string; warehouse: string; onHand: number; reorderLevel: number };

const LOW_ITEM_COLUMNS = {
  id: items.id,
  name: items.name,
  warehouse: warehouses.name,
  onHand: items.onHand,
  reorderLevel: items.reorderLevel,
};

export function createAlertsRepository(db: Executor) {
  return {
    async settings(tenantId: number): Promise<TAlertSettingsRow> {
      const [row] = await db
        .select({
          lowStockEnabled: alertSettings.lowStockEnabled,
          dailySummaryEnabled: alertSettings.dailySummaryEnabled,
          dailySummaryHour: alertSettings.dailySummaryHour,
        })
        .from(alertSettings)
        .where(eq(alertSettings.tenantId, tenantId));
      return row ?? DEFAULT_ALERT_SETTINGS;
    },

    async saveSettings(tenantId: number, settings: TAlertSettingsRow): Promise<void> {
      await db
        .insert(alertSettings)
        .values({ tenantId, ...settings })
        .onConflictDoUpdate({ target: alertSettings.tenantId, set: { ...settings, updatedAt: new Date() } });
    },

    /**
     * The businesses on a Pro plan still running at `now`, with their alert settings (the plan is checked
     * again with the domain's rule; this only keeps free businesses out of the scan).
     */
    activeProBusinesses(now: Date) {
      return db
        .select({
          tenantId: tenants.id,
          name: tenants.name,
          plan: tenants.plan,
          planExpiresAt: tenants.planExpiresAt,
          planKey: tenants.planKey,
          transactionCount: tenants.transactionCount,
          lowStockEnabled: sql<boolean>`coalesce(${alertSettings.lowStockEnabled}, true)`,
          dailySummaryEnabled: sql<boolean>`coalesce(${alertSettings.dailySummaryEnabled}, true)`,
          dailySummaryHour: sql<number>`coalesce(${alertSettings.dailySummaryHour}, ${DEFAULT_ALERT_SETTINGS.dailySummaryHour})`,
        })
        .from(tenants)
        .leftJoin(alertSettings, eq(alertSettings.tenantId, tenants.id))
        .where(and(eq(tenants.plan, 'pro'), gt(tenants.planExpiresAt, now)))
        .orderBy(asc(tenants.id));
    },

    /**
     * Items whose stock moved on the date (they have a day in the daily log), are now at or below their level,
     * and have had no low-stock alert that day.
     */
    lowItemsMovedOn(tenantId: number, date: string): Promise<TLowItem[]> {
      return db
        .select(LOW_ITEM_COLUMNS)
        .from(stockDaily)
        .innerJoin(items, eq(items.id, stockDaily.itemId))
        .innerJoin(warehouses, eq(warehouses.id, items.warehouseId))
        .where(
          and(
            eq(stockDaily.tenantId, tenantId),
            eq(stockDaily.businessDate, date),
            isNull(items.deletedAt),
            lte(items.onHand, items.reorderLevel),
            sql`not exists (select 1 from ${alertDeliveries} where ${alertDeliveries.tenantId} = ${tenantId}
              and ${alertDeliveries.kind} = 'low_stock' and ${alertDeliveries.subjectId} = ${items.id}
              and ${alertDeliveries.businessDate} = ${date})`,
          ),
        )
        .orderBy(asc(items.id));
    },

    /** Every live item at or below its reorder level, for the daily summary (at most `limit`). */
    lowItems(tenantId: number, limit: number): Promise<TLowItem[]> {
      return db
        .select(LOW_ITEM_COLUMNS)
        .from(items)
        .innerJoin(warehouses, eq(warehouses.id, items.warehouseId))
        .where(
          and(eq(items.tenantId, tenantId), isNull(items.deletedAt), lte(items.onHand, items.reorderLevel)),
        )
        .orderBy(asc(items.name), asc(items.id))
        .limit(limit);
    },

    async lowItemCount(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(items)
        .where(
          and(eq(items.tenantId, tenantId), isNull(items.deletedAt), lte(items.onHand, items.reorderLevel)),
        );
      return row?.count ?? 0;
    },

    async mdEmail(tenantId: number): Promise<string | null> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'md'), isNull(users.removedAt)))
        .orderBy(asc(users.id))
        .limit(1);
      return row?.email ?? null;
    },

    /**
     * Claims an alert for its day: true when this call inserted the row. A second caller (a retry, another
     * process) waits on the unique key until the first commits, then inserts nothing.
     */
    async claim(tenantId: number, kind: TAlertKind, subjectId: number, date: string): Promise<boolean> {
      const inserted = await db
        .insert(alertDeliveries)
        .values({ tenantId, kind, subjectId, businessDate: date })
        .onConflictDoNothing()
        .returning({ id: alertDeliveries.id });
      return inserted.length > 0;
    },

    async delivered(tenantId: number, kind: TAlertKind, subjectId: number, date: string): Promise<boolean> {
      const [row] = await db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.tenantId, tenantId),
            eq(alertDeliveries.kind, kind),
            eq(alertDeliveries.subjectId, subjectId),
            eq(alertDeliveries.businessDate, date),
          ),
        );
      return row !== undefined;
    },

    /** The day's live sales from the day rollup: total, paid and count. */
    async salesOn(tenantId: number, date: string) {
      const [row] = await rowsOf<{
        total_kobo: string | null;
        paid_kobo: string | null;
        count: number | null;
      }>(
        db,
        sql`select sum(total_kobo) as total_kobo, sum(paid_kobo) as paid_kobo, sum(sale_count)::int as count
          from sales_daily where tenant_id = ${tenantId} and sale_date = ${date}`,
      );
      return {
        totalKobo: Number(row?.total_kobo ?? 0),
        paidKobo: Number(row?.paid_kobo ?? 0),
        count: row?.count ?? 0,
      };
    },

    async expensesOn(tenantId: number, date: string) {
      const [row] = await db
        .select({ totalKobo: expenseDaily.totalKobo, count: expenseDaily.count })
        .from(expenseDaily)
        .where(and(eq(expenseDaily.tenantId, tenantId), eq(expenseDaily.expenseDate, date)));
      return { totalKobo: Number(row?.totalKobo ?? 0), count: row?.count ?? 0 };
    },

    /** What is still owed on live documents due on the date: by customers (sales), and to suppliers and vendors. */
    async dueOn(tenantId: number, date: string) {
      const rows = await rowsOf<{ kind: 'sale' | 'purchase' | 'expense'; owed_kobo: string; count: number }>(
        db,
        sql`select 'sale' as kind, coalesce(sum(grand_total_kobo - amount_paid_kobo), 0) as owed_kobo, count(*)::int as count
            from sales where tenant_id = ${tenantId} and due_date = ${date}
              and deleted_at is null and payment_status <> 'paid'
          union all
          select 'purchase', coalesce(sum(total_kobo - amount_paid_kobo), 0), count(*)::int
            from purchases where tenant_id = ${tenantId} and due_date = ${date}
              and deleted_at is null and payment_status <> 'paid'
          union all
          select 'expense', coalesce(sum(total_kobo - amount_paid_kobo), 0), count(*)::int
            from expenses where tenant_id = ${tenantId} and due_date = ${date}
              and deleted_at is null and payment_status <> 'paid'`,
      );
      const of = (kind: 'sale' | 'purchase' | 'expense') => {
        const row = rows.find((r) => r.kind === kind);
        return { owedKobo: Number(row?.owed_kobo ?? 0), count: row?.count ?? 0 };
      };
      return { sales: of('sale'), purchases: of('purchase'), expenses: of('expense') };
    },
  };
}
