/** The one way a screen tells the user how an action went: a toast, green or red, gone after 5 s. */
import { notifications } from '@mantine/notifications';
import { ApiError, detailToMessage, errorMessage } from './api-client';

/** Toasts close after 5000 ms (spec 2 §8, spec 3 §9); the shell places them top-right. */
export const TOAST_MS = 5000;

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: TOAST_MS });
}

/** Neither good nor bad news: "No items found in Lekki". */
export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: TOAST_MS });
}

export function notifyFailure(message: string): void {
  notifications.show({ color: 'red', message, autoClose: TOAST_MS });
}

/** The server's detail when there is one, else the screen's own words. */
export function notifyError(error: unknown, fallback: string): void {
  notifyFailure(errorMessage(error, fallback));
}

/**
 * "Failed to create sale: Insufficient stock for Rice 50kg: 3 left" (the server's detail, or the network
 * failure), or the prefix alone when the server gave no detail.
 */
export function failureText(prefix: string, error: unknown): string {
  const detail = error instanceof ApiError ? detailToMessage(error.detail) : errorMessage(error, '');
  return detail ? `${prefix}: ${detail}` : prefix;
}
