import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

/** Sales and customers have no tables until their issue lands; their figures are 0 until then. */
export function createDashboardService(deps: { db: Database }) {
  const repo = createDashboardRepository(deps.db);
  return {
    async stats(actor: TActor) {
      const [inventoryItems, employees] = await Promise.all([
        repo.itemCount(actor.tenantId),
        repo.employeeCount(actor.tenantId),
      ]);
      return { total_sales: 0, inventory_items: inventoryItems, active_customers: 0, employees };
    },
  };
}

export type TDashboardService = ReturnType<typeof createDashboardService>;
