import { businessDate } from '@app/domain/dates/business-date';
import { quadraticTrend, trendDirection, trendSentence } from '@app/domain/reports/trend';
import type { TSalesReport } from '@app/domain/schemas/sales';

const DAY_MS = 86_400_000;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The default range: the last 30 days, today (Lagos) included. */
export function last30Days(now: Date = new Date()): { start: string; end: string } {
  const end = businessDate(now);
  return { start: dateOf(dayNumber(end) - 29), end };
}

export type TDailyPoint = { date: string; total_sales: number; trend: number };

/**
 * One point per day from start to end (a day without sales is 0, so the trend sees the quiet days),
 * each with the quadratic trend's value for that day: never below 0, as no day sells less than nothing (the
 * curve fitted to a month with one busy day dips under the axis between its ends).
 */
export function dailySeries(
  timeseries: TSalesReport['timeseries'],
  start: string,
  end: string,
): TDailyPoint[] {
  const byDate = new Map(timeseries.map((point) => [point.sale_date, point.total_sales]));
  const first = dayNumber(start);
  const days = Math.max(0, dayNumber(end) - first + 1);
  const values = Array.from({ length: days }, (_, i) => byDate.get(dateOf(first + i)) ?? 0);
  const trend = quadraticTrend(values);
  return values.map((total_sales, i) => ({
    date: dateOf(first + i),
    total_sales,
    // Kobo precision is enough for a drawn line.
    trend: Math.max(0, Math.round(trend[i]! * 100) / 100),
  }));
}

/** "Sales increased over this period." and the like, from the filled daily values. */
export function trendText(points: readonly TDailyPoint[]): string {
  return trendSentence(trendDirection(points.map((point) => point.total_sales)));
}
