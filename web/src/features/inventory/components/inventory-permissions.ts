export const INVENTORY_PERMISSIONS = {
  edit: 'inventory.edit_button.access',
  returnItem: 'inventory.update.access',
  delete: 'inventory.delete_button.access',
  export: 'inventory.export.access',
} as const;
