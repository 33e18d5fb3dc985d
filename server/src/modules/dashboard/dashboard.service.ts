import { koboToNaira } from '@app/domain/money/money';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

/** The dashboard's four figures: sales in naira, live items, customers in the list, employees. */
export function createDashboardService(deps: { db: Database }) {
  const repo = createDashboardRepository(deps.db);
  return {
    async stats(actor: TActor) {
      const [totalSalesKobo, inventoryItems, activeCustomers, employees] = await Promise.all([
        repo.totalSalesKobo(actor.tenantId),
        repo.itemCount(actor.tenantId),
        repo.customerCount(actor.tenantId),
        repo.employeeCount(actor.tenantId),
      ]);
      return {
        total_sales: koboToNaira(totalSalesKobo),
        inventory_items: inventoryItems,
        active_customers: activeCustomers,
        employees,
      };
    },
  };
}

export type TDashboardService = ReturnType<typeof createDashboardService>;
