import { and, count, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { customers, items, sales, users, warehouses } from '../../platform/db/schema/index.ts';
import { visibleTo } from '../warehouses/index.ts';

/** An employee's figures count only the warehouses open to them (the MD's, `employeeId` null, every one). */
const inTheirWarehouses = (column: AnyColumn, tenantId: number, employeeId: number | null) =>
  employeeId === null
    ? undefined
    : sql`${column} in (select ${warehouses.id} from ${warehouses} where ${visibleTo(tenantId, employeeId)})`;

export function createDashboardRepository(db: Executor) {
  return {
    async employeeCount(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'employee'), isNull(users.removedAt)));
      return row?.n ?? 0;
    },

    async customerCount(tenantId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(customers).where(eq(customers.tenantId, tenantId));
      return row?.n ?? 0;
    },

    /** Σ grand totals of live sales, in kobo. */
    async totalSalesKobo(tenantId: number, employeeId: number | null): Promise<number> {
      const [row] = await db
        .select({ total: sql<string | null>`sum(${sales.grandTotalKobo})` })
        .from(sales)
        .where(
          and(
            eq(sales.tenantId, tenantId),
            isNull(sales.deletedAt),
            inTheirWarehouses(sales.warehouseId, tenantId, employeeId),
          ),
        );
      return Number(row?.total ?? 0);
    },

    async itemCount(tenantId: number, employeeId: number | null): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(items)
        .where(
          and(
            eq(items.tenantId, tenantId),
            isNull(items.deletedAt),
            inTheirWarehouses(items.warehouseId, tenantId, employeeId),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
