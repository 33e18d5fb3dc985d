import { z } from 'zod';

/** GET /dashboard/subscription-status: the plan and, on the free plan, what is left of it. */
export const ZSubscriptionStatusSchema = z.object({
  plan: z.enum(['free', 'pro']),
  is_active: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  transaction_count: z.number().int(),
  transaction_limit: z.number().int().nullable(),
  transactions_remaining: z.number().int().nullable(),
});
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatusSchema>;

/** GET /dashboard/plans: the plans with their prices in naira. */
export const ZPlansSchema = z.object({
  plans: z.array(
    z.object({
      key: z.enum(['free', 'monthly_pro', 'yearly']),
      name: z.string(),
      price: z.number(),
      duration_days: z.number().int().nullable(),
      tag: z.string().nullable(),
      features: z.array(z.string()),
    }),
  ),
  yearly_saving: z.number(),
});
export type TPlans = z.infer<typeof ZPlansSchema>;
