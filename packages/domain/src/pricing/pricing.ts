import type { TKobo } from '../money/money.ts';

export const DEFAULT_VAT_RATE = 7.5;

export type TDiscountType = 'none' | 'percentage' | 'fixed';

export type TPricingInput = {
  lines: readonly { quantity: number; unitPriceKobo: TKobo }[];
  applyVat: boolean;
  /** Percent; 0 (or missing) falls back to 7.5. */
  vatRate?: number | null;
  discountType: TDiscountType;
  /** Percent for "percentage", kobo for "fixed". */
  discountValue?: number | null;
};

export type TPricing = {
  lineTotalsKobo: TKobo[];
  subtotalKobo: TKobo;
  vatRate: number;
  vatKobo: TKobo;
  discountKobo: TKobo;
  grandTotalKobo: TKobo;
};

/** numerator / denominator rounded half-up, exactly (both non-negative integers). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** A percentage of an amount, half-up to the kobo; the rate is kept to the hundredth of a percent. */
export function percentOf(amountKobo: TKobo, percent: number): TKobo {
  const basisPoints = BigInt(Math.round(percent * 100));
  return divideHalfUp(BigInt(amountKobo) * basisPoints, 10_000n);
}

/**
 * DESIGN.md §4 Money: line total = quantity × unit price; subtotal = sum of lines; VAT (default on,
 * 7.5 %, a rate of 0 falls back to 7.5) on the subtotal; the discount (none, percentage, fixed) after
 * VAT; the grand total never below 0. Rounded half-up to the kobo once per line and once per total.
 */
export function priceSale(input: TPricingInput): TPricing {
  const lineTotalsKobo = input.lines.map((line) => line.quantity * line.unitPriceKobo);
  const subtotalKobo = lineTotalsKobo.reduce((sum, total) => sum + total, 0);
  const vatRate = input.vatRate && input.vatRate > 0 ? input.vatRate : DEFAULT_VAT_RATE;
  const vatKobo = input.applyVat ? percentOf(subtotalKobo, vatRate) : 0;
  const afterVat = subtotalKobo + vatKobo;
  const value = Math.max(0, input.discountValue ?? 0);
  const requested =
    input.discountType === 'percentage'
      ? percentOf(afterVat, value)
      : input.discountType === 'fixed'
        ? Math.round(value)
        : 0;
  const discountKobo = Math.min(requested, afterVat);
  return {
    lineTotalsKobo,
    subtotalKobo,
    vatRate: input.applyVat ? vatRate : 0,
    vatKobo,
    discountKobo,
    grandTotalKobo: afterVat - discountKobo,
  };
}
