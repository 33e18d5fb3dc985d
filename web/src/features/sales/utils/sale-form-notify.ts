import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client';

const TOAST_MS = 5000;

export function notifySaleSuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: TOAST_MS });
}

export function notifySaleError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: TOAST_MS });
}

/** "Failed to create sale: Insufficient stock for Rice 50kg: 3 left" (spec 2 §8: the server's detail). */
export function failureText(prefix: string, error: unknown): string {
  const detail = errorMessage(error, '');
  return detail ? `${prefix}: ${detail}` : prefix;
}
