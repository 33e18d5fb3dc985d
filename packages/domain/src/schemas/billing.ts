import { z } from 'zod';
import { MAX_ID } from './common.ts';

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

/** The paid plans a payment can buy. */
export const PAID_PLAN_KEYS = ['monthly_pro', 'yearly'] as const;
export type TPaidPlanKey = (typeof PAID_PLAN_KEYS)[number];

/** POST /dashboard/initialize-payment?plan_key=… */
export const ZInitializePaymentQuerySchema = z.object({
  plan_key: z.enum(PAID_PLAN_KEYS, { error: 'Choose Pro Monthly (monthly_pro) or Pro Yearly (yearly)' }),
});

/** Where to send the browser to pay, and the payment's reference. */
export const ZInitializePaymentSchema = z.object({
  authorization_url: z.string(),
  access_code: z.string(),
  reference: z.string(),
});
export type TInitializePayment = z.infer<typeof ZInitializePaymentSchema>;

/** A payment reference: ours, as the card provider allows them (letters, digits, '-', '.', '='). */
export const ZPaymentReferenceSchema = z
  .string()
  .trim()
  .min(1, { error: 'reference is required' })
  .max(100)
  .regex(/^[A-Za-z0-9.=-]+$/, { error: 'Unknown payment reference' });

/** GET /dashboard/verify-payment?reference=… */
export const ZVerifyPaymentQuerySchema = z.object({ reference: ZPaymentReferenceSchema });

/** Whether the payment went through and the plan started, in words (spec 1 §7). */
export const ZVerifyPaymentSchema = z.object({ success: z.boolean(), message: z.string() });
export type TVerifyPayment = z.infer<typeof ZVerifyPaymentSchema>;

export const PLAN_PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;

/** One row of the MD's payment history. */
export const ZPlanPaymentSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  kind: z.enum(['checkout', 'renewal']),
  plan_key: z.enum(PAID_PLAN_KEYS),
  plan_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  reference: z.string(),
  status: z.enum(PLAN_PAYMENT_STATUSES),
  failure_reason: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type TPlanPayment = z.infer<typeof ZPlanPaymentSchema>;

/** GET /billing/payments: newest first, `limit` at a time; `before` is the last id already shown. */
export const ZPlanPaymentsQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  count: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** GET /billing/renewal: how the Pro plan renews. */
export const ZPlanRenewalSchema = z.object({
  plan_key: z.enum(PAID_PLAN_KEYS).nullable(),
  auto_renew: z.boolean(),
  /** A card from an earlier payment is saved, so a renewal can be charged. */
  card_saved: z.boolean(),
  /** When the plan ends (and a renewal is charged shortly before, while auto_renew holds). */
  expires_at: z.string().nullable(),
});
export type TPlanRenewal = z.infer<typeof ZPlanRenewalSchema>;

/** PUT /billing/renewal: cancel or resume automatic renewal. */
export const ZPlanRenewalRequestSchema = z.object({
  auto_renew: z.boolean({ error: 'auto_renew must be true or false' }),
});
export type TPlanRenewalRequest = z.infer<typeof ZPlanRenewalRequestSchema>;

/** What the webhook answers the card provider. */
export const ZWebhookAckSchema = z.object({ received: z.boolean() });
