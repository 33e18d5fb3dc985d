import { describe, expect, it } from 'vitest';
import { auditFields } from './audit-diff';

describe('auditFields', () => {
  it('puts each field before and after side by side and marks what changed', () => {
    expect(auditFields({ price: 100, name: 'Rice' }, { price: 120, name: 'Rice', note: null })).toEqual([
      { field: 'price', before: '100', after: '120', changed: true },
      { field: 'name', before: 'Rice', after: 'Rice', changed: false },
      { field: 'note', before: '', after: '—', changed: true },
    ]);
  });

  it('shows a creation (nothing before) and nested values as text', () => {
    expect(auditFields(null, { payment: { amount: 5 } })).toEqual([
      { field: 'payment', before: '', after: '{"amount":5}', changed: true },
    ]);
  });
});
