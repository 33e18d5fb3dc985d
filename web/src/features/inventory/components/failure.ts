import { errorMessage } from '../../../lib/api-client';

/** Spec 2 §8: "Failed to filter: {server detail}", or the prefix alone when there is no detail. */
export function failureText(prefix: string, error: unknown): string {
  const detail = errorMessage(error, '');
  return detail ? `${prefix}: ${detail}` : prefix;
}
