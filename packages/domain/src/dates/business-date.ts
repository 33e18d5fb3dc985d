/** Business dates are in Africa/Lagos time (WAT, UTC+1, no daylight saving). */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

const WAT_OFFSET_MS = 60 * 60 * 1000;

/** YYYY-MM-DD of an instant in Lagos (a fixed offset: cheaper than Intl on a path every sale takes). */
export function businessDate(instant: Date = new Date()): string {
  return new Date(instant.getTime() + WAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a business date (YYYY-MM-DD) starts in Lagos, `days` later. */
export function businessDayStart(date: string, days = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - WAT_OFFSET_MS + days * 24 * 60 * 60 * 1000);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A business date (YYYY-MM-DD) as people read it: 22 Nov 2026, as Intl writes it for en-NG (written out: the
 * first Intl formatter a page makes costs a cheap phone 100 to 200 ms).
 */
export function printDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Invalid date: ${date}`);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** The Lagos wall-clock time of an instant, 24-hour: 14:05. */
export function printTime(instant: Date): string {
  return new Date(instant.getTime() + WAT_OFFSET_MS).toISOString().slice(11, 16);
}
