import { describe, expect, it } from 'vitest';
import { quadraticTrend, trendDirection, trendSentence } from './trend.ts';

describe('quadratic trend', () => {
  it('reproduces an exact parabola', () => {
    const values = [0, 1, 2, 3, 4, 5].map((x) => 3 + 2 * x + 0.5 * x * x);
    quadraticTrend(values).forEach((fitted, i) => expect(fitted).toBeCloseTo(values[i]!, 6));
  });

  it('fits a line through two points and copies one', () => {
    expect(quadraticTrend([10, 20])).toEqual([10, 20]);
    expect(quadraticTrend([7])).toEqual([7]);
    expect(quadraticTrend([])).toEqual([]);
  });

  it('smooths noise around a rising line', () => {
    const fitted = quadraticTrend([10, 30, 20, 40, 30, 50]);
    expect(fitted[5]! - fitted[0]!).toBeGreaterThan(20);
  });

  it('says increased, decreased or stable', () => {
    expect(trendDirection([100, 120, 150, 200])).toBe('increased');
    expect(trendDirection([200, 150, 120, 100])).toBe('decreased');
    expect(trendDirection([100, 101, 99, 100])).toBe('stable');
    expect(trendDirection([0, 0, 0])).toBe('stable');
    expect(trendSentence('increased')).toBe('Sales increased over this period.');
    expect(trendSentence('stable')).toBe('Sales stayed stable over this period.');
  });
});
