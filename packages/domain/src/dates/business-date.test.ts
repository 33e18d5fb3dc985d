import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, businessDate, printDate, printTime } from './business-date.ts';

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

describe('printDate and printTime', () => {
  // Written by hand to keep Intl's locale data off a page's start; Intl stays the reference.
  const printed = new Intl.DateTimeFormat('en-NG', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const clock = new Intl.DateTimeFormat('en-NG', {
    timeZone: BUSINESS_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

  it('writes every day of a year as Intl does for en-NG (22 Nov 2026, 5 Sept 2026)', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 24 * 60 * 60 * 1000) {
      const date = new Date(t).toISOString().slice(0, 10);
      expect(printDate(date)).toBe(printed.format(new Date(t)));
    }
    expect(() => printDate('not a date')).toThrow(RangeError);
  });

  it('writes the Lagos time of day on a 24-hour clock', () => {
    for (let t = Date.UTC(2026, 10, 29); t < Date.UTC(2026, 10, 30); t += 7 * 60 * 1000) {
      expect(printTime(new Date(t))).toBe(clock.format(new Date(t)));
    }
    expect(printTime(new Date('2026-11-29T23:05:00Z'))).toBe('00:05');
  });
});
