/** Business dates are in Africa/Lagos time (WAT, UTC+1, no daylight saving). */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

const ISO_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of an instant in Lagos. */
export function businessDate(instant: Date = new Date()): string {
  return ISO_DATE.format(instant);
}
