import { koboToNaira } from '@app/domain/money/money';
import type { TActor } from '../../platform/auth/access.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import type { Database } from '../../platform/db/client.ts';
import { employeeScope } from '../warehouses/index.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

/**
 * Who sees which figure: the dashboard's KPI key shows all four; otherwise each figure needs the key of
 * the screen it sums (total sales: the sales report tab). A figure the caller may not see is null. An
 * employee's sales and items are those of the warehouses open to them, as on their Sales and Inventory screens.
 */
const FIGURE_KEYS = {
  total_sales: 'sales.report_tab.access',
  inventory_items: 'inventory.page.access',
  active_customers: 'customers.page.access',
  employees: 'employees.page.access',
} as const;

/** The dashboard's four figures: sales in naira, live items, customers in the list, employees. */
export function createDashboardService(deps: { db: Database }) {
  const repo = createDashboardRepository(deps.db);
  return {
    async stats(actor: TActor) {
      const may = (figure: keyof typeof FIGURE_KEYS) =>
        actorHas(actor, 'dashboard.kpi.access') || actorHas(actor, FIGURE_KEYS[figure]);
      const [totalSalesKobo, inventoryItems, activeCustomers, employees] = await Promise.all([
        may('total_sales') ? repo.totalSalesKobo(actor.tenantId, employeeScope(actor)) : null,
        may('inventory_items') ? repo.itemCount(actor.tenantId, employeeScope(actor)) : null,
        may('active_customers') ? repo.customerCount(actor.tenantId) : null,
        may('employees') ? repo.employeeCount(actor.tenantId) : null,
      ]);
      return {
        total_sales: totalSalesKobo === null ? null : koboToNaira(totalSalesKobo),
        inventory_items: inventoryItems,
        active_customers: activeCustomers,
        employees,
      };
    },
  };
}

export type TDashboardService = ReturnType<typeof createDashboardService>;
