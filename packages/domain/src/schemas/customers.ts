import { z } from 'zod';
import { ZPublicIdSchema } from '../ids/public-id.ts';
import { countFlag, digitsAsText, MAX_ID, optionalText, ZEmailSchema } from './common.ts';

export const NAME_AND_PHONE_REQUIRED = 'Name and phone are required';
export const PHONE_CHARACTERS = 'Phone may hold digits, spaces, +, - and brackets only';
export const PHONE_TOO_SHORT = 'Phone number is too short (at least 5 digits)';

// An empty field says only that it is required (abort: no other rule speaks about it).
const requiredField = (max: number) =>
  z
    .string({ error: NAME_AND_PHONE_REQUIRED })
    .trim()
    .min(1, { error: NAME_AND_PHONE_REQUIRED, abort: true })
    .max(max, { error: `At most ${max} characters` });

const PHONE_TEXT = /^[0-9+()\-\s]*$/;
const hasFiveDigits = (phone: string) => phone.replace(/\D/g, '').length >= 5;

/** A phone a sale or proforma may carry (or none): the customer list's rules, since it may add a customer. */
export const ZOptionalPhoneSchema = digitsAsText(
  optionalText(40)
    .refine((phone) => phone === null || PHONE_TEXT.test(phone), { error: PHONE_CHARACTERS, abort: true })
    .refine((phone) => phone === null || hasFiveDigits(phone), { error: PHONE_TOO_SHORT }),
);

export const ZCustomerRequestSchema = z.object({
  /** The customer's public id, when the device named it (a UUID); ignored on an edit. */
  public_id: ZPublicIdSchema.optional(),
  name: requiredField(120),
  phone: digitsAsText(
    requiredField(40)
      .regex(PHONE_TEXT, { error: PHONE_CHARACTERS, abort: true })
      .refine(hasFiveDigits, { error: PHONE_TOO_SHORT }),
  ),
  email: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(ZEmailSchema.nullable()),
  address: optionalText(300),
});
export type TCustomerRequest = z.infer<typeof ZCustomerRequestSchema>;

export const ZCustomerListQuerySchema = z.object({
  search: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** Keyset paging: the customers older than this id (the previous page's `next_before`); `page` is then not used. */
  before: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  /** Whether to count every match (`total`); a keyset client that does not show a total asks for none. */
  count: countFlag(),
});
export type TCustomerListQuery = z.infer<typeof ZCustomerListQuerySchema>;

export const ZCustomerSchema = z.object({
  customer_id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
});
export type TCustomer = z.infer<typeof ZCustomerSchema>;

export const ZCustomerPageSchema = z.object({
  customers: z.array(ZCustomerSchema),
  /** Every match; null when the call asked for no count (`count=false`). */
  total: z.number().int().nullable(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Keyset paging only (`before` or `count=false` asked): the `before` of the next page, null on the last. */
  next_before: z.number().int().nullable().optional(),
});
export type TCustomerPage = z.infer<typeof ZCustomerPageSchema>;

/** GET /customers/metrics. */
export const ZCustomerMetricsSchema = z.object({ total_customers: z.number().int() });
export type TCustomerMetrics = z.infer<typeof ZCustomerMetricsSchema>;
