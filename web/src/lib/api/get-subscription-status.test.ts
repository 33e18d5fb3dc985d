import { describe, expect, it } from 'vitest';
import type { TSubscriptionStatus } from '@app/domain/schemas/billing';
import { isFreeLimitReached, isOnFreeTerms, isProActiveStatus } from './get-subscription-status';

const now = new Date('2026-11-26T10:00:00Z');
const status = (overrides: Partial<TSubscriptionStatus>): TSubscriptionStatus => ({
  plan: 'free',
  is_active: true,
  expires_at: null,
  created_at: '2026-11-01T10:00:00Z',
  transaction_count: 0,
  transaction_limit: 10,
  transactions_remaining: 10,
  ...overrides,
});

describe('the plan as the screens read it (spec 1 §4)', () => {
  it('locks a free business once its ten transactions are used', () => {
    expect(isFreeLimitReached(status({ transaction_count: 9 }))).toBe(false);
    expect(isFreeLimitReached(status({ transaction_count: 10 }))).toBe(true);
  });

  it('treats an expired Pro plan as free: the upgrade prompts show and the used-up limit locks again', () => {
    const expired = status({
      plan: 'pro',
      is_active: false,
      expires_at: '2026-11-25T10:00:00Z',
      transaction_count: 10,
    });
    expect(isProActiveStatus(expired, now)).toBe(false);
    expect(isOnFreeTerms(expired)).toBe(true);
    expect(isFreeLimitReached(expired)).toBe(true);
  });

  it('never locks an active Pro plan, whatever was counted before it', () => {
    const pro = status({
      plan: 'pro',
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      transaction_count: 10,
      transaction_limit: null,
      transactions_remaining: null,
    });
    expect(isProActiveStatus(pro)).toBe(true);
    expect(isFreeLimitReached(pro)).toBe(false);
  });
});
