import { reversedRangeError } from '../../../lib/date-range';

/** YYYY-MM-DD `days` calendar days before (negative: after) a business date. */
export function shiftDate(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() - days);
  return instant.toISOString().slice(0, 10);
}

/** End before start: the text shown under the end date. */
export function dateRangeError(start: string, end: string): string | null {
  if (!start) return 'Please choose a start date';
  if (!end) return 'Please choose an end date';
  return reversedRangeError(start, end);
}
