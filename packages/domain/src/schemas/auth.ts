import { z } from 'zod';
import { ZEmailSchema, ZPasswordSchema, requiredText } from './common.ts';

export const ZRegisterRequestSchema = z.object({
  username: requiredText('Business name', 100),
  email: ZEmailSchema,
  password: ZPasswordSchema,
  role: z.literal('md').default('md'),
  plan: z.literal('free').default('free'),
  accepted_terms: z.literal(true, { error: 'You must accept the Terms and Conditions' }),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

/** The registration form adds the confirmation, checked in the browser only. */
export const ZRegisterFormSchema = z
  .object({
    username: requiredText('Business name', 100),
    email: ZEmailSchema,
    password: ZPasswordSchema,
    confirm_password: z.string(),
    accepted_terms: z.boolean(),
  })
  .refine((form) => form.password === form.confirm_password, {
    error: 'Passwords do not match',
    path: ['confirm_password'],
  })
  .refine((form) => form.accepted_terms, {
    error: 'You must accept the Terms and Conditions',
    path: ['accepted_terms'],
  });
export type TRegisterForm = z.infer<typeof ZRegisterFormSchema>;

export const ZMdLoginRequestSchema = z.object({
  username: requiredText('Username', 100),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
});
export const ZEmployeeLoginRequestSchema = z.object({
  email: requiredText('Email', 254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
});

export const ZLoginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  username: z.string(),
  role: z.enum(['md', 'employee']),
  user_id: z.number().int(),
  permissions: z.array(z.string()),
  permission_codes: z.array(z.string()),
});
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

export const ZMyPermissionsResponseSchema = z.object({
  permissions: z.array(z.string()),
  permission_codes: z.array(z.string()),
});
export type TMyPermissionsResponse = z.infer<typeof ZMyPermissionsResponseSchema>;

export const ZUserMeResponseSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['md', 'employee']),
  tenant_id: z.number().int(),
  tenant_name: z.string(),
});
export type TUserMeResponse = z.infer<typeof ZUserMeResponseSchema>;
