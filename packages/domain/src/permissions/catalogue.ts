/**
 * The permission catalogue (spec 1 §6). Each entry is a resource key an employee can be granted.
 * The MD passes every check and needs no grants.
 */
export const ROLE_NAMES = ['Sales', 'Inventory', 'Accountant', 'Manager', 'Read Only'] as const;
export type TRoleName = (typeof ROLE_NAMES)[number];

export type TPermission = {
  resource_key: string;
  name: string;
  description: string;
  category: string;
  /** Roles the catalogue recommends this key for; "MD" marks keys reserved to the owner. */
  recommended_roles: readonly (TRoleName | 'MD' | 'All')[];
};

const entry = (
  resource_key: string,
  name: string,
  description: string,
  recommended_roles: TPermission['recommended_roles'],
): TPermission => ({
  resource_key,
  name,
  description,
  category: resource_key.split('.')[0] ?? resource_key,
  recommended_roles,
});

export const PERMISSION_CATALOGUE: readonly TPermission[] = [
  entry('dashboard.page.access', 'Dashboard', 'Open the dashboard overview', ['All']),
  entry('dashboard.analytics.access', 'Dashboard analytics', 'See analytics on the dashboard', [
    'Accountant',
    'Manager',
  ]),
  entry('dashboard.kpi.access', 'Dashboard KPIs', 'See key performance indicators', ['Manager']),

  entry('sales.page.access', 'Sales page', 'Open the Sales screen', ['Sales', 'Manager']),
  entry('sales.create.access', 'Create sales', 'Record sales and proforma invoices', ['Sales', 'Manager']),
  entry('sales.edit.access', 'Edit sales', 'Record payments against sales', ['Sales', 'Manager']),
  entry('sales.report_tab.access', 'Sales report tab', 'Open the sales Report tab', [
    'Sales',
    'Manager',
    'Accountant',
  ]),
  entry('sales.delete_button.access', 'Delete sales', 'Delete recorded sales', ['Manager']),
  entry('sales.export.access', 'Export sales', 'Download sales as CSV', ['Manager']),
  entry('sales.backdate.access', 'Backdate sales', 'Record a sale on an earlier date', []),
  entry('sales.delete_proforma.access', 'Delete proforma invoices', 'Delete proforma invoices', []),
  entry('sales.connect_pos.access', 'Connect POS or account', 'Open POS and bank connection settings', []),
  entry('sales.invoice_override.access', 'Skip invoice upload', 'Record a sale without an invoice file', []),
  entry(
    'sales.price_override.access',
    'Sell below price',
    'Sell an item below its price on a sale or proforma (never below its minimum price)',
    [],
  ),
  entry(
    'sales.discount.access',
    'Give discounts',
    'Give a discount on a sale or proforma (up to the business’s maximum discount)',
    [],
  ),

  entry('inventory.page.access', 'Inventory page', 'Open the Inventory screen', ['Inventory', 'Manager']),
  entry('inventory.create.access', 'Create inventory', 'Add items and warehouses', ['Inventory', 'Manager']),
  entry('inventory.update.access', 'Update inventory', 'Return items to stock', ['Inventory', 'Manager']),
  entry('inventory.delete_button.access', 'Delete inventory items', 'Delete items', ['Manager']),
  entry('inventory.export.access', 'Export inventory', 'Download inventory as CSV', ['Manager']),
  entry(
    'inventory.edit_button.access',
    'Edit past inventory',
    'Correct supplied, stock out or returned for a past day',
    [],
  ),

  entry('customers.page.access', 'Customers page', 'Open the Customers screen', ['Sales', 'Manager']),
  entry('customers.create.access', 'Create customers', 'Add customers', ['Sales', 'Manager']),
  entry('customers.edit.access', 'Edit customers', 'Edit customers', ['Sales', 'Manager']),
  entry('customers.delete.access', 'Delete customers', 'Delete customers', ['Manager']),
  entry('customers.export.access', 'Export customers', 'Download the customer list', ['Manager']),

  entry('reports.page.access', 'Reports', 'Open reports', ['Accountant', 'Manager']),
  entry('reports.sales.access', 'Sales reports', 'See sales reports', ['Accountant', 'Manager']),
  entry('reports.financial.access', 'Financial reports', 'See financial reports', ['Accountant', 'Manager']),
  entry('reports.inventory.access', 'Inventory reports', 'See inventory reports', ['Manager']),
  entry('reports.export.access', 'Export reports', 'Download reports', ['Manager']),

  entry('restock.page.access', 'Restock', 'Open the Restock screen and record purchases', []),
  entry('restock.delete.access', 'Delete purchases', 'Delete a purchase: its stock and payments go', []),
  entry('expenses.page.access', 'Expenses', 'Open the Expenses screen and record expenses', [
    'Accountant',
    'Manager',
  ]),
  entry('expenses.edit.access', 'Edit expenses', 'Change a recorded expense', ['Accountant']),
  entry('expenses.payment.access', 'Pay expenses', 'Record a payment against an expense', [
    'Accountant',
    'Manager',
  ]),
  entry('expenses.delete.access', 'Delete expenses', 'Delete an expense and its payments', []),
  entry('requisitions.page.access', 'Requisitions', 'Open the Requisitions screen', []),
  entry('requisitions.approve', 'Approve requisitions', 'Approve requisitions', []),
  entry('requisitions.reject', 'Reject requisitions', 'Reject requisitions', []),
  entry('requisitions.delete', 'Delete requisitions', 'Delete requisitions', []),
  entry('requisitions.update_remark', 'Remark on requisitions', 'Update a requisition remark', []),
  entry('stock_movement.page.access', 'Stock movement', 'Open B2B stock movement', []),
  entry('vendors.page.access', 'Vendors', 'Open the vendor marketplace', []),
  entry('admin_review.page.access', 'Admin review', 'Open the admin review screen', ['Accountant']),

  entry('employees.page.access', 'Employees', 'See the employee list', ['Manager']),
  entry('employees.view_permissions.access', 'View permissions', 'See employee permissions', ['Manager']),
  entry('employees.manage.access', 'Manage employees', 'Open employee management on the dashboard', []),
  entry('employees.create.access', 'Create employees', 'Create employee accounts', ['MD']),
  entry('employees.edit.access', 'Edit employees', 'Edit employee accounts', ['MD']),
  entry('employees.delete.access', 'Delete employees', 'Delete employee accounts', ['MD']),
  entry('employees.manage_permissions.access', 'Manage permissions', 'Grant and revoke permissions', ['MD']),

  entry('settings.page.access', 'Settings', 'Open Settings', ['MD']),
  entry('settings.edit.access', 'Edit settings', 'Change business settings', ['MD']),
  entry('settings.delete.access', 'Delete settings', 'Delete settings records', ['MD']),
  entry('admin.full_access', 'Full access', 'Everything the MD can do', ['MD']),
];

