import { describe, expect, it } from 'vitest';
import { businessDate } from '../dates/business-date.ts';
import { formatNaira, koboToNaira, nairaToKobo } from './money.ts';

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
});

describe('business dates', () => {
  it('uses Lagos time (UTC+1)', () => {
    expect(businessDate(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(businessDate(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
  });
});
