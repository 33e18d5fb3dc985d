import type { TRoleName } from './catalogue.ts';

/**
 * Role templates (spec 1 §6: Sales 8, Inventory 5, Accountant 8, Manager 22, Read Only 6).
 * The spec does not list their contents; docs/decisions.md explains the choice.
 */
export const ROLE_TEMPLATES: Readonly<Record<TRoleName, readonly string[]>> = {
  Sales: [
    'dashboard.page.access',
    'sales.page.access',
    'sales.create.access',
    'sales.edit.access',
    'sales.report_tab.access',
    'customers.page.access',
    'customers.create.access',
    'customers.edit.access',
  ],
  Inventory: [
    'dashboard.page.access',
    'inventory.page.access',
    'inventory.create.access',
    'inventory.update.access',
    'restock.page.access',
  ],
  Accountant: [
    'dashboard.page.access',
    'dashboard.analytics.access',
    'sales.report_tab.access',
    'reports.page.access',
    'admin_review.page.access',
    'expenses.page.access',
    'expenses.edit.access',
    'expenses.payment.access',
  ],
  Manager: [
    'dashboard.page.access',
    'dashboard.analytics.access',
    'dashboard.kpi.access',
    'sales.page.access',
    'sales.create.access',
    'sales.edit.access',
    'sales.report_tab.access',
    'sales.delete_button.access',
    'sales.export.access',
    'inventory.page.access',
    'inventory.create.access',
    'inventory.update.access',
    'inventory.delete_button.access',
    'inventory.export.access',
    'customers.page.access',
    'customers.create.access',
    'customers.edit.access',
    'customers.delete.access',
    'customers.export.access',
    'expenses.page.access',
    'expenses.payment.access',
    'employees.page.access',
  ],
  'Read Only': [
    'dashboard.page.access',
    'sales.page.access',
    'inventory.page.access',
    'customers.page.access',
    'reports.page.access',
    'employees.page.access',
  ],
};