const MD_ONLY = 'Only the MD does this: granting it to an employee changes nothing.';
const NO_SCREEN = 'No screen checks this yet: granting it changes nothing today.';

/**
 * What Manage Access says beside a key whose grant does not do what its name suggests. The catalogue is the
 * spec's (spec 1 §6), so these keys stay in it; the MD is told rather than left to find out.
 */
export const GRANT_NOTES: Readonly<Partial<Record<string, string>>> = {
  'employees.create.access': MD_ONLY,
  'employees.edit.access': MD_ONLY,
  'employees.delete.access': MD_ONLY,
  'employees.manage_permissions.access': MD_ONLY,
  'employees.manage.access': MD_ONLY,
  'admin.full_access':
    'Every screen and action, except what only the MD does: employees and their access, billing, bank links, company details, the access code, the audit trail and Vendor Admin.',
  'dashboard.analytics.access': NO_SCREEN,
  'reports.page.access': NO_SCREEN,
  'reports.sales.access': NO_SCREEN,
  'reports.financial.access': NO_SCREEN,
  'reports.inventory.access': NO_SCREEN,
  'reports.export.access': NO_SCREEN,
};

export type TPermissionKey = string;

const KEYS = new Set(PERMISSION_CATALOGUE.map((p) => p.resource_key));

export function isCatalogueKey(key: string): boolean {
  return KEYS.has(key);
}
