import { z } from 'zod';
import { MAX_DISCOUNT_PERCENT } from '../pricing/price-limits.ts';

export const MAX_DISCOUNT_RANGE = `The maximum discount is a percentage from 0 to ${MAX_DISCOUNT_PERCENT}`;

/**
 * Settings → Discounts (issue 17 §4): the largest discount an employee may give on a sale or proforma, in
 * percent of its total before the discount (subtotal + VAT); null: no maximum beyond the key itself.
 */
export const ZPriceLimitsRequestSchema = z.object({
  max_discount_percent: z
    .number({ error: MAX_DISCOUNT_RANGE })
    .min(0, { error: MAX_DISCOUNT_RANGE })
    .max(MAX_DISCOUNT_PERCENT, { error: MAX_DISCOUNT_RANGE })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: 'The maximum discount can have at most two decimals',
    })
    .nullable(),
});
export type TPriceLimitsRequest = z.infer<typeof ZPriceLimitsRequestSchema>;

/** GET/PUT /api/settings/price-limits. */
export const ZPriceLimitsSchema = z.object({ max_discount_percent: z.number().nullable() });
export type TPriceLimits = z.infer<typeof ZPriceLimitsSchema>;
