import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { warehouseAccess, warehouses } from '../../platform/db/schema/index.ts';

export type TWarehouse = { warehouse_id: number; warehouse_name: string; access_all: boolean };

const columns = {
  warehouse_id: warehouses.id,
  warehouse_name: warehouses.name,
  access_all: warehouses.accessAll,
};

/**
 * Warehouses an actor may use: all of the business's for the MD (no employee); open or granted ones for an
 * employee. Takes values, or placeholders for a hot statement.
 */
export function visibleTo(tenantId: number | Placeholder, employeeId: number | null | Placeholder): SQL {
  return sql`(${warehouses.tenantId} = ${tenantId}::int and (${employeeId}::int is null or ${warehouses.accessAll}
    or exists (select 1 from ${warehouseAccess} where ${warehouseAccess.warehouseId} = ${warehouses.id}
      and ${warehouseAccess.userId} = ${employeeId}::int)))`;
}

export function createWarehousesRepository(db: Executor) {
  return {
    list(tenantId: number, employeeId: number | null): Promise<TWarehouse[]> {
      return db
        .select(columns)
        .from(warehouses)
        .where(visibleTo(tenantId, employeeId))
        .orderBy(asc(warehouses.name));
    },

    async findByName(tenantId: number, employeeId: number | null, name: string): Promise<TWarehouse | null> {
      const [row] = await db
        .select(columns)
        .from(warehouses)
        .where(and(visibleTo(tenantId, employeeId), sql`lower(${warehouses.name}) = lower(${name.trim()})`));
      return row ?? null;
    },

    async findById(tenantId: number, employeeId: number | null, id: number): Promise<TWarehouse | null> {
      const [row] = await db
        .select(columns)
        .from(warehouses)
        .where(and(visibleTo(tenantId, employeeId), eq(warehouses.id, id)));
      return row ?? null;
    },

    async insert(tenantId: number, name: string, accessAll: boolean): Promise<TWarehouse> {
      const [row] = await db
        .insert(warehouses)
        .values({ tenantId, name: name.trim(), accessAll })
        .returning(columns);
      return row!;
    },

    async setAccessAll(tenantId: number, id: number, accessAll: boolean): Promise<void> {
      await db
        .update(warehouses)
        .set({ accessAll })
        .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, id)));
    },

    async grantedIds(tenantId: number, userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: warehouseAccess.warehouseId })
        .from(warehouseAccess)
        .where(and(eq(warehouseAccess.tenantId, tenantId), eq(warehouseAccess.userId, userId)));
      return rows.map((r) => r.id);
    },

    async replaceGrants(tenantId: number, userId: number, warehouseIds: readonly number[]): Promise<void> {
      await db
        .delete(warehouseAccess)
        .where(and(eq(warehouseAccess.tenantId, tenantId), eq(warehouseAccess.userId, userId)));
      if (warehouseIds.length > 0) {
        await db
          .insert(warehouseAccess)
          .values(warehouseIds.map((warehouseId) => ({ tenantId, userId, warehouseId })));
      }
    },
  };
}
