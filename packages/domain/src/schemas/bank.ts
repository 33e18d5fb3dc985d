import { z } from 'zod';
import { MAX_ID } from './common.ts';
import { ZNairaSchema } from './stock.ts';

/** Spec 1 §5: linking a bank needs the access code. */
export const ACCESS_CODE_REQUIRED = 'Please enter your access code';
const ZIdSchema = z
  .number({ error: 'Choose a record by its id' })
  .int({ error: 'Choose a record by its id' })
  .positive({ error: 'Choose a record by its id' })
  .max(MAX_ID, { error: 'Choose a record by its id' });

/** POST /settings/mono/link: the code Mono Connect (or the test widget) handed over, and the access code. */
export const ZMonoLinkRequestSchema = z.object({
  code: z
    .string({ error: 'The bank connection code is missing. Please connect your bank again.' })
    .trim()
    .min(1, { error: 'The bank connection code is missing. Please connect your bank again.' })
    .max(500, { error: 'The bank connection code is not valid. Please connect your bank again.' }),
  access_code: z
    .string({ error: ACCESS_CODE_REQUIRED })
    .trim()
    .min(1, { error: ACCESS_CODE_REQUIRED })
    .max(64, { error: 'Invalid access code' }),
});
export type TMonoLinkRequest = z.infer<typeof ZMonoLinkRequestSchema>;

/** A bank account linked through Mono (spec 1 §3): `account_id` is ours, the path of the disconnect call. */
export const ZLinkedAccountSchema = z.object({
  account_id: z.number().int(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  currency: z.string(),
  /** Mono's id of the account. */
  mono_account_id: z.string(),
  linked_at: z.string(),
});
export type TLinkedAccount = z.infer<typeof ZLinkedAccountSchema>;

export const ZMonoLinkedSchema = z.object({ msg: z.string(), account: ZLinkedAccountSchema });
export type TMonoLinked = z.infer<typeof ZMonoLinkedSchema>;

/**
 * GET /settings/mono/config: `live` loads Mono Connect with the public key; `test` opens the embedded test
 * widget (no MONO_SECRET_KEY on the server).
 */
export const ZMonoConfigSchema = z.object({
  mode: z.enum(['live', 'test']),
  public_key: z.string().nullable(),
});
export type TMonoConfig = z.infer<typeof ZMonoConfigSchema>;

/** The test widget's banks and accounts (test mode only). */
export const ZTestBankSchema = z.object({
  bank_key: z.string(),
  bank_name: z.string(),
  accounts: z.array(
    z.object({ test_account_key: z.string(), account_name: z.string(), account_number: z.string() }),
  ),
});
export type TTestBank = z.infer<typeof ZTestBankSchema>;

export const ZTestCodeRequestSchema = z.object({
  test_account_key: z
    .string({ error: 'Choose a test account' })
    .trim()
    .min(1, { error: 'Choose a test account' })
    .max(64, { error: 'Choose a test account' }),
});
export type TTestCodeRequest = z.infer<typeof ZTestCodeRequestSchema>;
export const ZTestCodeSchema = z.object({ code: z.string() });

/** "Send a test transfer" (test mode only): a credit of `amount` naira into a linked test account. */
export const ZTestCreditRequestSchema = z.object({
  account_id: ZIdSchema,
  amount: ZNairaSchema.refine((value) => value > 0, { error: 'Please enter a valid amount' }),
  narration: z
    .string()
    .trim()
    .max(120, { error: 'At most 120 characters' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type TTestCreditRequest = z.infer<typeof ZTestCreditRequestSchema>;
export const ZTestCreditSchema = z.object({
  msg: z.string(),
  credit_id: z.string(),
  amount: z.number(),
  narration: z.string(),
  date: z.string(),
});
export type TTestCredit = z.infer<typeof ZTestCreditSchema>;

/** Where a transfer payment stands: never asked, found in the bank, not (yet) found, or already used. */
export const TRANSFER_CHECK_STATES = ['unchecked', 'verified', 'not_found', 'matched_elsewhere'] as const;
export type TTransferCheckState = (typeof TRANSFER_CHECK_STATES)[number];

/**
 * A sale's transfer payments at a glance (lists): the state of them all (any matched elsewhere, else any not
 * found, else any never checked, else verified) and when last checked; null on a sale with no transfer money.
 */
export const ZSaleTransferCheckSchema = z.object({
  status: z.enum(TRANSFER_CHECK_STATES),
  checked_at: z.string().nullable(),
});
export type TSaleTransferCheck = z.infer<typeof ZSaleTransferCheckSchema>;

/** POST /sales/transfer-checks: every transfer payment of a sale, or one later payment. */
export const ZTransferCheckRequestSchema = z
  .object({ sale_id: ZIdSchema.optional(), payment_id: ZIdSchema.optional() })
  .refine((value) => (value.sale_id === undefined) !== (value.payment_id === undefined), {
    error: 'Name either the sale (sale_id) or the payment (payment_id)',
  });
export type TTransferCheckRequest = z.infer<typeof ZTransferCheckRequestSchema>;

/** One payment's answer: the sale's first payment (`sale`) or a later payment (`payment`). */
export const ZTransferCheckSchema = z.object({
  target_type: z.enum(['sale', 'payment']),
  target_id: z.number().int(),
  amount: z.number(),
  status: z.enum(TRANSFER_CHECK_STATES),
  checked_at: z.string().nullable(),
  /** The bank credit that verified it (verified), or the one another payment already took (matched_elsewhere). */
  credit: z
    .object({ id: z.string(), date: z.string().nullable(), narration: z.string().nullable() })
    .nullable(),
});
export type TTransferCheck = z.infer<typeof ZTransferCheckSchema>;

export const ZTransferCheckResultSchema = z.object({
  sale_id: z.number().int(),
  message: z.string(),
  transfer_check: ZSaleTransferCheckSchema,
  checks: z.array(ZTransferCheckSchema),
});
export type TTransferCheckResult = z.infer<typeof ZTransferCheckResultSchema>;

/** The state of a sale from its payments' states (see ZSaleTransferCheckSchema). */
export function saleTransferState(states: readonly TTransferCheckState[]): TTransferCheckState {
  for (const state of ['matched_elsewhere', 'not_found', 'unchecked'] as const) {
    if (states.includes(state)) return state;
  }
  return 'verified';
}
