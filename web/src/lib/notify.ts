/** The one way a screen tells the user how an action went: a toast, green or red, gone after 3 s. */
import { notifications } from '@mantine/notifications';
import { ApiError, detailToMessage, errorMessage } from './api-client';

/** Toasts close after 3000 ms (spec 1 §9, spec 3 §9); the shell places them top-right. */
export const TOAST_MS = 3000;
/** The Restock screen's toasts stay 5000 ms (spec 3 §9). */
export const RESTOCK_TOAST_MS = 5000;

export function notifySuccess(message: string, autoClose = TOAST_MS): void {
  notifications.show({ color: 'green', message, autoClose });
}

/** Neither good nor bad news: "No items found in Lekki". */
export function notifyInfo(message: string, autoClose = TOAST_MS): void {
  notifications.show({ color: 'blue', message, autoClose });
}

export function notifyFailure(message: string, autoClose = TOAST_MS): void {
  notifications.show({ color: 'red', message, autoClose });
}

/** The server's detail when there is one, else the screen's own words. */
export function notifyError(error: unknown, fallback: string, autoClose = TOAST_MS): void {
  notifyFailure(errorMessage(error, fallback), autoClose);
}

/**
 * "Failed to create sale: Insufficient stock for Rice 50kg: 3 left" (the server's detail, or the network
 * failure), or the prefix alone when the server gave no detail.
 */
export function failureText(prefix: string, error: unknown): string {
  const detail = error instanceof ApiError ? detailToMessage(error.detail) : errorMessage(error, '');
  return detail ? `${prefix}: ${detail}` : prefix;
}
