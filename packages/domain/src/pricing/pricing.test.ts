import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountPaidAtCreation, outstandingKobo, statusAfterPayment } from '../money/payment.ts';
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

/** An independent reference: exact rationals (numerator/denominator in BigInt), rounded half-up once. */
function referenceGrandTotal(
  lines: { quantity: number; unitPriceKobo: number }[],
  applyVat: boolean,
  vatRate: number,
  discountType: 'none' | 'percentage' | 'fixed',
  discountValue: number,
): number {
  const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);
  const subtotal = lines.reduce((sum, l) => sum + BigInt(l.quantity) * BigInt(l.unitPriceKobo), 0n);
  const rate = BigInt(Math.round((vatRate > 0 ? vatRate : 7.5) * 100));
  const vat = applyVat ? halfUp(subtotal * rate, 10_000n) : 0n;
  const gross = subtotal + vat;
  let discount = 0n;
  if (discountType === 'percentage')
    discount = halfUp(gross * BigInt(Math.round(discountValue * 100)), 10_000n);
  if (discountType === 'fixed') discount = BigInt(Math.round(discountValue));
  return Number(gross - (discount > gross ? gross : discount));
}

describe('every combination of VAT, rate fallback, discount type and payment', () => {
  const lines = [
    { quantity: 3, unitPriceKobo: 100_050 },
    { quantity: 1, unitPriceKobo: 33_333 },
  ];
  for (const applyVat of [true, false]) {
    for (const vatRate of [0, 7.5, 5]) {
      for (const [discountType, discountValue] of [
        ['none', 0],
        ['percentage', 12.5],
        ['fixed', 50_000],
        ['fixed', 10_000_000],
      ] as const) {
        it(`VAT ${applyVat ? `on at ${vatRate}` : 'off'}, discount ${discountType} ${discountValue}`, () => {
          const priced = priceSale({ lines, applyVat, vatRate, discountType, discountValue });
          const expected = referenceGrandTotal(lines, applyVat, vatRate, discountType, discountValue);
          expect(priced.grandTotalKobo).toBe(expected);
          expect(priced.grandTotalKobo).toBeGreaterThanOrEqual(0);
          expect(priced.subtotalKobo + priced.vatKobo - priced.discountKobo).toBe(priced.grandTotalKobo);
          expect(priced.vatRate).toBe(applyVat ? (vatRate > 0 ? vatRate : 7.5) : 0);
          for (const status of ['paid', 'partial', 'credit'] as const) {
            const entered = Math.floor(priced.grandTotalKobo / 3);
            const paid = amountPaidAtCreation(status, priced.grandTotalKobo, entered);
            if (status === 'partial' && entered <= 0) {
              expect(paid.ok).toBe(false);
              continue;
            }
            expect(paid).toEqual({
              ok: true,
              amountPaidKobo: status === 'paid' ? priced.grandTotalKobo : status === 'credit' ? 0 : entered,
            });
            if (!paid.ok) continue;
            const outstanding = outstandingKobo(priced.grandTotalKobo, paid.amountPaidKobo);
            expect(statusAfterPayment(priced.grandTotalKobo, paid.amountPaidKobo + outstanding)).toBe('paid');
          }
        });
      }
    }
  }

  it('matches the reference on random sales, to the kobo', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 500 }),
            unitPriceKobo: fc.integer({ min: 1, max: 50_000_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.boolean(),
        fc.constantFrom(0, 7.5, 5, 10.25),
        fc.constantFrom('none', 'percentage', 'fixed'),
        fc.integer({ min: 0, max: 10_000 }),
        (randomLines, applyVat, vatRate, discountType, raw) => {
          const discountValue = discountType === 'percentage' ? raw / 100 : raw * 1000;
          const priced = priceSale({ lines: randomLines, applyVat, vatRate, discountType, discountValue });
          expect(priced.grandTotalKobo).toBe(
            referenceGrandTotal(randomLines, applyVat, vatRate, discountType, discountValue),
          );
        },
      ),
    );
  });
});
