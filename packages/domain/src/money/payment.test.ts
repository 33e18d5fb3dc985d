import { describe, expect, it } from 'vitest';
import { allocateProportionally } from './allocate.ts';
import {
  receivedMethods,
  amountPaidAtCreation,
  applyLaterPayment,
  outstandingKobo,
  statusAfterPayment,
  statusAtCreation,
} from './payment.ts';

describe('payment status', () => {
  it('pays everything, nothing, or the partial amount entered', () => {
    expect(amountPaidAtCreation('paid', 10_000, null)).toEqual({ ok: true, amountPaidKobo: 10_000 });
    expect(amountPaidAtCreation('credit', 10_000, 5_000)).toEqual({ ok: true, amountPaidKobo: 0 });
    expect(amountPaidAtCreation('partial', 10_000, 4_000)).toEqual({ ok: true, amountPaidKobo: 4_000 });
    expect(amountPaidAtCreation('partial', 10_000, 0)).toEqual({
      ok: false,
      error: 'Please enter the partial payment amount',
    });
    expect(amountPaidAtCreation('partial', 10_000, 10_000)).toEqual({
      ok: false,
      error: 'Partial payment amount must be less than total amount',
    });
  });

  it('settles when nothing is outstanding', () => {
    expect(statusAfterPayment(10_000, 10_000)).toBe('paid');
    expect(statusAfterPayment(10_000, 2_500)).toBe('partial');
    expect(statusAfterPayment(10_000, 0)).toBe('credit');
    expect(outstandingKobo(10_000, 12_000)).toBe(0);
  });

  it('creates a record with nothing to pay as paid', () => {
    expect(statusAtCreation('credit', 0)).toBe('paid');
    expect(statusAtCreation('credit', 1)).toBe('credit');
    expect(statusAtCreation('paid', 0)).toBe('paid');
  });
});

describe('applyLaterPayment', () => {
  it('takes a payment up to the outstanding amount and settles the status', () => {
    expect(applyLaterPayment('purchase', { totalKobo: 10_000, paidKobo: 2_500 }, 2_500)).toEqual({
      ok: true,
      paidKobo: 5_000,
      status: 'partial',
    });
    expect(applyLaterPayment('sale', { totalKobo: 10_000, paidKobo: 2_500 }, 7_500)).toEqual({
      ok: true,
      paidKobo: 10_000,
      status: 'paid',
    });
  });

  it('refuses more than the outstanding amount, in the wording of each document', () => {
    expect(applyLaterPayment('purchase', { totalKobo: 13_502_500, paidKobo: 0 }, 13_502_501)).toEqual({
      ok: false,
      error: 'Payment amount cannot exceed remaining balance of ₦135,025.00',
    });
    expect(applyLaterPayment('sale', { totalKobo: 10_000, paidKobo: 2_500 }, 7_501)).toEqual({
      ok: false,
      error: 'Payment of ₦75.01 is more than the outstanding ₦75.00',
    });
    expect(applyLaterPayment('expense', { totalKobo: 10_000, paidKobo: 10_000 }, 1)).toEqual({
      ok: false,
      error: 'Nothing is outstanding on this expense',
    });
  });
});

describe('allocateProportionally', () => {
  it('splits to the kobo and adds up exactly', () => {
    expect(allocateProportionally(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocateProportionally(500_000, [300_000, 700_000])).toEqual([150_000, 350_000]);
    const parts = allocateProportionally(12_345, [7, 13, 29, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(12_345);
  });
});

describe('receivedMethods', () => {
  it('names the recorded method for what was paid at once, then each later method once, in order', () => {
    // Part paid in cash, the rest by transfer.
    expect(receivedMethods({ method: 'cash', paidKobo: 1000 }, { methods: ['transfer'], kobo: 400 })).toEqual(
      ['cash', 'transfer'],
    );
    // On credit (its method became the first payment's), then paid by transfer and cash.
    expect(
      receivedMethods({ method: 'transfer', paidKobo: 900 }, { methods: ['transfer', 'cash'], kobo: 900 }),
    ).toEqual(['transfer', 'cash']);
    expect(receivedMethods({ method: 'cash', paidKobo: 500 }, { methods: ['cash'], kobo: 200 })).toEqual([
      'cash',
    ]);
  });

  it('is empty while nothing is paid', () => {
    expect(receivedMethods({ method: 'none', paidKobo: 0 }, { methods: [], kobo: 0 })).toEqual([]);
    expect(receivedMethods({ method: 'cash', paidKobo: 0 }, { methods: [], kobo: 0 })).toEqual([]);
  });
});
