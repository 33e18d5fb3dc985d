import { z } from 'zod';
import { countFlag, MAX_ID, requiredText } from './common.ts';
import { ZOptionalBusinessDateSchema } from './stock.ts';

const ZBeforeSchema = z.coerce.number().int().positive().max(MAX_ID).optional();
const ZLimitSchema = z.coerce.number().int().min(1).max(200).default(50);

/** The records a reviewer verifies or flags (spec 3 §2.7: sales, expenses and goods bought). */
export const REVIEW_RECORD_TYPES = ['sale', 'expense', 'purchase'] as const;
export const ZReviewRecordTypeSchema = z.enum(REVIEW_RECORD_TYPES, { error: 'Unknown kind of record' });
export type TReviewRecordType = z.infer<typeof ZReviewRecordTypeSchema>;

/** GET /api/admin-review/login-logs: newest first; `before` is the last id of the page already shown. */
export const ZLoginLogQuerySchema = z.object({
  outcome: z.enum(['success', 'failure'], { error: 'Outcome is success or failure' }).optional(),
  user_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  from: ZOptionalBusinessDateSchema,
  to: ZOptionalBusinessDateSchema,
  before: ZBeforeSchema,
  limit: ZLimitSchema,
  count: countFlag('false'),
});
export type TLoginLogQuery = z.infer<typeof ZLoginLogQuerySchema>;

/** One sign-in attempt of one of the business's accounts. */
export const ZLoginLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  account_kind: z.enum(['md', 'employee']),
  identifier: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
  ip: z.string(),
  device: z.string().nullable(),
});
export type TLoginLog = z.infer<typeof ZLoginLogSchema>;

export const ZLoginLogPageSchema = z.object({
  entries: z.array(ZLoginLogSchema),
  next_before: z.number().int().nullable(),
});
export type TLoginLogPage = z.infer<typeof ZLoginLogPageSchema>;

/** GET /api/admin-review/unverified/{record_type} and GET /api/admin-review/flags. */
export const ZReviewListQuerySchema = z.object({
  before: ZBeforeSchema,
  limit: ZLimitSchema,
  count: countFlag('false'),
});
export type TReviewListQuery = z.infer<typeof ZReviewListQuerySchema>;

/** The figures a reviewer needs of a sale, an expense or a purchase (money in naira). */
export const ZReviewRecordSchema = z.object({
  record_type: ZReviewRecordTypeSchema,
  record_id: z.number().int(),
  /** The sale's number, or the expense's invoice number; null when it has none. */
  number: z.string().nullable(),
  date: z.string(),
  /** The customer, the vendor or the supplier. */
  party: z.string(),
  total: z.number(),
  paid: z.number(),
  payment_status: z.string(),
  payment_method: z.string(),
  recorded_by: z.string().nullable(),
});
export type TReviewRecord = z.infer<typeof ZReviewRecordSchema>;

export const ZReviewRecordPageSchema = z.object({
  records: z.array(ZReviewRecordSchema),
  next_before: z.number().int().nullable(),
});
export type TReviewRecordPage = z.infer<typeof ZReviewRecordPageSchema>;

/** POST /api/admin-review/marks: verify a record, or flag it with a note. */
export const ZReviewMarkRequestSchema = z
  .object({
    record_type: ZReviewRecordTypeSchema,
    record_id: z.coerce.number().int().positive().max(MAX_ID),
    state: z.enum(['verified', 'flagged'], { error: 'State is verified or flagged' }),
    note: requiredText('Note', 500).nullish(),
  })
  .refine((mark) => mark.state === 'verified' || Boolean(mark.note), {
    error: 'A flag needs a note',
    path: ['note'],
  });
export type TReviewMarkRequest = z.infer<typeof ZReviewMarkRequestSchema>;

/** A review mark: a verification, or a flag with its note (resolved by the MD). */
export const ZReviewMarkSchema = z.object({
  id: z.number().int(),
  record_type: ZReviewRecordTypeSchema,
  record_id: z.number().int(),
  state: z.enum(['verified', 'flagged']),
  note: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  reviewed_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by_name: z.string().nullable(),
});
export type TReviewMark = z.infer<typeof ZReviewMarkSchema>;

/** An open flag with the figures of the record it is about (null if the record was deleted since). */
export const ZReviewFlagSchema = ZReviewMarkSchema.extend({ record: ZReviewRecordSchema.nullable() });
export type TReviewFlag = z.infer<typeof ZReviewFlagSchema>;

export const ZReviewFlagPageSchema = z.object({
  flags: z.array(ZReviewFlagSchema),
  next_before: z.number().int().nullable(),
});
export type TReviewFlagPage = z.infer<typeof ZReviewFlagPageSchema>;

export { ZReviewStatusSchema, type TReviewStatus } from './review-status.ts';

/** The Employees table inside admin review (spec 3 §3). */
export const ZReviewEmployeeSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  access_choice: z.string().nullable(),
});
export type TReviewEmployee = z.infer<typeof ZReviewEmployeeSchema>;
