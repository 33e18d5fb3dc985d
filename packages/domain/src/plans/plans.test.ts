import { describe, expect, it } from 'vitest';
import {
  buildPlans,
  daysLeft,
  freeTransactionsRemaining,
  isProActive,
  planAllows,
  planFeatureRefusal,
  yearlySavingKobo,
} from './plans.ts';

describe('plans', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('prices monthly and yearly pro as configured, and computes the saving', () => {
    const plans = buildPlans({ monthlyKobo: 1_500_000, yearlyKobo: 18_000_000 });
    expect(plans.map((p) => [p.key, p.price_kobo, p.duration_days])).toEqual([
      ['free', 0, null],
      ['monthly_pro', 1_500_000, 30],
      ['yearly', 18_000_000, 365],
    ]);
    expect(yearlySavingKobo({ monthlyKobo: 1_500_000, yearlyKobo: 18_000_000 })).toBe(0);
    expect(yearlySavingKobo({ monthlyKobo: 1_500_000, yearlyKobo: 15_000_000 })).toBe(3_000_000);
    expect(yearlySavingKobo({ monthlyKobo: 1_000_000, yearlyKobo: 15_000_000 })).toBe(0);
  });

  it('treats pro as active only before its expiry', () => {
    expect(
      isProActive({ plan: 'pro', expires_at: new Date(now.getTime() + 1), transaction_count: 0 }, now),
    ).toBe(true);
    expect(isProActive({ plan: 'pro', expires_at: now, transaction_count: 0 }, now)).toBe(false);
    expect(isProActive({ plan: 'pro', expires_at: null, transaction_count: 0 }, now)).toBe(false);
    expect(
      isProActive({ plan: 'free', expires_at: new Date(now.getTime() + 1e9), transaction_count: 0 }, now),
    ).toBe(false);
  });

  it('counts free transactions down to zero, never below', () => {
    expect(freeTransactionsRemaining(0)).toBe(10);
    expect(freeTransactionsRemaining(9)).toBe(1);
    expect(freeTransactionsRemaining(12)).toBe(0);
  });

  it('rounds days left up', () => {
    expect(daysLeft(new Date(now.getTime() + 86_400_000), now)).toBe(1);
    expect(daysLeft(new Date(now.getTime() + 86_400_001), now)).toBe(2);
    expect(daysLeft(new Date(now.getTime() + 1000), now)).toBe(1);
    expect(daysLeft(new Date(now.getTime() - 1000), now)).toBe(0);
  });
});

describe('plan features (spec 1 §9)', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const later = new Date(now.getTime() + 86_400_000);
  const monthly = { plan: 'pro', expires_at: later, transaction_count: 0, plan_key: 'monthly_pro' } as const;
  const yearly = { ...monthly, plan_key: 'yearly' } as const;
  const expired = { ...yearly, expires_at: new Date(now.getTime() - 1) };
  const free = { plan: 'free', expires_at: null, transaction_count: 0 } as const;

  it('gives free and expired plans none of them', () => {
    for (const state of [free, expired]) {
      expect(planAllows(state, 'bank_linking', now)).toBe(false);
      expect(planAllows(state, 'alerts', now)).toBe(false);
      expect(planAllows(state, 'receipt_logo', now)).toBe(false);
    }
  });

  it('gives Pro Monthly all but the Yearly extras, and Pro Yearly all', () => {
    expect(planAllows(monthly, 'bank_linking', now)).toBe(true);
    expect(planAllows(monthly, 'alerts', now)).toBe(true);
    expect(planAllows(monthly, 'receipt_logo', now)).toBe(false);
    expect(planAllows(yearly, 'receipt_logo', now)).toBe(true);
  });

  it('names the plan a refusal needs, without the words that lock the screens', () => {
    expect(planFeatureRefusal('bank_linking')).toBe(
      'Bank and POS linking is a Pro feature. Upgrade to Pro to use it.',
    );
    expect(planFeatureRefusal('receipt_logo')).toBe(
      'Logo branding on receipts is a Pro Yearly feature. Upgrade to Pro Yearly to use it.',
    );
    expect(planFeatureRefusal('alerts')).not.toMatch(/limit exceeded|Subscription expired/);
  });
});
