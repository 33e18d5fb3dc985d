import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthStart, planRange, type TRangePlan } from './months.ts';

const TODAY = '2026-11-26';

describe('planRange', () => {
  it('reads a year to today as twelve months and the days at its start', () => {
    expect(planRange('2025-11-26', TODAY, TODAY)).toEqual({
      months: [{ from: '2025-12-01', to: '2026-11-01', sign: 1 }],
      days: [{ from: '2025-11-26', to: '2025-11-30', sign: 1 }],
    });
  });

  it('reads a month less a few days as the month less those days', () => {
    expect(planRange('2026-01-04', '2026-03-10', TODAY)).toEqual({
      months: [
        { from: '2026-01-01', to: '2026-01-01', sign: 1 },
        { from: '2026-02-01', to: '2026-02-01', sign: 1 },
      ],
      days: [
        { from: '2026-01-01', to: '2026-01-03', sign: -1 },
        { from: '2026-03-01', to: '2026-03-10', sign: 1 },
      ],
    });
  });

  it('reads nothing for a range after today', () => {
    expect(planRange('2026-12-01', '2026-12-31', TODAY)).toEqual({ months: [], days: [] });
  });

  it('counts every day of any range once, and none after today', () => {
    const first = Date.UTC(2025, 0, 1);
    const day = fc
      .integer({ min: 0, max: 760 })
      .map((n) => new Date(first + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, day, (a, b, today) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const plan: TRangePlan = planRange(start, end, today);
        const count = new Map<string, number>();
        const add = (date: string, sign: number) => count.set(date, (count.get(date) ?? 0) + sign);
        const each = (from: string, to: string, visit: (date: string) => void) => {
          for (
            let d = from;
            d <= to;
            d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
          )
            visit(d);
        };
        for (const part of plan.days) each(part.from, part.to, (d) => add(d, part.sign));
        for (const part of plan.months)
          for (let m = part.from; m <= part.to; m = monthStart(m, 1))
            each(
              m,
              new Date(Date.parse(`${monthStart(m, 1)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
              (d) => add(d, part.sign),
            );
        const counted = [...count].filter(([d, n]) => n !== 0 && d <= today);
        const expected: [string, number][] = [];
        each(start, end < today ? end : today, (d) => expected.push([d, 1]));
        expect(counted.sort()).toEqual(expected);
      }),
    );
  });
});
