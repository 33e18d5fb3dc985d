import { describe, expect, it } from 'vitest';
import { pendingSale } from '../testing/sale-row-fixtures';
import { withWaitingPayments } from './pending-sales';

const payment = (saleId: number, amount: number, status: 'waiting' | 'needs_attention' = 'waiting') => ({
  kind: 'sale_payment' as const,
  status,
  summary: { sale_id: saleId, amount },
});

describe('withWaitingPayments', () => {
  it('counts the payments waiting on this device as paid, and not the refused ones', () => {
    const sale = pendingSale(12, { grand_total: 8600, amount_paid: 0, outstanding: 8600 });
    const other = pendingSale(13, { grand_total: 500, amount_paid: 100, outstanding: 400 });
    const [twelve, thirteen] = withWaitingPayments(
      [sale, other],
      [payment(12, 3000.1), payment(12, 1000), payment(12, 500, 'needs_attention')],
    );
    expect(twelve).toMatchObject({ amount_paid: 4000.1, outstanding: 4599.9 });
    expect(thirteen).toBe(other);
  });

  it('leaves nothing outstanding once the waiting payments cover the sale', () => {
    const sale = pendingSale(12, { grand_total: 8600, amount_paid: 0, outstanding: 8600 });
    expect(withWaitingPayments([sale], [payment(12, 8600)])[0]).toMatchObject({
      amount_paid: 8600,
      outstanding: 0,
    });
  });
});
