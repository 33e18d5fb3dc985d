import { describe, expect, it } from 'vitest';
import { freeTransactionsLeft } from './dashboard-shell';

describe('the free plan badge', () => {
  it('counts what is left in words', () => {
    expect(freeTransactionsLeft(9)).toBe('9 free transactions remaining');
    expect(freeTransactionsLeft(1)).toBe('1 free transaction remaining');
  });
});
