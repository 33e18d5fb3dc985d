/**
 * How to read a range of dates (YYYY-MM-DD, both ends included) from rollups kept per month and per day
 * with the fewest rows: whole months from the month rollup, and each partial month either from its days
 * or as its month less the days outside the range, whichever reads fewer rows. Days after `today` hold
 * nothing (nothing is recorded in the future), so a month that runs to today counts as whole.
 */
export type TRangePart = { from: string; to: string; sign: 1 | -1 };

export type TRangePlan = {
  /** Month ranges: `from` and `to` are first days of months, both included. */
  months: TRangePart[];
  /** Day ranges, both ends included. */
  days: TRangePart[];
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const shift = (date: string, days: number) => dateOf(dayNumber(date) + days);

/** The first day of the month of `date`, `months` months later. */
export function monthStart(date: string, months = 0): string {
  const d = new Date(`${date}T00:00:00Z`);
  return dateOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) / DAY_MS);
}

const monthEnd = (date: string) => shift(monthStart(date, 1), -1);
const minDate = (a: string, b: string) => (a < b ? a : b);
const dayCount = (from: string, to: string) => Math.max(0, dayNumber(to) - dayNumber(from) + 1);

/** The days [from, to] of one month: themselves, or their month less the month's other days up to `today`. */
function partOfMonth(from: string, to: string, today: string, plan: TRangePlan) {
  const first = monthStart(from);
  const last = minDate(monthEnd(from), today);
  const outside = dayCount(first, shift(from, -1)) + dayCount(shift(to, 1), last);
  if (1 + outside < dayCount(from, to)) {
    plan.months.push({ from: first, to: first, sign: 1 });
    if (first < from) plan.days.push({ from: first, to: shift(from, -1), sign: -1 });
    if (to < last) plan.days.push({ from: shift(to, 1), to: last, sign: -1 });
  } else {
    plan.days.push({ from, to, sign: 1 });
  }
}

export function planRange(start: string, end: string, today: string): TRangePlan {
  const plan: TRangePlan = { months: [], days: [] };
  const last = minDate(end, today);
  if (last < start) return plan;
  if (monthStart(start) === monthStart(last)) {
    partOfMonth(start, last, today, plan);
    return plan;
  }
  const firstWhole = start === monthStart(start) ? start : monthStart(start, 1);
  const lastIsWhole = last === minDate(monthEnd(last), today);
  const afterWhole = lastIsWhole ? monthStart(last, 1) : monthStart(last);
  if (start < firstWhole) partOfMonth(start, monthEnd(start), today, plan);
  if (firstWhole < afterWhole)
    plan.months.push({ from: firstWhole, to: monthStart(afterWhole, -1), sign: 1 });
  if (!lastIsWhole) partOfMonth(monthStart(last), last, today, plan);
  return plan;
}
