import { z } from 'zod';
import { ZEmailSchema, ZPasswordSchema, requiredText } from './common.ts';

/** Spec 1 §5: the Password tab's messages. */
export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** An e-mail typed into a form: trimmed, then checked. */
const typedEmail = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: `${label} is required` })
      .min(1, { error: `${label} is required` })
      .pipe(ZEmailSchema),
  );

/**
 * POST /settings/change-password (spec 1 §7): whose account (by e-mail), the business's access code, and the
 * new password under registration's rules.
 */
export const ZChangePasswordRequestSchema = z.object({
  email: typedEmail('E-mail'),
  access_code: z
    .string({ error: 'Access code is required' })
    .trim()
    .min(1, { error: 'Access code is required' })
    .max(64, { error: 'Access code must be at most 64 characters' }),
  new_password: ZPasswordSchema,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

/** The Password tab's form: the request plus the confirmation, which only the browser checks. */
export const ZChangePasswordFormSchema = ZChangePasswordRequestSchema.extend({
  confirm_password: z.string(),
}).refine((form) => form.new_password === form.confirm_password, {
  error: PASSWORDS_DO_NOT_MATCH,
  path: ['confirm_password'],
});
export type TChangePasswordForm = z.input<typeof ZChangePasswordFormSchema>;

/** The answer to a password change: how many other sessions of that account were signed out. */
export const ZChangePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  sessions_ended: z.number().int(),
});
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponseSchema>;

/** Delete Account's account types (spec 1 §2): "user" closes the MD's own business, "employee" removes one. */
export const DELETE_ACCOUNT_TYPES = ['user', 'employee'] as const;
export type TDeleteAccountType = (typeof DELETE_ACCOUNT_TYPES)[number];

/**
 * POST /settings/delete-account (spec 1 §7). `password` is always the signed-in MD's own password.
 * `name_value` is the typed confirmation: the business name exactly for "user", the employee's name for
 * "employee".
 */
export const ZDeleteAccountRequestSchema = z.object({
  account_type: z.enum(DELETE_ACCOUNT_TYPES, { error: 'Account type must be user or employee' }),
  email: typedEmail('E-mail'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(128, { error: 'Password must be at most 128 characters' }),
  name_value: requiredText('Name', 200),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequestSchema>;
export type TDeleteAccountForm = z.input<typeof ZDeleteAccountRequestSchema>;

export const ZDeleteAccountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  account_type: z.enum(DELETE_ACCOUNT_TYPES),
});
export type TDeleteAccountResponse = z.infer<typeof ZDeleteAccountResponseSchema>;

/** POST /settings/business-import: what the import brought in (rows per table, files) and who must be seen to. */
export const ZBusinessImportResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  tables: z.record(z.string(), z.number().int()),
  files: z.number().int(),
  employees_without_password: z.number().int(),
  employees_removed: z.array(z.string()),
});
export type TBusinessImportResponse = z.infer<typeof ZBusinessImportResponseSchema>;
