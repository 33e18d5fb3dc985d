import { z } from 'zod';
import { ZEmailSchema, requiredText } from './common.ts';

/** Settings → Officers: who gets the requisition e-mails (spec 1 §2). */
export const ZOfficerRequestSchema = z.object({
  officer_name: requiredText('Officer name', 120),
  officer_email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: 'Officer e-mail is required' })
      .min(1, { error: 'Officer e-mail is required' })
      .pipe(ZEmailSchema),
  ),
});
export type TOfficerRequest = z.infer<typeof ZOfficerRequestSchema>;

export const ZOfficerSchema = z.object({
  officer_id: z.number(),
  officer_name: z.string(),
  officer_email: z.string(),
});
export type TOfficer = z.infer<typeof ZOfficerSchema>;
