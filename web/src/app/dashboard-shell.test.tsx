import { describe, expect, it } from 'vitest';
import type { TSubscriptionStatus } from '@app/domain/schemas/billing';
import type { TOutboxRecord } from '../lib/offline/db';
import { freeTransactionsRemaining } from '../lib/api/get-subscription-status';
import { freeTransactionsLeft } from './plan-badges';

describe('the free plan badge', () => {
  it('counts what is left in words', () => {
    expect(freeTransactionsLeft(9)).toBe('9 free transactions remaining');
    expect(freeTransactionsLeft(1)).toBe('1 free transaction remaining');
  });
});

describe('what the free plan has left on this device', () => {
  const status = { plan: 'free', transaction_count: 6, transaction_limit: 10 } as TSubscriptionStatus;
  const record = (kind: TOutboxRecord['kind'], state: TOutboxRecord['status'] = 'waiting') =>
    ({ kind, status: state }) as TOutboxRecord;

  it('takes off the sales and expenses waiting to sync, not payments, returns or refused records', () => {
    expect(freeTransactionsRemaining(status, [])).toBe(4);
    const records = [
      record('sale'),
      record('expense', 'sending'),
      record('sale_payment'),
      record('return'),
      record('sale', 'needs_attention'),
    ];
    expect(freeTransactionsRemaining(status, records)).toBe(2);
    expect(
      freeTransactionsRemaining(status, [...records, record('sale'), record('sale'), record('sale')]),
    ).toBe(0);
  });
});
