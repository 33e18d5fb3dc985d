import { z } from 'zod';
import './messages.ts';

export const ZDetailSchema = z.object({ detail: z.unknown() });
/** The largest id a record can have (a PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** Naira with kobo at most (floating-point slack allowed: 0.1 + 0.2 is 0.30). */
export const hasAtMostTwoDecimals = (naira: number) => Math.abs(Math.round(naira * 100) - naira * 100) < 1e-6;
/** A record's numeric id in a path or query string: a whole number from 1 to MAX_ID. */
export const ZPathId = z.coerce.number().int().positive().max(MAX_ID);
/**
 * A list's `count` query parameter: whether to count every match (X-Total-Count); a keyset client that shows no
 * total asks for none. `true` unless a list that counts only on request says otherwise.
 */
export const countFlag = (byDefault: 'true' | 'false' = 'true') =>
  z
    .enum(['true', 'false'])
    .default(byDefault)
    .transform((value) => value === 'true');
/** What a change answers: whether it went through, and in words (extended with what it made). */
export const ZDoneSchema = z.object({ success: z.boolean(), message: z.string() });
/** An e-mail address; spaces pasted around it are dropped, as a browser's e-mail field drops them. */
export const ZEmailSchema = z
  .string({ error: 'Enter a valid e-mail address' })
  .trim()
  .pipe(z.email({ error: 'Enter a valid e-mail address' }).max(254));
/** A bounded, trimmed, non-empty text field. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
export const ZPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' })
  .refine((password) => password.trim() !== '', { error: 'Password cannot be only spaces' });
/** A bounded, trimmed, optional text field: empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));
/**
 * A phone or account number sent as a JSON number (digits only, as some clients and spreadsheets do) is
 * taken as its digits; the text rules of `schema` then apply.
 */
export const digitsAsText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value,
    schema,
  );

/** The most one sale, proforma or purchase may come to, so every total fits its column and stays exact. */
export const MAX_DOCUMENT_NAIRA = 1_000_000_000_000;
export const MAX_DOCUMENT_TEXT = '₦1,000,000,000,000.00';
