import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

/** Sales, items and customers have no tables until their issues land; their figures are 0 until then. */
export function createDashboardService(deps: { db: Database }) {
  const repo = createDashboardRepository(deps.db);
  return {
    async stats(actor: TActor) {
      return {
        total_sales: 0,
        inventory_items: 0,
        active_customers: 0,
        employees: await repo.employeeCount(actor.tenantId),
      };
    },
  };
}

export type TDashboardService = ReturnType<typeof createDashboardService>;
