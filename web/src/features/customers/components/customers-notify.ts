import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { ApiError } from '../../../lib/api-client';
import { failureText, notifyFailure } from '../../../lib/notify';
import { isSubscriptionBlockDetail } from '../../../lib/subscription-block';

export const CUSTOMER_PERMISSIONS = {
  create: 'customers.create.access',
  edit: 'customers.edit.access',
  delete: 'customers.delete.access',
  export: 'customers.export.access',
} as const;

/** Spec 2 §5 and §8, word for word. */
export const CUSTOMER_MESSAGES = {
  added: 'Customer added',
  updated: 'Customer updated',
  deleted: 'Customer deleted',
  addFailed: 'Failed to add customer',
  updateFailed: 'Failed to update customer',
  deleteFailed: 'Failed to delete customer',
  downloadFailed: 'Failed to download customer data',
  fetchFailed: 'Failed to fetch customers',
  editDenied: DENIED_MESSAGES['customers.edit.access'],
  deleteDenied: DENIED_MESSAGES['customers.delete.access'],
  exportDenied: DENIED_MESSAGES['customers.export.access'],
  confirmDelete: 'Delete customer? This cannot be undone.',
} as const;

export { failureText, notifySuccess as notifyCustomerSuccess } from '../../../lib/notify';

/**
 * A 403 that is not a subscription block means the key was taken away since sign-in: the screen's
 * own permission message says so plainly.
 */
export function notifyCustomerError(error: unknown, prefix: string, denied: string): void {
  const forbidden =
    error instanceof ApiError && error.status === 403 && !isSubscriptionBlockDetail(error.message);
  notifyFailure(forbidden ? denied : failureText(prefix, error));
}
