import { describe, expect, it } from 'vitest';
import { dailySeries, last30Days, trendText } from './report-series';

describe('report series', () => {
  it('fills every day of the range with 0 where there were no sales', () => {
    const points = dailySeries(
      [
        { sale_date: '2026-02-27', total_sales: 100 },
        { sale_date: '2026-03-02', total_sales: 400 },
      ],
      '2026-02-27',
      '2026-03-02',
    );
    expect(points.map((p) => [p.date, p.total_sales])).toEqual([
      ['2026-02-27', 100],
      ['2026-02-28', 0],
      ['2026-03-01', 0],
      ['2026-03-02', 400],
    ]);
  });

  it('fits the quadratic trend to the filled days and words its direction', () => {
    const rising = dailySeries(
      [0, 1, 2, 3, 4].map((i) => ({ sale_date: `2026-11-0${i + 1}`, total_sales: i * i * 100 })),
      '2026-11-01',
      '2026-11-05',
    );
    expect(rising.map((p) => p.trend)).toEqual([0, 100, 400, 900, 1600]);
    expect(trendText(rising)).toBe('Sales increased over this period.');

    const falling = dailySeries([{ sale_date: '2026-11-01', total_sales: 5000 }], '2026-11-01', '2026-11-10');
    expect(trendText(falling)).toBe('Sales decreased over this period.');

    const flat = dailySeries(
      Array.from({ length: 7 }, (_, i) => ({ sale_date: `2026-11-0${i + 1}`, total_sales: 1000 })),
      '2026-11-01',
      '2026-11-07',
    );
    expect(trendText(flat)).toBe('Sales stayed stable over this period.');
    expect(trendText([])).toBe('Sales stayed stable over this period.');
  });

  it('never draws the trend below 0 (one busy day at the end of a quiet month)', () => {
    const points = dailySeries(
      [{ sale_date: '2026-11-30', total_sales: 190_000 }],
      '2026-11-01',
      '2026-11-30',
    );
    expect(Math.min(...points.map((p) => p.trend))).toBe(0);
    expect(points.at(-1)!.trend).toBeGreaterThan(0);
  });

  it('defaults to the last 30 days in Lagos, today included', () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Lagos.
    expect(last30Days(new Date('2026-11-21T23:30:00Z'))).toEqual({ start: '2026-10-24', end: '2026-11-22' });
  });
});
