import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, businessDate } from './business-date.ts';

const lagos = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('businessDate', () => {
  it('turns the date at 23:00 UTC, when it is midnight in Lagos', () => {
    expect(businessDate(new Date('2026-03-31T22:59:59.999Z'))).toBe('2026-03-31');
    expect(businessDate(new Date('2026-03-31T23:00:00.000Z'))).toBe('2026-04-01');
    expect(businessDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('agrees with the time zone database on every hour of several years', () => {
    const hour = 60 * 60 * 1000;
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2031, 0, 1); t += 7 * hour) {
      const instant = new Date(t);
      expect(businessDate(instant)).toBe(lagos.format(instant));
    }
  });
});
