import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/index.ts';

export function createDashboardRepository(db: Executor) {
  return {
    async employeeCount(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'employee')));
      return row?.n ?? 0;
    },
  };
}
