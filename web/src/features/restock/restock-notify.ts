import {
  notifyError as notifyErrorFor,
  notifyFailure,
  notifySuccess as notifySuccessFor,
  RESTOCK_TOAST_MS,
} from '../../lib/notify';

export { RESTOCK_TOAST_MS };

/** The Restock screen's toasts, which stay 5 s where every other screen's stay 3 s (spec 3 §9). */
export const notifySuccess = (message: string) => notifySuccessFor(message, RESTOCK_TOAST_MS);
export const notifyErrorText = (message: string) => notifyFailure(message, RESTOCK_TOAST_MS);
export const notifyError = (error: unknown, fallback: string) =>
  notifyErrorFor(error, fallback, RESTOCK_TOAST_MS);

export const WAREHOUSES_ERROR = 'Failed to fetch warehouses';
