import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
/** The Requisitions screen's words (spec 3 §5, §8, §9). */
export const REQUISITION_TEXT = {
  saveFailure: 'Failed to save requisition',
  listFailure: 'Failed to fetch requisitions',
  filterFailure: 'Failed to filter requisitions',
  approveFailure: 'Failed to approve requisition',
  rejectFailure: 'Failed to reject requisition',
  deleteFailure: 'Failed to delete requisition',
  remarkFailure: 'Failed to update remark',
  exportFailure: 'Failed to export data',
  warehousesFailure: 'Failed to load warehouses',
  itemsFailure: 'Failed to load inventory items',
  noRequisitions: 'No requisitions found',
  noRecords: 'No records found',
  noWarehouses: 'No warehouses available. Ask the MD to open a warehouse to you, or add one under Restock.',
  confirmDelete: 'Delete this requisition? An approved one’s stock goes back to the warehouse.',
} as const;

/** "You do not have permission to …" (spec 3 §5), by action. */
export const DENIED = {
  approve: DENIED_MESSAGES['requisitions.approve'],
  reject: DENIED_MESSAGES['requisitions.reject'],
  delete: DENIED_MESSAGES['requisitions.delete'],
  remark: DENIED_MESSAGES['requisitions.update_remark'],
} as const;

/** Spec 3 §4: the form goes back to the list 2.5 s after a save. */
export const BACK_TO_LIST_MS = 2500;
