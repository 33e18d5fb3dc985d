import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { items, users } from '../../platform/db/schema/index.ts';

export function createDashboardRepository(db: Executor) {
  return {
    async employeeCount(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'employee')));
      return row?.n ?? 0;
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
