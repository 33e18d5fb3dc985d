import { businessDate } from '@app/domain/dates/business-date';

export type TDateRange = { start: string; end: string };

const DAY_MS = 86_400_000;

/** The last 30 business days, today included (Lagos has no daylight saving). */
export function last30Days(now: Date = new Date()): TDateRange {
  return { start: businessDate(new Date(now.getTime() - 29 * DAY_MS)), end: businessDate(now) };
}
