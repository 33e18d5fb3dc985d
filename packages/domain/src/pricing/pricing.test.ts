import { describe, expect, it } from 'vitest';
import { percentOf, priceSale } from './pricing.ts';

const lines = [
  { quantity: 2, unitPriceKobo: 150_050 },
  { quantity: 1, unitPriceKobo: 99_999 },
];

describe('priceSale', () => {
  it('adds VAT at 7.5 % on the subtotal by default', () => {
    expect(priceSale({ lines, applyVat: true, discountType: 'none' })).toEqual({
      lineTotalsKobo: [300_100, 99_999],
      subtotalKobo: 400_099,
      vatRate: 7.5,
      vatKobo: 30_007,
      discountKobo: 0,
      grandTotalKobo: 430_106,
    });
  });

  it('falls back to 7.5 % when the rate is 0, and leaves VAT out when off', () => {
    expect(priceSale({ lines, applyVat: true, vatRate: 0, discountType: 'none' }).vatKobo).toBe(30_007);
    expect(priceSale({ lines, applyVat: true, vatRate: 5, discountType: 'none' }).vatKobo).toBe(20_005);
    const noVat = priceSale({ lines, applyVat: false, vatRate: 7.5, discountType: 'none' });
    expect([noVat.vatKobo, noVat.vatRate, noVat.grandTotalKobo]).toEqual([0, 0, 400_099]);
  });

  it('applies a percentage discount after VAT, half-up to the kobo', () => {
    const priced = priceSale({ lines, applyVat: true, discountType: 'percentage', discountValue: 10 });
    expect(priced.discountKobo).toBe(43_011);
    expect(priced.grandTotalKobo).toBe(430_106 - 43_011);
  });

  it('applies a fixed discount after VAT and never goes below zero', () => {
    expect(
      priceSale({ lines, applyVat: false, discountType: 'fixed', discountValue: 100_000 }).grandTotalKobo,
    ).toBe(300_099);
    const huge = priceSale({ lines, applyVat: true, discountType: 'fixed', discountValue: 10_000_000 });
    expect([huge.discountKobo, huge.grandTotalKobo]).toEqual([430_106, 0]);
    expect(
      priceSale({ lines, applyVat: true, discountType: 'percentage', discountValue: 150 }).grandTotalKobo,
    ).toBe(0);
  });

  it('ignores a discount value when the type is none, and a negative one', () => {
    expect(priceSale({ lines, applyVat: false, discountType: 'none', discountValue: 50 }).discountKobo).toBe(
      0,
    );
    expect(
      priceSale({ lines, applyVat: false, discountType: 'fixed', discountValue: -500 }).discountKobo,
    ).toBe(0);
  });

  it('rounds half-up exactly, even on large amounts', () => {
    expect(percentOf(2, 25)).toBe(1);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(3, 50)).toBe(2);
    expect(percentOf(100_000_000_000_001, 7.5)).toBe(7_500_000_000_000);
    expect(percentOf(100_000_000_000_002, 25)).toBe(25_000_000_000_001);
  });
});
