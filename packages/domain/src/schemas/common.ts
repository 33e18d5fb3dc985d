import { z } from 'zod';

export const ZDetailSchema = z.object({ detail: z.unknown() });
export const ZEmailSchema = z.email({ error: 'Enter a valid e-mail address' }).max(254);
/** A bounded, trimmed, non-empty text field. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
export const ZPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' });
/** A bounded, trimmed, optional text field: empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));
