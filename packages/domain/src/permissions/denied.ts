/**
 * What a person is told when a key they lack stops an action (spec 2 §5, spec 3 §5: "You do not have
 * permission to …"). The server answers a refused call with the action's own words; the screens show the
 * same words before they call.
 */
export const DENIED_MESSAGES = {
  'sales.create.access': 'You do not have permission to record sales or proforma invoices.',
  'sales.delete_button.access': 'You do not have permission to delete sales.',
  'sales.delete_proforma.access': 'You do not have permission to delete proforma invoices.',
  'sales.report_tab.access': 'You do not have permission to view the sales report.',
  'sales.export.access': 'You do not have permission to export sales data.',
  'inventory.create.access': 'You do not have permission to add items or warehouses.',
  'inventory.update.access': 'You do not have permission to return items to stock.',
  'inventory.delete_button.access': 'You do not have permission to delete inventory items.',
  'inventory.export.access': 'You do not have permission to export inventory data.',
  'customers.create.access': 'You do not have permission to add customers',
  'customers.edit.access': 'You do not have permission to edit customers',
  'customers.delete.access': 'You do not have permission to delete customers',
  'customers.export.access': 'You do not have permission to export customer data',
  'requisitions.approve': 'You do not have permission to approve requisitions',
  'requisitions.reject': 'You do not have permission to reject requisitions',
  'requisitions.delete': 'You do not have permission to delete requisitions',
  'requisitions.update_remark': 'You do not have permission to update remarks',
} as const;

/** The general refusal, for keys without words of their own. */
export const DENIED = 'You do not have permission to access this resource';

/** The words for a call that needed one of `keys` (the first that has its own). */
export function deniedMessage(keys: readonly string[]): string {
  for (const key of keys) {
    if (key in DENIED_MESSAGES) return DENIED_MESSAGES[key as keyof typeof DENIED_MESSAGES];
  }
  return DENIED;
}
