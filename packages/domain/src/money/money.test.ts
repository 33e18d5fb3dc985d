import { describe, expect, it } from 'vitest';
import { businessDate } from '../dates/business-date.ts';
import { formatNaira, formatNumber, koboToNaira, nairaToKobo } from './money.ts';

describe('money', () => {
  it('converts naira to kobo without floating-point drift', () => {
    expect(nairaToKobo(1500.5)).toBe(150050);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(koboToNaira(150050)).toBe(1500.5);
  });

  it('formats naira en-NG with two decimals', () => {
    expect(formatNaira(150050)).toBe('₦1,500.50');
    expect(formatNaira(0)).toBe('₦0.00');
  });

  // Written by hand to keep Intl's locale data off a page's start; Intl stays the reference.
  const intlNaira = new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency: 'NGN',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const KOBO = [0, 1, 9, 10, 99, 100, 101, 99_999, 100_000, 123_456_789, 26_574_449, 100_000_000_000_000];

  it('writes naira as Intl does for en-NG, negatives included', () => {
    for (const kobo of [...KOBO, ...KOBO.map((k) => -k).filter(Boolean)])
      expect(formatNaira(kobo)).toBe(intlNaira.format(kobo / 100));
  });

  it('writes a number grouped with at most three decimals, as toLocaleString does for en-NG', () => {
    for (const value of [0, 7, 999, 1000, -1234, 1_234_567, 0.5, 1234.5678, 12.3456, 0.0004, -0.5, 10_000.1])
      expect(formatNumber(value)).toBe(value.toLocaleString('en-NG'));
    expect(formatNumber(1234.5678, 2)).toBe('1,234.57');
  });

  it('writes a value that is not a number as zero, not as "NaN"', () => {
    expect(formatNaira(Number.NaN)).toBe('₦0.00');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('business dates', () => {
  it('uses Lagos time (UTC+1)', () => {
    expect(businessDate(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(businessDate(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
  });
});
