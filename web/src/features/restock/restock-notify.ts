import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/api-client';

/** Restock toasts close after 5000 ms (spec 3 §9); the shell places them top-right. */
export const RESTOCK_TOAST_MS = 5000;

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: RESTOCK_TOAST_MS });
}

/** The server's detail when there is one, else the screen's default (spec 3 §8). */
export function notifyError(error: unknown, fallback: string): void {
  notifications.show({ color: 'red', message: errorMessage(error, fallback), autoClose: RESTOCK_TOAST_MS });
}

export function notifyErrorText(message: string): void {
  notifications.show({ color: 'red', message, autoClose: RESTOCK_TOAST_MS });
}

export const WAREHOUSES_ERROR = 'Failed to fetch warehouses';
