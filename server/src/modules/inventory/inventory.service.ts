import { recordedAtOf } from '@app/domain/schemas/recorded-at';
import type { TInventoryAdjustment } from '@app/domain/schemas/stock';
import { businessDate, printDate } from '@app/domain/dates/business-date';
import { koboToNaira } from '@app/domain/money/money';
import type { TStockKind } from '@app/domain/stock/ledger';
import type { TInventoryUpdateRequest, TReturnItemRequest } from '@app/domain/schemas/stock';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { runIdempotent, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import type { TAccessCodes } from '../../platform/tenancy/access-code.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import type { TItem } from './items.repository.ts';
import { createLedger } from './ledger.repository.ts';
import { assertNotFuture, createStockScope } from './stock-scope.ts';

export const ADJUSTMENT_WINDOW_DAYS = 30;
export const LOG_PAGE_SIZE = 20;

const daysBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

const UPDATE_FIELDS: Record<'supplied_quantity' | 'stock_out' | 'return_quantity', TStockKind> = {
  supplied_quantity: 'supplied',
  stock_out: 'stock_out',
  return_quantity: 'returned',
};

/** An item as the item maps show it: keyed by name, price in naira. */
export function itemMapEntry(item: TItem) {
  return {
    item_id: item.item_id,
    price: koboToNaira(item.price_kobo),
    barcode: item.barcode,
    closing_balance: item.on_hand,
    reorder_level: item.reorder_level,
    warehouse_name: item.warehouse_name,
    min_price: item.min_price_kobo === null ? null : koboToNaira(item.min_price_kobo),
  };
}

export function itemMap(list: readonly TItem[]) {
  const counts = new Map<string, number>();
  for (const item of list)
    counts.set(item.item_name.toLowerCase(), (counts.get(item.item_name.toLowerCase()) ?? 0) + 1);
  return Object.fromEntries(
    list.map((item) => [
      (counts.get(item.item_name.toLowerCase()) ?? 0) > 1
        ? `${item.item_name} (${item.warehouse_name})`
        : item.item_name,
      itemMapEntry(item),
    ]),
  );
}

export function createInventoryService(deps: { db: Database; accessCodes: TAccessCodes }) {
  const scope = createStockScope(deps.db);
  const repo = createInventoryRepository(deps.db);

  async function dailyLogs(
    actor: TActor,
    query: {
      selected_date: string;
      warehouse_name?: string | null;
      page?: number | undefined;
      page_size?: number | undefined;
      after?: number | undefined;
      count: boolean;
    },
  ) {
    if (actor.role !== 'md' && query.selected_date !== businessDate()) {
      throw new AppError('forbidden', 'Employees can view only today’s logs');
    }
    const ids = await scope.warehouseIds(actor, query.warehouse_name);
    const pageSize = query.page_size ?? LOG_PAGE_SIZE;
    if (query.after !== undefined || !query.count) {
      const { rows, more } = await repo.dailyLogs(actor.tenantId, ids, query.selected_date, {
        limit: pageSize,
        after: query.after ?? null,
      });
      return { rows, total: null, nextAfter: more ? rows[rows.length - 1]!.item_id : null };
    }
    const page = query.page ? { limit: pageSize, offset: (query.page - 1) * pageSize } : null;
    const { rows, total } = await repo.dailyLogs(actor.tenantId, ids, query.selected_date, page);
    return { rows, total, nextAfter: null };
  }

  /**
   * A return's day: never ahead; an employee's today, or the day it was recorded offline (spec 2 §3: employees
   * pick only today's date); and not before the item's first stock movement, when it had no stock to return.
   */
  async function assertReturnDate(actor: TActor, item: TItem, date: string, recordedAt: Date | null) {
    assertNotFuture(date);
    const theirDays = [businessDate(), ...(recordedAt ? [businessDate(recordedAt)] : [])];
    if (actor.role !== 'md' && !theirDays.includes(date))
      throw new AppError('forbidden', 'Employees can record returns for today only');
    const first = await repo.firstMovementDate(actor.tenantId, item.item_id);
    if (first !== null && date < first)
      throw new AppError(
        'unprocessable',
        `${item.item_name} has no stock history before ${printDate(first)}: a return cannot be dated earlier`,
      );
  }

  async function returnItem(actor: TActor, input: TReturnItemRequest, key: TIdempotencyKey | null) {
    const item = await scope.requireItem(actor, input.item_id);
    // Recorded offline: it happened then (a device's clock a little ahead is taken as now).
    const recordedAt = recordedAtOf(input.recorded_at);
    await assertReturnDate(actor, item, input.selected_date, recordedAt);
    await deps.accessCodes.verify(actor.tenantId, input.access_code);
    return runIdempotent(
      deps.db,
      { tenantId: actor.tenantId, key, route: 'inventory.return' },
      async (tx) => {
        const returnId = await createInventoryRepository(tx).insertReturn({
          tenantId: actor.tenantId,
          itemId: item.item_id,
          businessDate: input.selected_date,
          quantity: input.return_quantity,
          userId: actor.userId,
          ...(recordedAt ? { createdAt: recordedAt } : {}),
        });
        await createLedger(tx).post({
          tenantId: actor.tenantId,
          itemId: item.item_id,
          businessDate: input.selected_date,
          kind: 'returned',
          quantity: input.return_quantity,
          sourceType: 'return',
          sourceId: returnId,
          userId: actor.userId,
        });
        await writeAudit(tx, actor, {
          kind: 'stock.returned',
          recordType: 'item',
          recordId: item.item_id,
          after: {
            return_id: returnId,
            item_name: item.item_name,
            date: input.selected_date,
            return_quantity: input.return_quantity,
          },
        });
        return {
          status: 201,
          body: {
            success: true,
            message: `${input.return_quantity} × ${item.item_name} returned to stock`,
            return_quantity: input.return_quantity,
          },
        };
      },
    );
  }

  /** Sets one figure of a past day (within 30 days, on a day with history); the ledger records the difference. */
  async function updateDay(actor: TActor, itemId: number, input: TInventoryUpdateRequest) {
    const item = await scope.requireItem(actor, itemId);
    const today = businessDate();
    if (input.log_date > today || input.log_date < daysBefore(today, ADJUSTMENT_WINDOW_DAYS)) {
      throw new AppError('bad_request', `Only the last ${ADJUSTMENT_WINDOW_DAYS} days can be edited`);
    }
    const [field, value] = Object.entries(UPDATE_FIELDS)
      .map(([name, kind]) => [kind, input[name as keyof typeof UPDATE_FIELDS]] as const)
      .find(([, v]) => v !== undefined)!;
    await deps.db.transaction(async (tx) => {
      const ledger = createLedger(tx);
      await ledger.lockItem(actor.tenantId, item.item_id);
      const history = await createInventoryRepository(tx).itemHistory(
        actor.tenantId,
        item.item_id,
        input.log_date,
        input.log_date,
      );
      if (history.length === 0) throw new AppError('bad_request', 'Item has no history on that date');
      const current = await ledger.dayFigure(item.item_id, input.log_date, field);
      if (current === value) return;
      await createInventoryRepository(tx).insertAdjustment({
        tenantId: actor.tenantId,
        itemId: item.item_id,
        businessDate: input.log_date,
        field,
        oldValue: current,
        newValue: value!,
        notes: input.notes,
        userId: actor.userId,
      });
      await ledger.post({
        tenantId: actor.tenantId,
        itemId: item.item_id,
        businessDate: input.log_date,
        kind: field,
        quantity: value! - current,
        sourceType: 'adjustment',
        sourceId: null,
        userId: actor.userId,
      });
      await writeAudit(tx, actor, {
        kind: 'stock.corrected',
        recordType: 'item',
        recordId: item.item_id,
        before: { item_name: item.item_name, date: input.log_date, [field]: current },
        after: { item_name: item.item_name, date: input.log_date, [field]: value, notes: input.notes },
      });
    });
    const [log] = await repo.itemHistory(actor.tenantId, item.item_id, input.log_date, input.log_date);
    return { success: true, message: 'Inventory updated', log };
  }

  async function itemHistory(actor: TActor, itemId: number, days: number) {
    const item = await scope.requireItem(actor, itemId);
    const today = businessDate();
    return repo.itemHistory(actor.tenantId, item.item_id, daysBefore(today, days), today, true);
  }

  async function deleteItem(actor: TActor, itemId: number) {
    const item = await scope.requireItem(actor, itemId);
    await deps.db.transaction(async (tx) => {
      await createStockScope(tx).items.softDelete(actor.tenantId, item.item_id);
      await writeAudit(tx, actor, {
        kind: 'item.deleted',
        recordType: 'item',
        recordId: item.item_id,
        before: item,
      });
    });
    return { msg: `${item.item_name} deleted` };
  }

  return {
    dailyLogs,
    returnItem,
    updateDay,
    itemHistory,
    deleteItem,
    async lowStock(actor: TActor, warehouseName?: string | null) {
      const list = await scope.items.lowStock(actor.tenantId, await scope.warehouseIds(actor, warehouseName));
      return list.map((item) => ({
        item_id: item.item_id,
        item_name: item.item_name,
        warehouse_name: item.warehouse_name,
        closing_balance: item.on_hand,
        reorder_level: item.reorder_level,
      }));
    },
    /** Every item of the caller's warehouses, or with `search` a page of those whose name contains its text. */
    async itemsMap(
      actor: TActor,
      warehouseName: string | null | undefined,
      search: { text: string; limit: number } | null,
    ) {
      const warehouseIds = await scope.warehouseIds(actor, warehouseName);
      return itemMap(
        search
          ? await scope.items.search(actor.tenantId, warehouseIds, search.text, search.limit)
          : await scope.items.inWarehouses(actor.tenantId, warehouseIds),
      );
    },
    async filter(
      actor: TActor,
      query: {
        start_date: string;
        end_date: string;
        item_name?: string | null;
        keyword?: string | null;
        page: number;
        warehouse_name?: string | null;
      },
    ) {
      return repo.filterLogs(actor.tenantId, await scope.warehouseIds(actor, query.warehouse_name), {
        start: query.start_date,
        end: query.end_date,
        itemName: query.item_name ?? null,
        keyword: query.keyword ?? null,
        limit: LOG_PAGE_SIZE,
        offset: (query.page - 1) * LOG_PAGE_SIZE,
      });
    },
    async reportSummary(
      actor: TActor,
      query: {
        period: 'Weekly' | 'Monthly' | 'Yearly';
        start_date: string;
        end_date: string;
        warehouse_name?: string | null;
      },
    ) {
      const unit = ({ Weekly: 'week', Monthly: 'month', Yearly: 'year' } as const)[query.period];
      return repo.reportSummary(actor.tenantId, await scope.warehouseIds(actor, query.warehouse_name), {
        unit,
        start: query.start_date,
        end: query.end_date,
      });
    },
    async recentAdjustments(actor: TActor, limit: number): Promise<TInventoryAdjustment[]> {
      const rows = await repo.recentAdjustments(actor.tenantId, await scope.warehouseIds(actor), limit);
      const fieldOf = Object.fromEntries(
        Object.entries(UPDATE_FIELDS).map(([name, kind]) => [kind, name]),
      ) as Record<TStockKind, keyof typeof UPDATE_FIELDS>;
      return rows.map((row) => ({
        ...row,
        field: fieldOf[row.field],
        created_at: row.created_at.toISOString(),
      }));
    },
    async barcodeItem(actor: TActor, barcode: string, warehouseName?: string | null) {
      // A scan in a warehouse finds that warehouse's item (a barcode names the product in each of them).
      const allowed = await scope.warehouseIds(actor, warehouseName);
      const item = await scope.items.findByBarcode(actor.tenantId, barcode.trim(), allowed);
      if (!item) throw new AppError('not_found', 'Barcode not found');
      return {
        item_id: item.item_id,
        item_name: item.item_name,
        price: koboToNaira(item.price_kobo),
        warehouse_name: item.warehouse_name,
      };
    },
  };
}

export type TInventoryService = ReturnType<typeof createInventoryService>;
