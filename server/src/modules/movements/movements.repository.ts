import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { TTransferType } from '@app/domain/schemas/movements';
import type { Executor } from '../../platform/db/client.ts';
import { items, stockMovements, warehouses } from '../../platform/db/schema/index.ts';
import { containsText } from '../../platform/db/search.ts';
import type { TLedgerWrites, TLockedItem } from '../inventory/index.ts';
import { MOVEMENT_ENDS, WRITE_MOVEMENT, type TMovementValues } from './movement-statements.ts';

/** What a movement names: its warehouses and items, as the request gives them. */
export type TMovementEnds = {
  source: string;
  destination: string | null;
  itemId: number | null;
  itemName: string | null;
  /** The destination item's name; the source item's when null. */
  itemNameTo: string | null;
};

/** A warehouse a movement names (one the caller may use), with its item of the movement when it has one. */
type TEndRow = {
  warehouseId: number;
  warehouseName: string;
  item_id: number | null;
  item_name: string;
  price_kobo: number;
  barcode: string | null;
  reorder_level: number;
  description: string | null;
};

export type TMovementEnd = {
  warehouseId: number;
  warehouseName: string;
  item: {
    item_id: number;
    item_name: string;
    price_kobo: number;
    barcode: string | null;
    reorder_level: number;
    description: string | null;
  } | null;
};

const fromItems = alias(items, 'from_items');
const toItems = alias(items, 'to_items');
const fromStores = alias(warehouses, 'from_stores');
const toStores = alias(warehouses, 'to_stores');

export type TMovementFilter = {
  /** The warehouses the caller may see: a movement touching none of them is not listed. */
  warehouseIds: readonly number[];
  type: TTransferType | null;
  search: string | null;
  start: string | null;
  end: string | null;
};

const rowColumns = {
  id: stockMovements.id,
  publicId: stockMovements.publicId,
  transferType: stockMovements.transferType,
  itemNameFrom: fromItems.name,
  itemNameTo: toItems.name,
  fromStore: fromStores.name,
  toStore: toStores.name,
  quantity: stockMovements.quantity,
  issuedBy: stockMovements.issuedBy,
  receivedBy: stockMovements.receivedBy,
  customerName: stockMovements.customerName,
  movementDate: stockMovements.movementDate,
  status: stockMovements.status,
  notes: stockMovements.notes,
  createdAt: stockMovements.createdAt,
};

export type TMovementRow = {
  id: number;
  publicId: string;
  transferType: TTransferType;
  itemNameFrom: string;
  itemNameTo: string | null;
  fromStore: string;
  toStore: string | null;
  quantity: number;
  issuedBy: string;
  receivedBy: string | null;
  customerName: string | null;
  movementDate: string;
  status: string;
  notes: string | null;
  createdAt: Date;
};

function filterOf(tenantId: number, filter: TMovementFilter): SQL {
  const ids = [...filter.warehouseIds];
  const search = filter.search?.trim();
  return and(
    eq(stockMovements.tenantId, tenantId),
    or(inArray(stockMovements.fromWarehouseId, ids), inArray(stockMovements.toWarehouseId, ids)),
    filter.type ? eq(stockMovements.transferType, filter.type) : undefined,
    filter.start ? gte(stockMovements.movementDate, filter.start) : undefined,
    filter.end ? lte(stockMovements.movementDate, filter.end) : undefined,
    search
      ? or(
          containsText(fromItems.name, search),
          containsText(toItems.name, search),
          containsText(stockMovements.issuedBy, search),
          containsText(stockMovements.receivedBy, search),
          containsText(stockMovements.customerName, search),
          containsText(stockMovements.notes, search),
        )
      : undefined,
  )!;
}

export function createMovementsRepository(db: Executor) {
  const selectRows = () =>
    db
      .select(rowColumns)
      .from(stockMovements)
      .innerJoin(fromItems, eq(fromItems.id, stockMovements.fromItemId))
      .innerJoin(fromStores, eq(fromStores.id, stockMovements.fromWarehouseId))
      .leftJoin(toItems, eq(toItems.id, stockMovements.toItemId))
      .leftJoin(toStores, eq(toStores.id, stockMovements.toWarehouseId));

  return {
    /**
     * In one statement (MOVEMENT_ENDS): the source and destination warehouses (those the caller may use), the
     * movement's item in each (the source item by id or name, the destination item by its name there), and the
     * lock on those items, taken in id order as the ledger takes it (the caller hands `locked` to
     * `ledger.hold`); with the movement's id and the transaction's clock, for `write`.
     */
    async endsLocked(
      tenantId: number,
      employeeId: number | null,
      want: TMovementEnds,
    ): Promise<{ ends: TMovementEnd[]; locked: TLockedItem[]; movementId: number; now: Date }> {
      const statement = want.itemId ? MOVEMENT_ENDS.byId : MOVEMENT_ENDS.byName;
      const [row] = await statement.run<{
        ends: TEndRow[] | null;
        locked: TLockedItem[] | null;
        movementId: number;
        now: string;
      }>(db, { tenantId, employeeId, ...want });
      const ends = (row?.ends ?? []).map(({ warehouseId, warehouseName, item_id, ...item }) => ({
        warehouseId,
        warehouseName,
        item: item_id === null ? null : { ...item, item_id, price_kobo: Number(item.price_kobo) },
      }));
      return { ends, locked: row?.locked ?? [], movementId: row!.movementId, now: new Date(row!.now) };
    },

    /**
     * Writes the movement (with the id endsLocked took), its ledger entries (LEDGER_WRITES, or none when the
     * caller posts them through the ledger after) and its audit entry, in one statement (WRITE_MOVEMENT).
     */
    async write(values: TMovementValues, ledgerWrites: TLedgerWrites): Promise<void> {
      await WRITE_MOVEMENT.run(db, Object.assign({}, ledgerWrites, values));
    },

    async find(tenantId: number, id: number): Promise<TMovementRow | null> {
      const [row] = await selectRows().where(
        and(eq(stockMovements.tenantId, tenantId), eq(stockMovements.id, id)),
      );
      return row ?? null;
    },

    /** Newest first; with the count of every match when asked. */
    async list(
      tenantId: number,
      filter: TMovementFilter,
      page: { limit: number; offset: number; count: boolean },
    ) {
      if (filter.warehouseIds.length === 0) return { rows: [], total: page.count ? 0 : null };
      const where = filterOf(tenantId, filter);
      const rows = await selectRows()
        .where(where)
        .orderBy(desc(stockMovements.movementDate), desc(stockMovements.id))
        .limit(page.limit)
        .offset(page.offset);
      const total = page.count
        ? ((
            await db
              .select({ n: count() })
              .from(stockMovements)
              .innerJoin(fromItems, eq(fromItems.id, stockMovements.fromItemId))
              .leftJoin(toItems, eq(toItems.id, stockMovements.toItemId))
              .where(where)
          )[0]?.n ?? 0)
        : null;
      return { rows, total };
    },
  };
}
