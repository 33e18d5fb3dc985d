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

const PRINTED = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** A business date (YYYY-MM-DD) as people read it: 22 Nov 2026. */
export const printDate = (date: string): string => PRINTED.format(new Date(`${date}T00:00:00Z`));
