import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { containsText, startsWithFirst } from '../../platform/db/search.ts';
import { items, warehouses } from '../../platform/db/schema/index.ts';

export type TItem = {
  item_id: number;
  item_name: string;
  price_kobo: number;
  /** The item's floor for staff selling below its price (issue 17 §4); null: none. */
  min_price_kobo: number | null;
  barcode: string | null;
  reorder_level: number;
  description: string | null;
  on_hand: number;
  warehouse_id: number;
  warehouse_name: string;
};

const columns = {
  item_id: items.id,
  item_name: items.name,
  price_kobo: items.priceKobo,
  min_price_kobo: items.minPriceKobo,
  barcode: items.barcode,
  reorder_level: items.reorderLevel,
  description: items.description,
  on_hand: items.onHand,
  warehouse_id: items.warehouseId,
  warehouse_name: warehouses.name,
};

const live = (tenantId: number) => and(eq(items.tenantId, tenantId), isNull(items.deletedAt));

export function createItemsRepository(db: Executor) {
  const select = () =>
    db.select(columns).from(items).innerJoin(warehouses, eq(warehouses.id, items.warehouseId));

  return {
    async findById(tenantId: number, itemId: number): Promise<TItem | null> {
      const [row] = await select().where(and(live(tenantId), eq(items.id, itemId)));
      return row ?? null;
    },

    async findByName(tenantId: number, warehouseId: number, name: string): Promise<TItem | null> {
      const [row] = await select().where(
        and(
          live(tenantId),
          eq(items.warehouseId, warehouseId),
          sql`lower(${items.name}) = lower(${name.trim()})`,
        ),
      );
      return row ?? null;
    },

    /** Items of one warehouse by id or by name (case-insensitive), in one query. */
    async findManyInWarehouse(
      tenantId: number,
      warehouseId: number,
      ids: readonly number[],
      names: readonly string[],
    ) {
      const byId = ids.length > 0 ? inArray(items.id, [...ids]) : undefined;
      const byName =
        names.length > 0
          ? inArray(
              sql`lower(${items.name})`,
              names.map((n) => n.trim().toLowerCase()),
            )
          : undefined;
      if (!byId && !byName) return [];
      return select().where(and(live(tenantId), eq(items.warehouseId, warehouseId), or(byId, byName)));
    },

    /** The item carrying a barcode in one of the warehouses (the first by warehouse name when several do). */
    async findByBarcode(
      tenantId: number,
      barcode: string,
      warehouseIds: readonly number[],
    ): Promise<TItem | null> {
      if (warehouseIds.length === 0) return null;
      const [row] = await select()
        .where(and(live(tenantId), eq(items.barcode, barcode), inArray(items.warehouseId, [...warehouseIds])))
        .orderBy(asc(warehouses.name))
        .limit(1);
      return row ?? null;
    },

    inWarehouses(tenantId: number, warehouseIds: readonly number[]): Promise<TItem[]> {
      if (warehouseIds.length === 0) return Promise.resolve([]);
      return select()
        .where(and(live(tenantId), inArray(items.warehouseId, [...warehouseIds])))
        .orderBy(asc(items.name), asc(warehouses.name));
    },

    /** A page of the warehouses' items whose name contains `text` (any case), those starting with it first. */
    search(tenantId: number, warehouseIds: readonly number[], text: string, limit: number): Promise<TItem[]> {
      if (warehouseIds.length === 0) return Promise.resolve([]);
      return select()
        .where(
          and(
            live(tenantId),
            inArray(items.warehouseId, [...warehouseIds]),
            text ? containsText(items.name, text) : undefined,
          ),
        )
        .orderBy(...(text ? [startsWithFirst(items.name, text)] : []), asc(items.name), asc(warehouses.name))
        .limit(limit);
    },

    lowStock(tenantId: number, warehouseIds: readonly number[]): Promise<TItem[]> {
      if (warehouseIds.length === 0) return Promise.resolve([]);
      return select()
        .where(
          and(
            live(tenantId),
            inArray(items.warehouseId, [...warehouseIds]),
            sql`${items.onHand} <= ${items.reorderLevel}`,
          ),
        )
        .orderBy(asc(items.onHand), asc(items.name));
    },

    async insert(item: {
      tenantId: number;
      warehouseId: number;
      name: string;
      priceKobo: number;
      minPriceKobo?: number | null;
      barcode: string | null;
      reorderLevel: number;
      description: string | null;
    }): Promise<number> {
      const [row] = await db
        .insert(items)
        .values({ ...item, name: item.name.trim() })
        .returning({ id: items.id });
      return row!.id;
    },

    async update(
      tenantId: number,
      itemId: number,
      changes: { priceKobo?: number; minPriceKobo?: number | null; barcode?: string | null },
    ) {
      await db
        .update(items)
        .set(changes)
        .where(and(live(tenantId), eq(items.id, itemId)));
    },

    async softDelete(tenantId: number, itemId: number): Promise<void> {
      await db
        .update(items)
        .set({ deletedAt: new Date() })
        .where(and(live(tenantId), eq(items.id, itemId)));
    },
  };
}

export type TItemsRepository = ReturnType<typeof createItemsRepository>;
