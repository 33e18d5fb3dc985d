import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { customers, items, sales, users } from '../../platform/db/schema/index.ts';

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
    async totalSalesKobo(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string | null>`sum(${sales.grandTotalKobo})` })
        .from(sales)
        .where(and(eq(sales.tenantId, tenantId), isNull(sales.deletedAt)));
      return Number(row?.total ?? 0);
    },

    async itemCount(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(items)
        .where(and(eq(items.tenantId, tenantId), isNull(items.deletedAt)));
      return row?.n ?? 0;
    },
  };
}
